import type { AppSettings, CallHandlers, ConnectionTest } from '../../../shared/api.ts';
import { BACKEND_DEFAULTS, isMemAgentModel } from '../../../shared/backends.ts';
import type { BackendProfile } from '../../../shared/model.ts';
import { CoreError, toAppError } from '../errors.ts';
import type { StoredProfile } from '../store/columns.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { Store } from '../store/store.ts';
import { clientForProfile, resolveProfile, type ClientFactory } from './backend-client.ts';
import { asResult } from './invoke-call.ts';

/** The id of the profile a new library starts with. */
export const SEEDED_PROFILE_ID = 'local-vllm';

/** A connection test waits at most this long unless the profile sets a shorter timeout. */
const TEST_TIMEOUT_MS = 15_000;

type SettingsHandlers = Pick<
  CallHandlers,
  | 'settings:get'
  | 'settings:save-profile'
  | 'settings:delete-profile'
  | 'settings:set-active-profile'
  | 'settings:set-defaults'
  | 'settings:set-cost-limit'
  | 'backend:test'
>;

/** On first start, a local vLLM profile (MEMAGENT.md's serving default) becomes active. */
export function seedProfiles(store: Store): void {
  if (store.settings.seeded()) return;
  const local = BACKEND_DEFAULTS.vllm;
  store.db.transaction(() => {
    if (store.settings.profiles().length === 0) {
      store.settings.saveProfile({
        id: SEEDED_PROFILE_ID,
        name: local.name,
        kind: 'vllm',
        baseUrl: local.baseUrl,
      });
      store.settings.setActiveProfileId(SEEDED_PROFILE_ID);
    }
    store.settings.markSeeded();
  })();
}

export function createSettingsHandlers(
  store: Store,
  secrets: SecretStore,
  clients: ClientFactory,
): SettingsHandlers {
  const withKeyFlag = async (profile: StoredProfile): Promise<BackendProfile> => ({
    ...profile,
    hasApiKey: (await secrets.get(profile.id)) !== undefined,
  });

  return {
    'settings:get': () =>
      asResult(async (): Promise<AppSettings> => ({
        profiles: await Promise.all(store.settings.profiles().map(withKeyFlag)),
        activeProfileId: store.settings.activeProfileId(),
        defaults: store.settings.defaults(),
        costConfirmAbove: store.settings.costConfirmAbove(),
      })),

    'settings:save-profile': ({ profile, apiKey }) =>
      asResult(async () => {
        const { hasApiKey: _ignored, ...stored } = profile;
        if (
          stored.kind === 'azure' &&
          !stored.model &&
          !/\/deployments\/[^/]+/.test(stored.baseUrl)
        ) {
          throw new CoreError('BadUsage', 'An Azure OpenAI profile needs its deployment name.', {
            hint: 'Enter the deployment name in the Model field.',
          });
        }
        store.settings.saveProfile(stored);
        // The key is write-only: undefined keeps it, '' removes it, anything else replaces it.
        if (apiKey !== undefined) {
          const key = apiKey.trim();
          if (key === '') await secrets.delete(stored.id);
          else await secrets.set(stored.id, key);
        }
        if (store.settings.activeProfileId() === null) store.settings.setActiveProfileId(stored.id);
        return withKeyFlag(stored);
      }),

    'settings:delete-profile': ({ profileId }) =>
      asResult(async () => {
        if (!store.settings.deleteProfile(profileId)) {
          throw new CoreError('NotFound', 'That backend profile does not exist.');
        }
        await secrets.delete(profileId);
        if (store.settings.activeProfileId() === null) {
          store.settings.setActiveProfileId(store.settings.profiles()[0]?.id ?? null);
        }
        return null;
      }),

    'settings:set-active-profile': ({ profileId }) =>
      asResult(() => {
        if (!store.settings.profile(profileId))
          throw new CoreError('NotFound', 'That backend profile does not exist.');
        store.settings.setActiveProfileId(profileId);
        return null;
      }),

    'settings:set-defaults': ({ defaults }) =>
      asResult(() => {
        store.settings.setDefaults(defaults);
        return null;
      }),

    'settings:set-cost-limit': ({ costConfirmAbove }) =>
      asResult(() => {
        store.settings.setCostConfirmAbove(costConfirmAbove);
        return null;
      }),

    'backend:test': ({ profileId }) =>
      asResult(async (): Promise<ConnectionTest> => {
        const profile = resolveProfile(store.settings, profileId);
        const timeoutMs = Math.min(profile.timeoutMs ?? TEST_TIMEOUT_MS, TEST_TIMEOUT_MS);
        const t0 = performance.now();
        const deadline = AbortSignal.timeout(timeoutMs);
        try {
          const client = await clientForProfile(
            clients,
            secrets,
            { ...profile, maxRetries: 0 },
            { timeoutMs },
          );
          const models = await client.listModels(deadline);
          const latencyMs = Math.round(performance.now() - t0);
          const model = profile.model || models[0];
          const test: ConnectionTest = { ok: true, models, latencyMs };
          if (model) {
            test.model = model;
            test.genericModel = !isMemAgentModel(model);
          }
          return test;
        } catch (error) {
          const value = deadline.aborted
            ? new CoreError(
                'BackendUnavailable',
                `The server did not answer within ${Math.round(timeoutMs / 1000)} s.`,
                {
                  hint: `Check that the server at ${profile.baseUrl} is running and reachable.`,
                },
              ).toValue()
            : toAppError(error);
          return {
            ok: false,
            models: [],
            latencyMs: Math.round(performance.now() - t0),
            error: value,
          };
        }
      }),
  };
}

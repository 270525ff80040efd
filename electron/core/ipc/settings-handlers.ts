import type { AppSettings, CallHandlers } from '../../../shared/api.ts';
import { testRecord, urlNamesDeployment } from '../../../shared/backends.ts';
import type { BackendProfile } from '../../../shared/model.ts';
import { PROFILE_URL_MESSAGE } from '../../../shared/schemas.ts';
import { firstExtraUrlProblem } from '../../../shared/server-urls.ts';
import { CoreError } from '../errors.ts';
import type { StoredProfile } from '../store/columns.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { Store } from '../store/store.ts';
import { resolveProfile, type ClientSource } from '../backends/backend-client.ts';
import {
  QUICK_TEST_TIMEOUT_MS,
  TEST_TIMEOUT_MS,
  changesConnection,
  testConnection,
} from '../backends/connection-test.ts';
import { asResult } from './invoke-call.ts';

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

export function createSettingsHandlers(
  store: Store,
  secrets: SecretStore,
  clients: ClientSource,
  now: () => number,
  /** A damaged library was moved aside at start (library-open.ts). */
  libraryNotice?: string,
  /**
   * Whether `file` is one of the models on this computer (Settings › Models): a window may name
   * only those as a built-in model, never any path it likes.
   */
  knownModelFile: (file: string) => Promise<boolean> = async () => false,
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
        lastTests: store.settings.lastTests(),
        costConfirmAbove: store.settings.costConfirmAbove(),
        ...(libraryNotice === undefined ? {} : { libraryNotice }),
      })),

    'settings:save-profile': ({ profile, apiKey }) =>
      asResult(async () => {
        const { hasApiKey: _ignored, ...stored } = profile;
        // Only the built-in kind has no server: it names a model file instead.
        if (stored.kind !== 'builtin' && stored.baseUrl === '')
          throw new CoreError('BadUsage', PROFILE_URL_MESSAGE);
        // The built-in kind has no servers to add; an empty list is no list.
        if (stored.kind === 'builtin' || stored.extraBaseUrls?.length === 0)
          delete stored.extraBaseUrls;
        const extraProblem = firstExtraUrlProblem(stored.baseUrl, stored.extraBaseUrls);
        if (extraProblem !== undefined)
          throw new CoreError('BadUsage', extraProblem, {
            hint: 'Correct or remove it under “More servers for this backend”.',
          });
        if (stored.kind === 'builtin' && !stored.builtin?.modelFile)
          throw new CoreError('BadUsage', 'A built-in backend needs a model file.', {
            hint: 'Choose a GGUF model file, or download the recommended one.',
          });
        if (stored.kind === 'builtin' && stored.builtin) {
          const file = stored.builtin.modelFile;
          const kept = store.settings.profile(stored.id)?.builtin?.modelFile === file;
          if (!kept && !(await knownModelFile(file)))
            throw new CoreError(
              'BadUsage',
              `The model file ${file} is not one of the models on this computer.`,
              { hint: 'Add it in Settings › Models (Add a model file…), then choose it here.' },
            );
        }
        if (stored.kind === 'azure' && !stored.model && !urlNamesDeployment(stored.baseUrl)) {
          throw new CoreError('BadUsage', 'An Azure OpenAI profile needs its deployment name.', {
            hint: 'Enter the deployment name in the Model field.',
          });
        }
        const keyChanged =
          apiKey !== undefined && (apiKey.trim() || undefined) !== (await secrets.get(stored.id));
        if (changesConnection(store.settings.profile(stored.id), stored, keyChanged))
          store.settings.setLastTest(stored.id, undefined);
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

    'backend:test': ({ profileId, quick }) =>
      asResult(async () => {
        const profile = resolveProfile(store.settings, profileId);
        const limit = quick === true ? QUICK_TEST_TIMEOUT_MS : TEST_TIMEOUT_MS;
        const test = await testConnection(profile, clients, secrets, limit);
        // The profile may have been deleted or edited while the test ran: keep only a test of
        // the profile as it still is.
        const current = store.settings.profile(profile.id);
        if (current && !changesConnection(profile, current, false))
          store.settings.setLastTest(profile.id, testRecord(test, now()));
        return test;
      }),
  };
}

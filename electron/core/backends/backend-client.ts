import type { LlmClient } from '../llm/types.ts';
import { createLlmClient, type LlmConfig } from '../llm/client.ts';
import { createRoutedClient } from '../llm/routed-client.ts';
import { BACKEND_DEFAULTS, urlNamesDeployment } from '../../../shared/backends.ts';
import { httpUrlSchema } from '../../../shared/schemas.ts';
import { CoreError } from '../errors.ts';
import type { StoredProfile } from '../store/columns.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { SettingsRepo } from '../store/settings-repo.ts';
import type { RunSettings } from '../../../shared/model.ts';
import type { BuiltinHosts } from './builtin-hosts.ts';

export type ClientFactory = (config: LlmConfig) => LlmClient;

export const defaultClientFactory: ClientFactory = createLlmClient;

/** Where profiles' clients come from: servers through `factory`, the built-in model from `builtin`. */
export interface ClientSource {
  factory: ClientFactory;
  builtin: BuiltinHosts;
  /** Run settings a client is sized for when the caller has none (estimates, tests, checks). */
  defaults: () => Pick<RunSettings, 'chunkTokens' | 'memoryTokens' | 'answerTokens'>;
}

/** The profile a request names, else the active one; a clear error when there is none. */
export function resolveProfile(
  settings: SettingsRepo,
  profileId: string | undefined,
): StoredProfile {
  const id = profileId ?? settings.activeProfileId() ?? undefined;
  if (id === undefined) {
    throw new CoreError('BadUsage', 'No backend is set up yet.', {
      hint: 'Add a backend profile in Settings (for example a local vLLM server).',
    });
  }
  const profile = settings.profile(id);
  if (!profile) {
    throw new CoreError('NotFound', 'That backend profile no longer exists.', {
      hint: 'Choose another profile in Settings.',
    });
  }
  return profile;
}

/**
 * Refuses a profile that cannot work as set up (a cloud service without its key or without a
 * model to use), so the user hears it at once instead of from a failed run.
 */
export async function checkProfileReady(
  profile: StoredProfile,
  secrets: SecretStore,
): Promise<void> {
  if (profile.kind === 'builtin') {
    if (!profile.builtin?.modelFile) {
      throw new CoreError('BadUsage', `The backend "${profile.name}" has no model file.`, {
        hint: 'Choose a GGUF model file in Settings, or download the recommended one.',
      });
    }
    return;
  }
  const url = httpUrlSchema('').safeParse(profile.baseUrl);
  if (!url.success) {
    throw new CoreError(
      'BadUsage',
      `The backend "${profile.name}" has no http:// or https:// URL.`,
      {
        hint: 'Enter the server URL in Settings (for example http://localhost:8000/v1).',
      },
    );
  }
  const needs = BACKEND_DEFAULTS[profile.kind];
  if (needs.needsKey && (await secrets.get(profile.id)) === undefined) {
    throw new CoreError('BadUsage', `The backend "${profile.name}" needs an API key.`, {
      hint: 'Enter the key in Settings.',
    });
  }
  if (
    needs.needsModel &&
    !profile.model &&
    !(profile.kind === 'azure' && urlNamesDeployment(profile.baseUrl))
  ) {
    throw new CoreError('BadUsage', `The backend "${profile.name}" needs a model name.`, {
      hint:
        profile.kind === 'azure'
          ? 'Enter the deployment name in Settings.'
          : 'Choose a model in Settings (the connection test lists them).',
    });
  }
}

/**
 * Builds the LLM client for a profile, with its key read from the secret store at the last
 * moment (the key lives only inside the client).
 */
export async function clientForProfile(
  clients: ClientSource,
  secrets: SecretStore,
  profile: StoredProfile,
  options: {
    model?: string;
    timeoutMs?: number;
    onRetry?: LlmConfig['onRetry'];
    /** What a timeout's hint suggests; default: this backend's timeout in Settings. */
    timeoutHint?: string;
    /** What an unreachable server's hint suggests; default: core's for the backend kind. */
    unreachableHint?: string;
    /** The run's settings: the built-in model's context is sized for them. */
    settings?: Pick<RunSettings, 'chunkTokens' | 'memoryTokens' | 'answerTokens'>;
  } = {},
): Promise<LlmClient> {
  if (profile.kind === 'builtin') {
    if (!profile.builtin?.modelFile) await checkProfileReady(profile, secrets);
    return clients.builtin.client(
      profile.builtin as NonNullable<StoredProfile['builtin']>,
      options.settings ?? clients.defaults(),
    );
  }
  const apiKey = await secrets.get(profile.id);
  const urls = serverUrlsOf(profile);
  const clientAt = (baseUrl: string) => clients.factory(configAt(baseUrl));
  // Several servers are one client that sends each request to the least-loaded one.
  if (urls.length > 1)
    return createRoutedClient(urls.map((url) => ({ url, client: clientAt(url) })));
  return clientAt(profile.baseUrl);

  function configAt(baseUrl: string): LlmConfig {
    const config: LlmConfig = {
      kind: profile.kind,
      baseUrl,
      timeoutHint:
        options.timeoutHint ??
        "The server may be overloaded: run fewer questions at once, or raise this backend's timeout in Settings.",
    };
    if (apiKey !== undefined) config.apiKey = apiKey;
    const model = options.model ?? profile.model;
    if (model) config.model = model;
    if (profile.apiVersion !== undefined) config.apiVersion = profile.apiVersion;
    const timeoutMs = options.timeoutMs ?? profile.timeoutMs;
    if (timeoutMs !== undefined) config.timeoutMs = timeoutMs;
    if (profile.maxRetries !== undefined) config.maxRetries = profile.maxRetries;
    if (options.onRetry) config.onRetry = options.onRetry;
    if (options.unreachableHint !== undefined) config.unreachableHint = options.unreachableHint;
    return config;
  }
}

/** Every server a profile reads with: its URL, then its extra ones (none for the built-in kind). */
export function serverUrlsOf(profile: Pick<StoredProfile, 'baseUrl' | 'extraBaseUrls'>): string[] {
  return [profile.baseUrl, ...(profile.extraBaseUrls ?? [])];
}

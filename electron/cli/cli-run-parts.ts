// The command line's side of the run use cases: its connection flags as an in-memory backend
// profile (shared/schemas.ts BackendProfile, never stored), and the parts a command reads with —
// the app's client factory, tokenizer cache, chunk plans and built-in model hosts, made for the
// command and closed when it ends.
import path from 'node:path';
import { BACKEND_DEFAULTS } from '../../shared/backends.ts';
import { DEFAULT_RUN_SETTINGS } from '../../shared/model.ts';
import { createLlmClient } from '../core/llm/client.ts';
import { redactSecrets } from '../core/redact.ts';
import { createBuiltinHosts } from '../core/backends/builtin-hosts.ts';
import { createChunkPlans } from '../core/caches/chunk-plans.ts';
import { createTokenizerCache } from '../core/caches/tokenizer-cache.ts';
import type { StoredProfile } from '../core/store/columns.ts';
import type { RunParts } from '../core/use-cases/run-parts.ts';
import type { Connection } from './arg-parsing.ts';
import { backendKindFor } from './backend-kind.ts';
import type { BuiltinFlags } from './builtin-backend.ts';

// The client's hints in the command line's words, one copy for every command (backend-kind.ts).
export { cliClientHints } from './backend-kind.ts';

/** The id of a command's in-memory profile: never one of the library's. */
export const CLI_PROFILE_ID = 'memagent-cli';

/** The run parts of one command, ended with it. */
export interface CliRunParts extends RunParts {
  close(): Promise<void>;
}

/**
 * Parts for one command: `apiKey` (--api-key) is the key of whatever profile it reads with (a
 * terminal cannot read the app's encrypted keys); `concurrency` sizes the built-in model's
 * parallel sequences, as the app's registry does.
 */
export function createCliRunParts(options: {
  apiKey?: string | undefined;
  concurrency: number;
}): CliRunParts {
  const builtin = createBuiltinHosts({ sequences: options.concurrency });
  const tokenizers = createTokenizerCache();
  return {
    clients: {
      factory: createLlmClient,
      builtin,
      defaults: () => DEFAULT_RUN_SETTINGS,
    },
    secrets: {
      get: async () => options.apiKey,
      set: async () => undefined,
      delete: async () => undefined,
    },
    tokenizers,
    plans: createChunkPlans(),
    async close() {
      builtin.dispose();
      await tokenizers.dispose();
    },
  };
}

/**
 * The stderr note for a request the client retries; the reason may quote the server, so the
 * command's keys are redacted from it.
 */
export function retryNote(
  retry: { attempt: number; delayMs: number; reason: string },
  secrets: readonly (string | undefined)[],
): string {
  // Backoff starts in milliseconds: "in 0.0 s" reads as a bug, so a wait too short to show is "now".
  const when = retry.delayMs < 100 ? 'now' : `in ${(retry.delayMs / 1000).toFixed(1)} s`;
  return redactSecrets(
    `note: retrying ${when} (attempt ${retry.attempt + 1}): ${retry.reason}`,
    secrets,
  );
}

/**
 * The servers the connection flags name, as a profile named after the first one's host: with
 * `baseUrls` (--base-url repeated; the first is `baseUrl`), the others are its extra servers and
 * its client routes each request to the least-loaded one (clientForProfile).
 */
export function serverProfile(
  connection: Connection & { baseUrls?: readonly string[] },
  more: Pick<StoredProfile, 'quoteCheck'> = {},
): StoredProfile {
  const { baseUrl } = connection;
  const extra = (connection.baseUrls ?? []).slice(1);
  const profile: StoredProfile = {
    id: CLI_PROFILE_ID,
    name: URL.canParse(baseUrl) ? new URL(baseUrl).host : baseUrl,
    kind: backendKindFor(baseUrl),
    baseUrl,
    timeoutMs: connection.timeoutMs,
    maxRetries: connection.maxRetries,
    ...more,
  };
  if (extra.length > 0) profile.extraBaseUrls = extra;
  if (connection.model !== undefined) profile.model = connection.model;
  return profile;
}

/** The built-in model of `--model-file` (already resolved to a local file) as a profile. */
export function builtinProfile(
  flags: BuiltinFlags,
  modelFile: string,
  more: Pick<StoredProfile, 'quoteCheck'> = {},
): StoredProfile {
  const builtin: NonNullable<StoredProfile['builtin']> = { modelFile, gpu: flags.gpu };
  if (flags.gpuLayers !== undefined) builtin.gpuLayers = flags.gpuLayers;
  if (flags.threads !== undefined) builtin.threads = flags.threads;
  return {
    id: CLI_PROFILE_ID,
    name: `${BACKEND_DEFAULTS.builtin.name}: ${path.basename(flags.modelFile)}`,
    kind: 'builtin',
    baseUrl: '',
    builtin,
    ...more,
  };
}

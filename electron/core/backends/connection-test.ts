// A backend profile's connection test: list the server's models within a deadline, and keep the
// outcome as the profile's last test so Settings and the Ask screen can say how it went and when.
import type { ConnectionTest } from '../../../shared/api.ts';
import { BACKEND_DEFAULTS, isMemAgentModel } from '../../../shared/backends.ts';
import { CoreError, toAppError } from '../errors.ts';
import { unreachableHint } from '../llm/failure.ts';
import type { StoredProfile } from '../store/columns.ts';
import type { SecretStore } from '../store/secret-store.ts';
import { displayUrl } from '../redact.ts';
import type { AppError } from '../../../shared/model.ts';
import { clientForProfile, serverUrlsOf, type ClientSource } from './backend-client.ts';

/** A connection test waits at most this long unless the profile sets a shorter timeout. */
export const TEST_TIMEOUT_MS = 15_000;

/**
 * A quick reachability check (before a question) waits this long: a server that answers at all
 * lists its models in milliseconds, and the user is waiting to read the verdict.
 */
/** How long a connection test waits for the built-in model to load. */
export const BUILTIN_LOAD_LIMIT_MS = 120_000;

export const QUICK_TEST_TIMEOUT_MS = 4_000;

/**
 * Tests `profile` by listing its server's models once (no retries), within `timeoutMs` or the
 * profile's own shorter timeout; a profile with several servers tests each of them at once and
 * fails naming every server that did not answer (a run would send some requests there). Never
 * throws: a failure is a `ConnectionTest` with its error.
 */
export async function testConnection(
  profile: StoredProfile,
  clients: ClientSource,
  secrets: SecretStore,
  limitMs: number,
): Promise<ConnectionTest> {
  if (BACKEND_DEFAULTS[profile.kind].needsKey && (await secrets.get(profile.id)) === undefined) {
    // Known without asking the service (which would refuse it with a less clear HTTP 401).
    const error = new CoreError('BadUsage', `The backend "${profile.name}" needs an API key.`, {
      hint: 'Enter the key in Settings.',
    });
    return { ok: false, models: [], latencyMs: 0, error: error.toValue() };
  }
  const urls = profile.kind === 'builtin' ? [] : serverUrlsOf(profile);
  if (urls.length <= 1) return testOne(profile, clients, secrets, limitMs);
  const tests = await Promise.all(
    urls.map((baseUrl) => {
      const { extraBaseUrls: _others, ...one } = profile;
      return testOne({ ...one, baseUrl }, clients, secrets, limitMs);
    }),
  );
  return combine(profile, urls, tests);
}

/** One server's test (or the built-in model's). */
async function testOne(
  profile: StoredProfile,
  clients: ClientSource,
  secrets: SecretStore,
  limitMs: number,
): Promise<ConnectionTest> {
  // The built-in model answers once loaded: seconds to a minute for gigabytes read from disk.
  const timeoutMs =
    profile.kind === 'builtin'
      ? BUILTIN_LOAD_LIMIT_MS
      : Math.min(profile.timeoutMs ?? limitMs, limitMs);
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
          profile.kind === 'builtin'
            ? `The built-in model did not load within ${Math.round(timeoutMs / 1000)} s.`
            : `The server did not answer within ${Math.round(timeoutMs / 1000)} s.`,
          { hint: unreachableHint(profile.kind) },
        ).toValue()
      : toAppError(error);
    return {
      ok: false,
      models: [],
      latencyMs: Math.round(performance.now() - t0),
      error: value,
    };
  }
}

/**
 * The test of several servers from each one's: connected when every one answered with the same
 * model for runs; else the servers that did not answer, each named.
 */
function combine(
  profile: StoredProfile,
  urls: readonly string[],
  tests: readonly ConnectionTest[],
): ConnectionTest {
  const latencyMs = Math.max(...tests.map((t) => t.latencyMs));
  const failed = tests.flatMap((t, i) => (t.ok ? [] : [{ url: urls[i] as string, test: t }]));
  const first = failed[0];
  if (first !== undefined) {
    const error = first.test.error ?? {
      kind: 'BackendUnavailable' as const,
      message: 'No answer.',
    };
    if (failed.length === 1) return { ...first.test, latencyMs, error: onServer(error, first.url) };
    const names = failed.map((f) => displayUrl(f.url)).join(', ');
    const value = new CoreError(
      error.kind,
      `${failed.length} of ${urls.length} servers did not answer: ${names}.`,
      {
        hint: error.hint,
        detail: failed
          .map((f) => `${displayUrl(f.url)}: ${f.test.error?.message ?? 'no answer'}`)
          .join('\n'),
      },
    ).toValue();
    return { ok: false, models: [], latencyMs, error: value };
  }
  // A run asks every server for its model and refuses servers of different models: say so now.
  const models = tests.map((t) => t.model);
  const other = models.findIndex((m) => m !== models[0]);
  if (!profile.model && other > 0) {
    const error = new CoreError(
      'BadUsage',
      `The servers serve different models: ${displayUrl(urls[0] as string)} serves ${models[0] ?? 'none'}, ${displayUrl(urls[other] as string)} serves ${models[other] ?? 'none'}.`,
      { hint: 'Give servers of one model, or name the model to use.' },
    ).toValue();
    return { ok: false, models: [], latencyMs, error };
  }
  const [head, ...rest] = tests.map((t) => t.models);
  const test: ConnectionTest = {
    ...(tests[0] as ConnectionTest),
    models: (head ?? []).filter((m) => rest.every((list) => list.includes(m))),
    latencyMs,
    servers: urls.length,
  };
  return test;
}

/** A server's error with its URL in front, unless its sentence names it already. */
function onServer(error: AppError, url: string): AppError {
  const shown = displayUrl(url);
  return error.message.includes(shown)
    ? error
    : { ...error, message: `${shown}: ${error.message}` };
}

/**
 * True when saving `next` over `previous` changes what a test would talk to (where, how, which
 * model, with which key), so the last test no longer says anything about the profile.
 */
export function changesConnection(
  previous: StoredProfile | undefined,
  next: StoredProfile,
  keyChanged: boolean,
): boolean {
  if (previous === undefined || keyChanged) return true;
  return (
    previous.baseUrl !== next.baseUrl ||
    (previous.extraBaseUrls ?? []).join('\n') !== (next.extraBaseUrls ?? []).join('\n') ||
    previous.kind !== next.kind ||
    (previous.model ?? '') !== (next.model ?? '') ||
    (previous.apiVersion ?? '') !== (next.apiVersion ?? '')
  );
}

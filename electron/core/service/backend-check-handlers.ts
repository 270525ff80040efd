// "Check this backend" in Settings: the calls over the check core (eval/check). One check at a
// time in the app; its progress goes to the window that started it, a snapshot to any window
// that asks; its result is kept as the profile's last check. The API key stays in main, inside
// the profile's client.
import type { CallHandlers } from '../../../shared/api.ts';
import type { CheckEstimate, CheckSnapshot, CheckSource } from '../../../shared/backend-check.ts';
import { BACKEND_DEFAULTS } from '../../../shared/backends.ts';
import { addTimings, fitSpeed, type RequestTiming } from '../agent/speed.ts';
import { CoreError, toAppError } from '../errors.ts';
import { BUNDLED_TEXT_TITLE, bundledText } from '../eval/check/bundled-text.ts';
import { estimateCheck } from '../eval/check/check-estimate.ts';
import { buildCheckRows, CHECK_PLAN, type CheckRow } from '../eval/check/check-set.ts';
import { runCheck } from '../eval/check/run-check.ts';
import { connectionOf, createCheckRepo } from '../store/check-repo.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { Store } from '../store/store.ts';
import {
  checkProfileReady,
  clientForProfile,
  resolveProfile,
  type ClientSource,
} from './backend-client.ts';
import { notInLibrary } from './document-handlers.ts';
import type { DocumentTexts } from './document-texts.ts';
import { asResult } from './invoke-call.ts';
import { createPromiseCache } from './promise-cache.ts';
import { QUICK_TEST_TIMEOUT_MS, testConnection } from './connection-test.ts';
import type { Emit } from './service-deps.ts';
import type { TokenizerCache } from './tokenizer-cache.ts';
import { builtinSourceOf } from './builtin-hosts.ts';

export interface CheckHandlerDeps {
  store: Store;
  secrets: SecretStore;
  texts: DocumentTexts;
  pool: TokenizerCache;
  clients: ClientSource;
  emit: Emit;
  now: () => number;
  /** Rows read at once: the app's run concurrency. */
  concurrency: number;
  /** The service's lifetime: a check stops when it closes. */
  signal: AbortSignal;
  track: <T>(work: Promise<T>) => Promise<T>;
}

type CheckHandlers = Pick<
  CallHandlers,
  'check:estimate' | 'check:start' | 'check:cancel' | 'check:status'
>;

/** The service's check handlers and a disposer that stops a running check. */
export function createCheckHandlers(deps: CheckHandlerDeps): CheckHandlers {
  const { store } = deps;
  const checks = createCheckRepo(store.db);
  // The set for the same text, tokenizer and model is the same: estimate and start build it once.
  const sets = createPromiseCache<{ rows: CheckRow[]; title: string }>(2);
  let current: { snapshot: CheckSnapshot; stop: AbortController } | null = null;

  /** Everything a check needs before its first row; the model is asked for nothing but its name. */
  async function prepare(profileId: string, source: CheckSource, signal: AbortSignal) {
    const profile = resolveProfile(store.settings, profileId);
    await checkProfileReady(profile, deps.secrets);
    // A server that is down or refuses the key is said at once, not after eight failed rows.
    const reach = await testConnection(profile, deps.clients, deps.secrets, QUICK_TEST_TIMEOUT_MS);
    if (!reach.ok && reach.error) {
      const { kind, message, hint, detail } = reach.error;
      throw new CoreError(kind, message, {
        ...(hint === undefined ? {} : { hint }),
        ...(detail === undefined ? {} : { detail }),
      });
    }
    const apiKey = await deps.secrets.get(profile.id);
    const client = await clientForProfile(deps.clients, deps.secrets, profile);
    const model = await client.resolveModel(signal);
    const settings = store.settings.defaults();
    const tokenizer = await deps.pool.get(settings.tokenizer, {
      model,
      baseUrl: profile.baseUrl,
      ...builtinSourceOf(client),
      ...(apiKey === undefined ? {} : { apiKey }),
    });
    const info = source.kind === 'document' ? store.documents.get(source.documentId) : undefined;
    if (source.kind === 'document' && info === undefined) throw notInLibrary();
    const textKey = info ? (info.textKey ?? info.id) : 'bundled';
    const key = [textKey, tokenizer.id, settings.tokenizer, model].join('\u0000');
    const set = await sets.get(
      key,
      async () => {
        const title = info ? info.title || info.fileName : BUNDLED_TEXT_TITLE;
        const text = info
          ? (await deps.texts.load(info, { textKey, signal: deps.signal })).text
          : bundledText();
        return { rows: await buildCheckRows(text, title, tokenizer, deps.signal), title };
      },
      signal,
    );
    return { profile, client, model, settings, tokenizer, ...set };
  }

  const send = (target: string, snapshot: CheckSnapshot) => {
    if (current) current.snapshot = snapshot;
    deps.emit(target, 'check:event', snapshot);
  };

  async function run(
    target: string,
    profileId: string,
    source: CheckSource,
    stop: AbortController,
  ) {
    const started = (current as { snapshot: CheckSnapshot }).snapshot;
    let final: CheckSnapshot;
    try {
      const p = await prepare(profileId, source, stop.signal);
      const timings: RequestTiming[] = [];
      final = await runCheck({
        rows: p.rows,
        client: p.client,
        baseUrl: p.profile.baseUrl,
        tokenizer: p.tokenizer,
        settings: p.settings,
        prices: p.profile,
        concurrency: deps.concurrency,
        start: { ...started, model: p.model, sourceTitle: p.title, rows: p.rows.length },
        now: deps.now,
        signal: stop.signal,
        onProgress: (s) => send(target, s),
        onRequest: (t) => timings.push(t),
      });
      // The check measured the backend's speed as a question does: later estimates give a time.
      if (timings.length > 0)
        store.settings.setSpeedSums(
          p.profile.id,
          p.model,
          addTimings(store.settings.speedSums(p.profile.id, p.model), timings),
        );
      // A finished check (or one whose every row failed) is the profile's last; a cancelled one
      // says too little to replace it.
      const profile = store.settings.profile(profileId);
      if (final.state !== 'cancelled' && profile)
        checks.save(final, connectionOf(profile), deps.now());
    } catch (error) {
      const now = deps.now();
      const e = toAppError(error);
      final = {
        ...started,
        state: stop.signal.aborted || e.kind === 'Cancelled' ? 'cancelled' : 'error',
        finishedAt: now,
        elapsedMs: now - started.startedAt,
        ...(stop.signal.aborted ? {} : { error: e }),
      };
    }
    send(target, final);
    current = null;
  }

  return {
    'check:estimate': ({ profileId, source }) =>
      asResult(() =>
        deps.track(
          (async (): Promise<CheckEstimate> => {
            const p = await prepare(profileId, source, deps.signal);
            const sums = store.settings.speedSums(p.profile.id, p.model);
            const figures = await estimateCheck(
              p.rows,
              p.tokenizer,
              p.settings,
              p.profile,
              sums === undefined ? null : fitSpeed(sums),
              deps.concurrency,
              deps.signal,
            );
            const priced =
              p.profile.inputPricePerMTok !== undefined ||
              p.profile.outputPricePerMTok !== undefined;
            return {
              sourceTitle: p.title,
              rows: p.rows.length,
              lengths: [...CHECK_PLAN.lengths],
              ...figures,
              ownServer: !priced && !BACKEND_DEFAULTS[p.profile.kind].needsKey,
              tokenizer: p.tokenizer.id,
              model: p.model,
            };
          })(),
        ),
      ),

    'check:start': ({ profileId, source }, ctx) =>
      asResult(() => {
        if (current !== null)
          throw new CoreError(
            'BadUsage',
            `A check of “${current.snapshot.profileName}” is already running.`,
            {
              hint: 'Wait for it to end, or cancel it.',
            },
          );
        const profile = resolveProfile(store.settings, profileId);
        const now = deps.now();
        const snapshot: CheckSnapshot = {
          profileId: profile.id,
          profileName: profile.name,
          model: profile.model ?? null,
          sourceTitle:
            source.kind === 'bundled'
              ? BUNDLED_TEXT_TITLE
              : (store.documents.get(source.documentId)?.title ?? ''),
          state: 'preparing',
          startedAt: now,
          rows: CHECK_PLAN.lengths.length * CHECK_PLAN.tasks.length * CHECK_PLAN.rows,
          rowsDone: 0,
          right: 0,
          failed: 0,
          subEm: null,
          elapsedMs: 0,
          usage: { promptTokens: 0, completionTokens: 0 },
          cost: null,
          byLength: [],
          wrong: [],
          failures: [],
        };
        const stop = new AbortController();
        const onShutdown = () => stop.abort();
        deps.signal.addEventListener('abort', onShutdown, { once: true });
        current = { snapshot, stop };
        void deps
          .track(run(ctx.senderId, profile.id, source, stop))
          .finally(() => deps.signal.removeEventListener('abort', onShutdown));
        return snapshot;
      }),

    'check:cancel': () =>
      asResult(() => {
        current?.stop.abort();
        return null;
      }),

    'check:status': () =>
      asResult(() => ({
        current: current?.snapshot ?? null,
        last: checks.lastChecks(store.settings.profiles()),
      })),
  };
}

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
import type { BackendLimits } from '../jobs/backend-limits.ts';
import type { Job, JobEnding, JobRegistry } from '../jobs/job-registry.ts';
import { connectionOf, createCheckRepo } from '../store/check-repo.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { Store } from '../store/store.ts';
import {
  checkProfileReady,
  resolveProfile,
  type ClientSource,
} from '../backends/backend-client.ts';
import type { ChunkPlans } from '../caches/chunk-plans.ts';
import { openClient, runTokenizer } from '../use-cases/prepare-run.ts';
import { rowPreparer } from '../use-cases/prepare-row.ts';
import type { RunParts } from '../use-cases/run-parts.ts';
import { notInLibrary } from './document-handlers.ts';
import type { DocumentTexts } from '../caches/document-texts.ts';
import { asResult } from './invoke-call.ts';
import { createPromiseCache } from '../caches/promise-cache.ts';
import { QUICK_TEST_TIMEOUT_MS, testConnection } from '../backends/connection-test.ts';
import type { Emit } from './service-deps.ts';
import type { TokenizerCache } from '../caches/tokenizer-cache.ts';

export interface CheckHandlerDeps {
  store: Store;
  secrets: SecretStore;
  texts: DocumentTexts;
  pool: TokenizerCache;
  /** The app's chunk plans: a check's rows are chunked as runs are. */
  plans: ChunkPlans;
  clients: ClientSource;
  emit: Emit;
  now: () => number;
  /** The backends' limits: a check's rows take slots of its profile's limiter. */
  limits: BackendLimits;
  /** The process's jobs: a check is one (kind 'check'). */
  jobs: JobRegistry;
  /** The service's lifetime: a check stops when it closes. */
  signal: AbortSignal;
  track: <T>(work: Promise<T>) => Promise<T>;
}

type CheckJob = Job<CheckSnapshot, CheckSnapshot>;

type CheckHandlers = Pick<
  CallHandlers,
  'check:estimate' | 'check:start' | 'check:cancel' | 'check:status'
>;

/** The service's check handlers and a disposer that stops a running check. */
export function createCheckHandlers(deps: CheckHandlerDeps): CheckHandlers {
  const { store } = deps;
  const checks = createCheckRepo(store.db);
  const parts: RunParts = {
    clients: deps.clients,
    secrets: deps.secrets,
    tokenizers: deps.pool,
    plans: deps.plans,
  };
  // The set for the same text, tokenizer and model is the same: estimate and start build it once.
  const sets = createPromiseCache<{ rows: CheckRow[]; title: string }>(2);

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
    // Client, model and tokenizer as a run of this profile gets them (the run use cases).
    const settings = store.settings.defaults();
    const { client, model } = await openClient(parts, { profile, settings }, signal);
    const tokenizer = await runTokenizer(parts, { profile, client, model, settings });
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

  /** The check going now (one at a time in the app). */
  const going = () => deps.jobs.list<CheckSnapshot, CheckSnapshot>('check')[0];

  /** Reads the check's rows; resolves with its final snapshot (done, cancelled or error). */
  async function run(job: CheckJob, source: CheckSource): Promise<CheckSnapshot> {
    const started = job.snapshot;
    const p = await prepare(started.profileId, source, job.signal);
    const timings: RequestTiming[] = [];
    const final = await runCheck({
      rows: p.rows,
      client: p.client,
      baseUrl: p.profile.baseUrl,
      // Each row prepared as an evaluation row is (use-cases/prepare-row.ts): chunked by the run
      // use cases with this profile's tokenizer, through the app's chunk plans.
      prepare: rowPreparer(parts, p),
      prices: p.profile,
      // The profile's one limit, shared with the app's runs on it: a check adds no load of its own.
      limits: deps.limits,
      backend: p.profile.id,
      jobs: deps.jobs,
      start: { ...started, model: p.model, sourceTitle: p.title, rows: p.rows.length },
      now: deps.now,
      signal: job.signal,
      onProgress: (s) => {
        job.setSnapshot(s);
        job.send(s);
      },
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
    const profile = store.settings.profile(started.profileId);
    if (final.state !== 'cancelled' && profile)
      checks.save(final, connectionOf(profile), deps.now());
    return final;
  }

  /** The check's one terminal snapshot. */
  function finish(ending: JobEnding<CheckSnapshot>, started: CheckSnapshot): CheckSnapshot {
    if (ending.status === 'done') return ending.value;
    const now = deps.now();
    const cancelled = ending.status === 'cancelled';
    const e = toAppError(ending.error);
    return {
      ...started,
      state: cancelled || e.kind === 'Cancelled' ? 'cancelled' : 'error',
      finishedAt: now,
      elapsedMs: now - started.startedAt,
      ...(cancelled ? {} : { error: e }),
    };
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
              deps.limits.limitOf(p.profile.id),
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
        const current = going();
        if (current)
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
        const job = deps.jobs.start<CheckSnapshot, CheckSnapshot, CheckSnapshot>({
          kind: 'check',
          id: profile.id,
          owner: ctx.senderId,
          snapshot,
          signal: deps.signal,
          emit: (target, s) => deps.emit(target, 'check:event', s),
          work: (job) => run(job, source),
          finish: (ending) => finish(ending, snapshot),
        });
        void deps.track(job.done);
        return snapshot;
      }),

    'check:cancel': () =>
      asResult(() => {
        going()?.cancel();
        return null;
      }),

    'check:status': () =>
      asResult(() => ({
        current: going()?.snapshot ?? null,
        last: checks.lastChecks(store.settings.profiles()),
      })),
  };
}

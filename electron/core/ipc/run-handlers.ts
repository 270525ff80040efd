import type { CallHandlers } from '../../../shared/api.ts';
import type { DocumentInfo, RunSettings } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import type { SecretStore } from '../store/secret-store.ts';
import { backfillEvidence } from '../store/evidence-backfill.ts';
import type { Store } from '../store/store.ts';
import { beingReadError, describeWriter, otherLiveReader, type Writer } from '../store/writers.ts';
import {
  checkProfileReady,
  resolveProfile,
  type ClientSource,
} from '../backends/backend-client.ts';
import type { ChunkPlans } from '../caches/chunk-plans.ts';
import { notInLibrary } from './document-handlers.ts';
import type { DocumentTexts } from '../caches/document-texts.ts';
import { asResult } from './invoke-call.ts';
import type { RunRegistry } from '../agent/run-registry.ts';
import type { TokenizerCache } from '../caches/tokenizer-cache.ts';
import { continueRun } from '../use-cases/continue-run.ts';
import { prepareRun, type PrepareHooks, type RunPlan } from '../use-cases/prepare-run.ts';
import type { LibraryRunParts } from '../use-cases/run-parts.ts';
import { createRun, newRunPlan } from '../use-cases/start-run.ts';

type RunHandlers = Pick<
  CallHandlers,
  | 'runs:start'
  | 'runs:continue'
  | 'runs:pause'
  | 'runs:resume'
  | 'runs:cancel'
  | 'runs:prioritise'
  | 'runs:list'
  | 'runs:get'
  | 'runs:delete'
  | 'runs:counts'
>;

export interface RunHandlerDeps {
  store: Store;
  secrets: SecretStore;
  registry: RunRegistry;
  texts: DocumentTexts;
  plans: ChunkPlans;
  pool: TokenizerCache;
  clients: ClientSource;
  now: () => number;
  /** This process as a writer of the library: it owns the runs it launches. */
  writer: Writer;
  /** Runs were deleted: the live views that show them (a review's table) are told. */
  runsRemoved?: (runIds: readonly string[]) => void;
}

export function createRunHandlers(deps: RunHandlerDeps): RunHandlers {
  const { store, registry, writer } = deps;
  const parts: LibraryRunParts = {
    store,
    writer,
    now: deps.now,
    secrets: deps.secrets,
    clients: deps.clients,
    tokenizers: deps.pool,
    plans: deps.plans,
  };

  /**
   * Refuses a run another live process (a terminal, another app) is reading: only its owner
   * writes it, and a second reader would commit every chunk twice.
   */
  const refuseIfReadElsewhere = (runId: string): void => {
    const status = store.runs.get(runId)?.status;
    if (status === undefined) return;
    const reader = otherLiveReader(writer, store.runs.owner(runId), status);
    if (reader) throw beingReadError(reader);
  };
  /** Pause, resume and cancel act on this process's runs; another process's get the sentence. */
  const control = (runId: string, act: (id: string) => void) =>
    asResult(() => {
      if (!registry.isLive(runId)) refuseIfReadElsewhere(runId);
      act(runId);
      return null;
    });

  // Each prioritise outranks every earlier one: the run looked at last goes first.
  let lastPriority = 0;

  /** The run's own lines: the client's retries and what changed on the way. */
  const hooks = (runId: string): PrepareHooks => ({
    note: (code, message) => registry.warn(runId, { type: 'warning', runId, code, message }),
    onRetry: ({ attempt, delayMs, reason }) =>
      registry.warn(runId, {
        type: 'warning',
        runId,
        code: 'retry',
        message: `Retrying a request (attempt ${attempt + 1}) in ${Math.round(delayMs)} ms: ${reason}.`,
      }),
  });
  /** Prepared off the request path, inside the registry: a failure ends the run as events. */
  const launch = (owner: string, info: DocumentInfo, plan: RunPlan) =>
    // Not awaited: the run reports through its events; its outcome is in the library.
    void registry.launch(plan.runId, {
      owner,
      // Its profile's one limiter, shared with checks of that profile.
      backend: plan.profile.id,
      prepare: async (signal) =>
        (
          await prepareRun(
            parts,
            plan,
            (s) => deps.texts.load(info, { textKey: plan.textKey, signal: s }),
            hooks(plan.runId),
            signal,
          )
        ).prepared,
    });

  /** Continues a stopped run here from its last saved memory (Continue, Retry with…, Resume). */
  const continueHere = async (
    owner: string,
    {
      runId,
      profileId,
      settings,
    }: { runId: string; profileId?: string | undefined; settings?: RunSettings | undefined },
  ) => {
    const { info, plan } = await continueRun(parts, {
      runId,
      settings,
      isLive: (id) => registry.isLive(id),
      // "Retry with…" a profile, else the run's own while it exists, else the active one.
      profileFor: async (_summary, own) => {
        const profile =
          profileId === undefined && own ? own : resolveProfile(store.settings, profileId);
        if (profileId !== undefined || settings !== undefined)
          await checkProfileReady(profile, deps.secrets);
        return profile;
      },
    });
    launch(owner, info, plan);
  };

  return {
    'runs:start': ({ documentId, question, settings, profileId }, ctx) =>
      asResult(async () => {
        const info = store.documents.get(documentId);
        if (!info) throw notInLibrary();
        // Checked now so a missing backend, key or model is an immediate answer, not a failed run.
        const profile = resolveProfile(store.settings, profileId);
        await checkProfileReady(profile, deps.secrets);
        const summary = createRun(parts, { info, question, settings, profile, origin: 'app' });
        launch(ctx.senderId, info, newRunPlan(summary, profile));
        return summary;
      }),

    'runs:continue': (request, ctx) =>
      asResult(async () => {
        await continueHere(ctx.senderId, request);
        return store.runs.get(request.runId) as NonNullable<ReturnType<typeof store.runs.get>>;
      }),

    'runs:pause': ({ runId }) => control(runId, (id) => registry.pause(id)),
    // A run paused by a process that has ended (the app quit, Ctrl-C in a terminal) is stored
    // paused with no reader: Resume continues it here from its last saved memory.
    'runs:resume': ({ runId }, ctx) =>
      !registry.isLive(runId) && store.runs.get(runId)?.status === 'paused'
        ? asResult(async () => {
            await continueHere(ctx.senderId, { runId });
            return null;
          })
        : control(runId, (id) => registry.resume(id)),
    'runs:cancel': ({ runId }) => control(runId, (id) => registry.cancel(id)),
    'runs:prioritise': ({ runId }) =>
      asResult(() => {
        // A hint from the view: a run that is not going here has nothing to move.
        if (registry.isLive(runId)) registry.setPriority(runId, (lastPriority += 1));
        return null;
      }),
    'runs:list': ({ documentId }) => asResult(() => store.runs.listByDocument(documentId)),
    'runs:get': ({ runId }) =>
      asResult(async () => {
        // A run answered before evidence was kept with a run: its passages are found now, once.
        if (store.evidenceQueue.has(runId))
          await backfillEvidence(store, (info, textKey) => deps.texts.load(info, { textKey }), {
            runIds: [runId],
          });
        const snapshot = registry.snapshot(runId);
        if (registry.isLive(runId)) return snapshot;
        const reader = otherLiveReader(writer, store.runs.owner(runId), snapshot.summary.status);
        return reader ? { ...snapshot, readBy: describeWriter(reader) } : snapshot;
      }),
    'runs:counts': () => asResult(() => store.runs.countsByDocument()),
    'runs:delete': ({ runId }) =>
      asResult(async () => {
        if (!store.runs.get(runId)) throw new CoreError('NotFound', 'This run does not exist.');
        if (!registry.isLive(runId)) refuseIfReadElsewhere(runId);
        await registry.cancelWhere((id) => id === runId);
        store.runs.remove(runId);
        deps.runsRemoved?.([runId]);
        return null;
      }),
  };
}

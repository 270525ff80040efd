import { backfillEvidence } from '../store/evidence-backfill.ts';
import path from 'node:path';
import type { CallHandlers } from '../../../shared/api.ts';
import { isTerminal, type RunEventType } from '../../../shared/model.ts';
import { beingReadError, otherLiveReader, registerWriter } from '../store/writers.ts';
import { createTokenizerCache } from '../caches/tokenizer-cache.ts';
import { defaultClientFactory, type ClientSource } from '../backends/backend-client.ts';
import { createBuiltinHosts } from '../backends/builtin-hosts.ts';
import { createModelHandlers } from './model-handlers.ts';
import { hfAccessFromEnv, modelsDirIn, openModelStore } from '../models/index.ts';
import { createChunkPlans } from '../caches/chunk-plans.ts';
import { createEstimateHandler } from './estimate-handler.ts';
import { createChecklistHandlers } from './checklist-handlers.ts';
import { createReviewSetupHandlers } from './review-setup-handlers.ts';
import { createPromptFrames } from '../caches/prompt-frames.ts';
import { createDocumentHandlers } from './document-handlers.ts';
import { createDocumentChoiceHandlers } from './document-choice-handlers.ts';
import { createRenderedHtmlHandler } from './rendered-html-handler.ts';
import { createDocumentTexts } from '../caches/document-texts.ts';
import { createExportHandlers } from './export-handlers.ts';
import { createExtractions } from '../jobs/extractions.ts';
import { createPathGrants, type PathGrants } from './path-grants.ts';
import { createMiscHandlers } from './misc-handlers.ts';
import { createOcrService } from '../documents/ocr-service.ts';
import { createPageHandlers } from './page-handlers.ts';
import { createPageRenderer } from '../caches/page-render.ts';
import { createHistoryHandlers } from './history-handlers.ts';
import { createCheckHandlers } from './backend-check-handlers.ts';
import { openAppLibrary } from '../store/library-open.ts';
import { createRunHandlers } from './run-handlers.ts';
import { createJobFeed } from './job-feed.ts';
import { createJobHandlers, jobView } from './job-handlers.ts';
import { createReviewFeed } from './review-feed.ts';
import { createReviewTableHandlers } from './review-handlers.ts';
import { createLiveJobs } from '../use-cases/live-jobs.ts';
import { createSessionImportHandler } from './session-import-handler.ts';
import { RunRegistry } from '../agent/run-registry.ts';
import { BackendLimits, DEFAULT_BACKEND_CONCURRENCY } from '../jobs/backend-limits.ts';
import { JobRegistry } from '../jobs/job-registry.ts';
import { createRunJournal } from '../store/run-journal.ts';
import type { Emit, ServiceDeps } from './service-deps.ts';
import { createSettingsHandlers } from './settings-handlers.ts';
import { createTokenCounter } from './token-counter.ts';
import { DEFAULT_MAX_BYTES } from '../documents/index.ts';

export type { ServiceDeps } from './service-deps.ts';

/** Run events that change what a review's cell shows (its state, chunks read, answer). */
const REVIEW_CELL_EVENTS = new Set<RunEventType>([
  'started',
  'chunk-done',
  'paused',
  'resumed',
  'answer',
  'finished',
  'error',
  'cancelled',
]);

/** The folder in the data folder for the user's OCR language files (`<code>.traineddata`). */
export const OCR_LANGUAGE_FOLDER = 'ocr-languages';

export interface Service {
  handlers: CallHandlers;
  /**
   * The paths each window was given (file dialogs, its own exports) and for what. The IPC
   * dispatcher requires a grant for every path a window sends back; in-process callers (the
   * command line, tests) name paths themselves.
   */
  grants: PathGrants;
  /** Resolves when background token counts are done (tests, orderly shutdown). */
  idle(): Promise<void>;
  /**
   * Stops every run (leaving them to be found `interrupted` and continued next time), stops
   * background work and closes the database.
   */
  dispose(): Promise<void>;
}

/**
 * The main-process side of every call in shared/api.ts, over the library in
 * `{dataDir}/memagent.db`, the extracted-text cache in `{dataDir}/cache` and the user's OCR
 * languages in `{dataDir}/ocr-languages`. Runs left going by
 * a previous process are marked `interrupted` here; `runs:continue` picks them up again.
 * Call handlers through `invokeCall`, which validates requests against the contract.
 */
export function createService(deps: ServiceDeps): Service {
  const now = deps.now ?? Date.now;
  const maxBytes = deps.maxDocumentBytes ?? DEFAULT_MAX_BYTES;
  // A window that closed mid-run must not stop the run (or anything else) that reports to it.
  const emit: Emit = (target, name, payload) => {
    try {
      deps.emit(target, name, payload);
    } catch {
      // The event is lost for that window only; the database keeps everything for runs:get.
    }
  };
  const { store, notice } = openAppLibrary(deps.dataDir, new Date(now()));
  let writer;
  try {
    // A terminal may be reading runs in this library right now: only runs whose reader died
    // (or that have none) are interrupted.
    writer = registerWriter(store.db, 'app', { now });
    const self = writer;
    store.runs.markInterrupted((owner) => self.isAlive(owner));
    store.jobs.markInterrupted((owner) => self.isAlive(owner), now());
  } catch (error) {
    writer?.close();
    store.close();
    throw error;
  }
  // Tesseract workers are heavy: the pool starts them on the first page that needs OCR.
  const ocr = createOcrService(path.join(deps.dataDir, OCR_LANGUAGE_FOLDER));
  const texts = createDocumentTexts({
    cacheDir: path.join(deps.dataDir, 'cache'),
    maxBytes,
    readingFor: (id, key) => store.documents.readingFor(id, key),
    ocr,
  });
  const pool = createTokenizerCache();
  // PDF pages for the reader's page view, drawn in worker threads from the original files.
  const pages = createPageRenderer({ maxBytes });
  // Opens in progress (extraction on worker threads): dispose aborts them and waits for them.
  const shutdown = new AbortController();
  // Every long job of the app (runs, checks, downloads, extractions) lives in one registry.
  const jobs = new JobRegistry();
  // One concurrency limit per backend (profile id), shared by the app's runs and its checks.
  const limits = new BackendLimits(deps.concurrency ?? DEFAULT_BACKEND_CONCURRENCY);
  const extractions = createExtractions(jobs, shutdown.signal);
  const opening = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    opening.add(settled);
    void settled.then(() => opening.delete(settled));
    return work;
  };
  // The review table's cells pushed to every window as their runs report (review-feed.ts).
  const reviewFeed = createReviewFeed({ store, emit });
  // The Jobs screen's jobs pushed to every window: at once when their state changes, at most
  // every 250 ms while their runs read (job-feed.ts).
  const jobFeed = createJobFeed({
    store,
    emit,
    view: (jobId) => jobView({ parts: jobParts, jobs: liveJobs }, jobId),
  });
  const registry = new RunRegistry({
    journal: createRunJournal(store, now),
    emit: (owner, payload) => {
      emit(owner, 'run:event', payload);
      if (REVIEW_CELL_EVENTS.has(payload.event.type)) {
        // A cell's state at once ("Queued" then "Reading"), its chunks read at the feed's pace.
        const change = payload.event.type === 'chunk-done' ? 'progress' : 'state';
        reviewFeed.runChanged(payload.event.runId, change);
        // The same events move a job's chunk progress on the Jobs screen.
        jobFeed.runChanged(payload.event.runId);
      }
      if (isTerminal(payload.event)) jobFeed.runEnded(payload.event.runId);
    },
    now,
    limits,
    jobs,
  });
  // The built-in model: one host process per model file, with a sequence per question at once.
  const hosts = createBuiltinHosts({
    sequences: registry.concurrency,
    ...(deps.builtinLauncher ? { launcher: deps.builtinLauncher } : {}),
    ...(deps.builtinIdleMs === undefined ? {} : { idleCloseMs: deps.builtinIdleMs }),
  });
  const clients: ClientSource = {
    factory: deps.createClient ?? defaultClientFactory,
    builtin: hosts,
    defaults: () => store.settings.defaults(),
  };
  const models = createModelHandlers({
    store,
    modelsDir: modelsDirIn(deps.dataDir),
    hf: deps.hf ?? hfAccessFromEnv(process.env),
    hosts,
    emit,
    jobs,
    ...(deps.chooseFile ? { chooseFile: deps.chooseFile } : {}),
    ...(deps.modelDownloader ? { downloader: deps.modelDownloader } : {}),
  });
  const counter = createTokenCounter({
    store,
    texts,
    pool,
    emit,
    tokenizerFor: async () => {
      const active = store.settings.activeProfileId();
      const profile = active === null ? undefined : store.settings.profile(active);
      const choice = store.settings.defaults().tokenizer;
      // The library count must not need the network: a server tokenizer falls back to 'auto'.
      return {
        choice: choice === 'server' ? 'auto' : choice,
        ctx: profile?.model ? { model: profile.model } : {},
      };
    },
  });

  // Shared by runs and estimates: an estimate's chunking is the run's.
  const plans = createChunkPlans();
  const grants = createPathGrants();
  // Job groups (questions asked together; later reviews) driven here, on the one registry.
  const jobParts = {
    store,
    writer,
    now,
    secrets: deps.secrets,
    clients,
    tokenizers: pool,
    plans,
  };
  const liveJobs = createLiveJobs({
    parts: jobParts,
    registry,
    texts,
    window: (backend) => limits.limitOf(backend) * 2,
    signal: shutdown.signal,
    hooks: (runId) => ({
      note: (code, message) => registry.warn(runId, { type: 'warning', runId, code, message }),
    }),
    onChange: (jobId) => {
      if (shutdown.signal.aborted) return;
      reviewFeed.jobChanged(jobId);
      jobFeed.jobChanged(jobId);
    },
  });
  const estimateParts = {
    store,
    secrets: deps.secrets,
    texts,
    frames: createPromptFrames(plans, shutdown.signal),
    pool,
    clients,
    signal: shutdown.signal,
  };
  const handlers: CallHandlers = {
    ...createDocumentChoiceHandlers({
      grants,
      chooseFiles: deps.chooseFiles?.bind(deps),
      chooseFolder: deps.chooseFolder?.bind(deps),
    }),
    ...createDocumentHandlers({
      store,
      texts,
      counter,
      ocr,
      extractions,
      emit,
      now,
      maxBytes,
      grants,
      ...(deps.chooseFile ? { chooseFile: deps.chooseFile } : {}),
      cancelRunsOf: async (documentId) => {
        // A terminal reading one of its questions owns that run: removing the document under it
        // would delete rows it is about to write. Refused until it stops.
        for (const run of store.runs.listByDocument(documentId)) {
          const reader = otherLiveReader(writer, store.runs.owner(run.id), run.status);
          if (reader) throw beingReadError(reader);
        }
        await registry.cancelWhere((runId) => store.runs.get(runId)?.documentId === documentId);
      },
      closePages: (documentId) => pages.close(documentId),
      runsRemoved: (runIds) => reviewFeed.runsRemoved(runIds),
      shutdown: { signal: shutdown.signal, track },
    }),
    ...createPageHandlers({ store, texts, pages, signal: shutdown.signal }),
    ...createRenderedHtmlHandler({ store, texts, maxBytes, track, signal: shutdown.signal }),
    ...createRunHandlers({
      store,
      secrets: deps.secrets,
      registry,
      texts,
      plans,
      pool,
      clients,
      now,
      writer,
      runsRemoved: (runIds) => reviewFeed.runsRemoved(runIds),
    }),
    ...createJobHandlers({ parts: jobParts, secrets: deps.secrets, jobs: liveJobs }),
    ...createEstimateHandler({ ...estimateParts, track }),
    // reviews (table)
    ...createReviewTableHandlers({
      parts: jobParts,
      secrets: deps.secrets,
      jobs: liveJobs,
      feed: reviewFeed,
      grants,
      chooseSavePath: deps.chooseSavePath?.bind(deps),
      printPdf: deps.printPdf?.bind(deps),
    }),
    // reviews (setup)
    ...createChecklistHandlers({
      store,
      now,
      grants,
      chooseSavePath: deps.chooseSavePath?.bind(deps),
    }),
    ...createReviewSetupHandlers({
      parts: jobParts,
      estimates: estimateParts,
      secrets: deps.secrets,
      jobs: liveJobs,
      concurrencyOf: (profileId) => limits.limitOf(profileId),
      track,
    }),
    ...createSettingsHandlers(store, deps.secrets, clients, now, notice, async (file) =>
      (await openModelStore(modelsDirIn(deps.dataDir)).list()).some(
        (m) => m.file === file && !m.missing,
      ),
    ),
    ...createSessionImportHandler({ store, emit, now }),
    ...createHistoryHandlers(store),
    ...createCheckHandlers({
      store,
      secrets: deps.secrets,
      texts,
      pool,
      plans,
      clients,
      emit,
      now,
      limits,
      jobs,
      signal: shutdown.signal,
      track,
    }),
    ...models.handlers,
    ...createMiscHandlers({
      ocr,
      ...(deps.openExternal ? { openExternal: deps.openExternal } : {}),
    }),
    ...createExportHandlers({
      store,
      texts,
      now,
      grants,
      chooseSavePath: deps.chooseSavePath?.bind(deps),
      printPdf: deps.printPdf?.bind(deps),
      openPath: deps.openPath?.bind(deps),
      showInFolder: deps.showInFolder?.bind(deps),
    }),
  };

  // Runs answered before evidence was kept with a run (migration 9): their passages are found
  // once, in the background; a run shown before its turn is found first by runs:get. Tracked, so
  // dispose waits for the text being read; never rejects.
  void track(
    backfillEvidence(
      store,
      (info, textKey) => texts.load(info, { textKey, signal: shutdown.signal }),
      { signal: shutdown.signal },
    ),
  );

  let disposing: Promise<void> | undefined;
  return {
    handlers,
    grants,
    idle: () => counter.idle(),
    dispose() {
      disposing ??= (async () => {
        shutdown.abort();
        reviewFeed.dispose();
        jobFeed.dispose();
        // Closing OCR at once fails pages still being recognised as Cancelled.
        // The run registry first: its runs end as a crash leaves them (no ending recorded).
        await Promise.all([
          registry.dispose(),
          counter.dispose(),
          Promise.all(opening),
          ocr.close(),
          pages.dispose(),
          models.dispose(),
        ]);
        // Anything still live (a check, an extraction) is cancelled and awaited.
        await jobs.dispose();
        hosts.dispose();
        await pool.dispose();
        writer.close();
        store.close();
      })();
      return disposing;
    },
  };
}

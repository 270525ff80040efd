// Reading a review's cells from the command line: the stored job driven by core's driveJob,
// each cell's run launched by core's jobLauncher on this command's run registry (the backend's
// one limiter, every chunk's memory committed before the next request), progress on the one
// line. Ctrl-C pauses as `ask` does: no cell starts any more, the cells reading stop at their
// next chunk boundary with that chunk saved (the registry's pauseEvery), and the process lets
// them go recording no ending, so the review and its cells stay `paused` in the library and the
// same command continues it from there.
import { RunRegistry } from '../core/agent/run-registry.ts';
import type { DocumentTexts } from '../core/caches/document-texts.ts';
import type { StoredProfile } from '../core/store/columns.ts';
import { jobLauncher } from '../core/use-cases/job-launcher.ts';
import { driveJob, type JobEnd } from '../core/use-cases/job-group.ts';
import { type CliRunParts, cliClientHints, retryNote } from './cli-run-parts.ts';
import type { CliContext } from './context.ts';
import type { ReviewProgress } from './review-progress.ts';
import { cliJournal, type CliLibrary } from './saved-runs.ts';

export interface DriveReview {
  library: CliLibrary;
  parts: CliRunParts;
  texts: Pick<DocumentTexts, 'load'>;
  jobId: string;
  profile: StoredProfile;
  concurrency: number;
  timeoutMs: number;
  progress: ReviewProgress;
  secrets: readonly (string | undefined)[];
}

/** How the drive ended: the job's state, and whether Ctrl-C paused it. */
export interface ReviewDriveEnd {
  end: JobEnd;
  paused: boolean;
}

/** Reads the review's cells not done; resolves once every run it started has ended. */
export async function driveReview(input: DriveReview, ctx: CliContext): Promise<ReviewDriveEnd> {
  const { library, progress } = input;
  const { store, writer } = library;
  const stop = new AbortController();
  let pausing = false;
  const registry = new RunRegistry({
    concurrency: input.concurrency,
    journal: cliJournal(library, ctx.env),
    emit: (_owner, payload) => {
      const { event } = payload;
      if (event.type === 'warning' && event.code !== 'generic-model')
        progress.note(`warning: ${event.message}`);
      progress.onEvent(payload);
    },
  });
  const launchRun = jobLauncher({
    parts: { ...input.parts, store, writer, now: Date.now },
    registry,
    texts: input.texts,
    jobId: input.jobId,
    profile: input.profile,
    owner: 'cli',
    hooks: (runId) => ({
      note: (code, message) => registry.warn(runId, { type: 'warning', runId, code, message }),
      onRetry: (retry) => progress.note(retryNote(retry, input.secrets)),
      ...cliClientHints(input.timeoutMs, input.profile.baseUrl),
    }),
    // Plain responses: nothing here shows a memory as it streams.
    onPrepared: (_runId, ready) => void (ready.prepared.streamMemory = false),
  });
  const group = driveJob({
    store,
    writer,
    jobId: input.jobId,
    launchRun,
    controls: registry,
    window: input.concurrency,
    signal: stop.signal,
    onRunEnd: (runId, outcome) => progress.cellEnded(runId, outcome),
  });
  const onInterrupt = () => {
    pausing = true;
    progress.note(
      'memagent: pausing the review: no new cell starts; the cells reading stop after the chunk in flight (Ctrl-C again quits at once).',
    );
    group.pause();
    // Once every cell reading is paused (or ended): the driver stops (a paused job stays
    // paused), and the registry lets the cells go recording no ending, so they stay paused.
    void registry.pauseEvery().then(async () => {
      stop.abort();
      await registry.dispose();
    });
  };
  if (ctx.signal.aborted) onInterrupt();
  else ctx.signal.addEventListener('abort', onInterrupt, { once: true });
  try {
    const end = await group.ended;
    return { end, paused: pausing };
  } finally {
    ctx.signal.removeEventListener('abort', onInterrupt);
  }
}

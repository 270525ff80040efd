// A stored job driven as one: its runs not done are fed to the launcher (the run registry
// through a use case), a few at a time, each from where it stopped; the job has its own pause,
// resume and cancel, keeps its state in the library, and ends once with one terminal state.
import type { AppError } from '../../../shared/model.ts';
import { outcomeBeforeStart, type RunOutcome } from '../agent/run-outcome.ts';
import { toAppError } from '../errors.ts';
import type { JobState } from '../store/job-repo.ts';
import type { Store } from '../store/store.ts';
import type { Writer } from '../store/writers.ts';
import { claimJob, runStartOf, type RunStart } from './job-claim.ts';
import { mostLeftFirst } from './job-order.ts';

/** Pause, resume and cancel of a live run: what RunRegistry offers. */
export interface RunControls {
  pause(runId: string): void;
  resume(runId: string): void;
  cancel(runId: string): void;
}

export interface JobGroupOptions {
  store: Store;
  /** This process as a writer of the library: it becomes the job's and its runs' owner. */
  writer: Writer;
  jobId: string;
  /**
   * Starts one run from `from` and resolves with its outcome once its terminal event is sent
   * (RunRegistry.launch through a use case). A throw or rejection ends that run as an error.
   */
  launchRun(runId: string, from: RunStart): Promise<RunOutcome>;
  controls: RunControls;
  /**
   * Runs of this job handed to the launcher at once; the others wait here, holding nothing, and
   * a paused job launches none. At least the backend's concurrency keeps its slots busy.
   */
  window: number;
  /**
   * The order runs are launched in: `'most-left-first'` (the default: job-order.ts, so the
   * longest documents do not read alone at the end), or `'job'`, the job's own order.
   */
  order?: 'most-left-first' | 'job';
  /**
   * The process is stopping (Ctrl-C, quit): no more runs start, and the job ends `interrupted`,
   * or stays `paused` when it was paused (its paused runs are left to the registry's `dispose`,
   * which records no ending, so they stay paused too and the job is continued as a whole).
   */
  signal?: AbortSignal;
  now?: () => number;
  /** The job's state changed, or one of its runs ended. */
  onChange?: () => void;
  /**
   * One of its runs ended, with its outcome and where this reading of it began. The driver
   * keeps no outcome itself: a job of hundreds of runs would hold every memory trail until its
   * end, while the library already has them; a caller that prints them collects what it needs.
   */
  onRunEnd?: (runId: string, outcome: RunOutcome, from: RunStart | undefined) => void;
}

/**
 * How a drive of a job ended: its state (terminal, or `paused` when the process stopped while
 * the job was paused), and how many runs were read this time.
 */
export interface JobEnd {
  state: Extract<JobState, 'done' | 'failed' | 'cancelled' | 'interrupted' | 'paused'>;
  ran: number;
}

export interface JobGroup {
  readonly jobId: string;
  /** The runs this drive reads, in the job's order (claimed when the group was made; launched in `order`). */
  readonly runIds: readonly string[];
  /** Resolves once, when every run it launched has ended. */
  readonly ended: Promise<JobEnd>;
  /** Pauses the live runs at their next chunk boundary and launches no more. */
  pause(): void;
  /** Resumes the job and every live run of it, also those paused one by one. */
  resume(): void;
  /** Cancels the live runs and the waiting ones; the job ends `cancelled`. */
  cancel(): void;
}

/**
 * Claims job `jobId` for this process (job-claim.ts: refused while another live process reads
 * it) and drives its runs that are not done. Throws `CoreError` when the job cannot be claimed.
 */
export function driveJob(options: JobGroupOptions): JobGroup {
  const { store, jobId, controls } = options;
  const now = options.now ?? Date.now;
  const runIds = claimJob(store, options.writer, jobId, now());
  const waiting = options.order === 'job' ? [...runIds] : mostLeftFirst(store, runIds);
  const live = new Set<string>();
  const starts = new Map<string, RunStart>();
  let ran = 0;
  let paused = false;
  let cancelled = false;
  let stopping = options.signal?.aborted ?? false;
  let finish!: (end: JobEnd) => void;
  const ended = new Promise<JobEnd>((resolve) => (finish = resolve));
  let done = false;

  const changed = () => {
    try {
      options.onChange?.();
    } catch {
      // A listener's failure is not the job's.
    }
  };
  const setState = (state: JobState) => {
    store.jobs.setState(jobId, state, now());
    changed();
  };
  // A run that has just ended is not live any more: the registry refuses to touch it.
  const control = (runId: string, action: keyof RunControls) => {
    try {
      controls[action](runId);
    } catch {
      // Ended between the check and the call: nothing to pause or cancel.
    }
  };

  const endRun = (runId: string, outcome: RunOutcome) => {
    live.delete(runId);
    ran += 1;
    const from = starts.get(runId);
    starts.delete(runId);
    try {
      options.onRunEnd?.(runId, outcome, from);
    } catch {
      // A listener's failure is not the job's.
    }
    changed();
    pump();
  };

  const launch = (runId: string) => {
    live.add(runId);
    let from: RunStart;
    let started: Promise<RunOutcome>;
    try {
      from = runStartOf(store, runId);
      starts.set(runId, from);
      started = options.launchRun(runId, from);
    } catch (error) {
      started = Promise.reject(error as Error);
    }
    started.then(
      (outcome) => endRun(runId, outcome),
      (error: unknown) => endRun(runId, failedToLaunch(store, runId, toAppError(error), now())),
    );
  };

  const pump = () => {
    if (done) return;
    while (!paused && !cancelled && !stopping && live.size < options.window) {
      const next = waiting.shift();
      if (next === undefined) break;
      launch(next);
    }
    if (live.size > 0 || (waiting.length > 0 && !cancelled && !stopping)) return;
    done = true;
    const state = cancelled
      ? 'cancelled'
      : stopping
        ? paused
          ? 'paused'
          : 'interrupted'
        : endState(store, jobId);
    setState(state);
    finish({ state, ran });
  };

  const onStop = () => {
    stopping = true;
    // A paused job's runs stop at their chunk boundary and stay paused; a cancel would record
    // them cancelled.
    if (!paused) for (const runId of live) control(runId, 'cancel');
    pump();
  };
  options.signal?.addEventListener('abort', onStop, { once: true });
  void ended.then(() => options.signal?.removeEventListener('abort', onStop));

  // Launched on the next turn, so the caller holds the group (and may pause it) first.
  queueMicrotask(pump);

  return {
    jobId,
    runIds,
    ended,
    pause() {
      if (done || paused || cancelled) return;
      paused = true;
      setState('paused');
      for (const runId of live) control(runId, 'pause');
    },
    resume() {
      if (done || cancelled) return;
      // Also a job whose runs were paused one by one (shown `paused`, job-repo's jobStateOf):
      // its Resume resumes them all.
      for (const runId of live) control(runId, 'resume');
      if (!paused) return;
      paused = false;
      setState('running');
      pump();
    },
    cancel() {
      if (done || cancelled) return;
      cancelled = true;
      // The waiting runs never started: they end here, as cancelled while queued.
      const at = now();
      for (const runId of waiting.splice(0)) {
        store.runs.setStatus(runId, 'cancelled', { finishedAt: at, error: null });
        try {
          options.onRunEnd?.(
            runId,
            outcomeBeforeStart(runId, { status: 'cancelled' }, 0),
            undefined,
          );
        } catch {
          // A listener's failure is not the job's.
        }
      }
      for (const runId of live) control(runId, 'cancel');
      pump();
    },
  };
}

/** The terminal state of a job whose runs have all ended of themselves. */
function endState(store: Store, jobId: string): JobEnd['state'] {
  const counts = store.jobs.get(jobId)?.counts;
  if (!counts || counts.done === counts.total) return 'done';
  if (counts.failed > 0) return 'failed';
  // Runs cancelled one by one (the app's cancel of a cell) leave the job short of its answers.
  return 'cancelled';
}

/** A run the launcher could not start: stored as failed, with the launcher's sentence. */
function failedToLaunch(store: Store, runId: string, error: AppError, now: number): RunOutcome {
  try {
    store.runs.setStatus(runId, 'error', { finishedAt: now, error });
  } catch {
    // The library refused even that: the run stays queued and is interrupted on the next start.
  }
  return outcomeBeforeStart(runId, { status: 'error', error }, 0);
}

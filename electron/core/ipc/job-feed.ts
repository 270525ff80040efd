// The Jobs screen's live feed: `job:updated` to every window. A job's state changes and run ends
// go out at once; the chunks its runs read move its progress many times a second, so those are
// sent at most once per `intervalMs` per job (keyed-throttle.ts, as the review table's feed).
import type { JobView } from '../../../shared/jobs.ts';
import type { Store } from '../store/store.ts';
import { createKeyedThrottle } from './keyed-throttle.ts';
import type { Emit } from './service-deps.ts';

export interface JobFeed {
  /** Job `jobId`'s state changed or one of its runs ended: sent now. */
  jobChanged(jobId: string): void;
  /** Run `runId` read a chunk, started, paused or resumed: its job's view is sent shortly. */
  runChanged(runId: string): void;
  /** Run `runId` ended: forgotten (its job is told through `jobChanged`). */
  runEnded(runId: string): void;
  dispose(): void;
}

export interface JobFeedOptions {
  store: Pick<Store, 'jobs'>;
  emit: Emit;
  /** The job as the app lists it (job-handlers.ts jobView). */
  view(jobId: string): JobView;
  /** Longest time a run's change waits before its job is sent; changes within it are sent together. */
  intervalMs?: number;
}

export function createJobFeed(options: JobFeedOptions): JobFeed {
  const interval = options.intervalMs ?? 250;
  // The job of each live run this feed has seen (null: a run of its own), looked up once.
  const jobOfRun = new Map<string, string | null>();
  let disposed = false;

  const send = (jobId: string) => {
    let view: JobView;
    try {
      view = options.view(jobId);
    } catch {
      // Removed meanwhile, or the library is closing: nothing to show.
      return;
    }
    options.emit(undefined, 'job:updated', view);
  };
  const throttle = createKeyedThrottle(send, interval);

  return {
    jobChanged: throttle.now,
    runChanged(runId) {
      if (disposed) return;
      let jobId = jobOfRun.get(runId);
      if (jobId === undefined) {
        jobId = options.store.jobs.jobOf(runId) ?? null;
        jobOfRun.set(runId, jobId);
      }
      if (jobId !== null) throttle.soon(jobId);
    },
    runEnded(runId) {
      jobOfRun.delete(runId);
    },
    dispose() {
      disposed = true;
      throttle.dispose();
      jobOfRun.clear();
    },
  };
}

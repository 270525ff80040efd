// The jobs a long-lived process (the app) drives: each a stored job group driven by `driveJob`
// through core's job launcher on the process's one run registry, with its pause, resume and
// cancel, until it ends or the process stops (then it is left `interrupted`, to be continued).
import type { RunRegistry } from '../agent/run-registry.ts';
import type { DocumentTexts } from '../caches/document-texts.ts';
import { CoreError } from '../errors.ts';
import type { StoredProfile } from '../store/columns.ts';
import { driveJob, type JobGroup } from './job-group.ts';
import { jobLauncher } from './job-launcher.ts';
import type { PrepareHooks } from './prepare-run.ts';
import type { LibraryRunParts } from './run-parts.ts';

export interface LiveJobsOptions {
  parts: LibraryRunParts;
  registry: RunRegistry;
  texts: Pick<DocumentTexts, 'load'>;
  /** Runs of a job on `backend` handed to the registry at once (twice its limit keeps it busy). */
  window: (backend: string) => number;
  /** The process is stopping: no more runs start, the live ones are left as a crash leaves them. */
  signal: AbortSignal;
  hooks?: (runId: string) => PrepareHooks;
  /** A job's state or counts changed. */
  onChange(jobId: string): void;
}

export interface LiveJobs {
  /** Claims job `jobId` (refused while another process drives it) and drives it with `profile`. */
  drive(jobId: string, profile: StoredProfile, owner: string): void;
  /**
   * Drives job `jobId` with the runs entered since its drive began (a review's cells read again):
   * now when it is not going, else once its current drive ends (a drive reads the runs it claimed).
   */
  driveAgain(jobId: string, profile: StoredProfile, owner: string): void;
  isLive(jobId: string): boolean;
  pause(jobId: string): void;
  resume(jobId: string): void;
  cancel(jobId: string): void;
}

export function createLiveJobs(options: LiveJobsOptions): LiveJobs {
  const { parts, registry, signal } = options;
  const live = new Map<string, JobGroup>();
  const again = new Map<string, { profile: StoredProfile; owner: string }>();
  const group = (jobId: string): JobGroup => {
    const found = live.get(jobId);
    if (!found) {
      throw new CoreError('BadUsage', 'This job is not going in this app.', {
        hint: 'Continue it first.',
      });
    }
    return found;
  };
  const jobs: LiveJobs = {
    drive(jobId, profile, owner) {
      if (live.has(jobId)) throw new CoreError('BadUsage', 'This job is already going.');
      const driven = driveJob({
        store: parts.store,
        writer: parts.writer,
        jobId,
        window: options.window(profile.id),
        signal,
        controls: {
          pause: (id) => registry.pause(id),
          resume: (id) => registry.resume(id),
          // At shutdown the registry's dispose ends the runs recording nothing, as a crash would;
          // a cancel would record them cancelled.
          cancel: (id) => {
            if (!signal.aborted) registry.cancel(id);
          },
        },
        launchRun: jobLauncher({
          parts,
          registry,
          texts: options.texts,
          jobId,
          profile,
          owner,
          ...(options.hooks ? { hooks: options.hooks } : {}),
        }),
        onChange: () => options.onChange(jobId),
      });
      live.set(jobId, driven);
      void driven.ended.then(() => {
        live.delete(jobId);
        const next = again.get(jobId);
        again.delete(jobId);
        if (next && !signal.aborted) {
          try {
            jobs.drive(jobId, next.profile, next.owner);
          } catch {
            // Another process claimed it meanwhile: its runs are read there.
          }
        }
        options.onChange(jobId);
      });
    },
    driveAgain(jobId, profile, owner) {
      if (live.has(jobId)) again.set(jobId, { profile, owner });
      else jobs.drive(jobId, profile, owner);
    },
    isLive: (jobId) => live.has(jobId),
    pause: (jobId) => group(jobId).pause(),
    resume: (jobId) => group(jobId).resume(),
    cancel: (jobId) => {
      again.delete(jobId);
      group(jobId).cancel();
    },
  };
  return jobs;
}

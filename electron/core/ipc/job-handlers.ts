// The IPC adapters of the job calls (shared/api.ts `jobs:*`): parse, call the use cases
// (start-job.ts, live-jobs.ts), return. Jobs are driven in this process on the service's one run
// registry; a job interrupted by a crash or quit is continued here as a whole.
import type { CallHandlers } from '../../../shared/api.ts';
import type { JobView } from '../../../shared/jobs.ts';
import { checkProfileReady, resolveProfile } from '../backends/backend-client.ts';
import { CoreError } from '../errors.ts';
import type { SecretStore } from '../store/secret-store.ts';
import { createJob } from '../use-cases/start-job.ts';
import type { LiveJobs } from '../use-cases/live-jobs.ts';
import type { LibraryRunParts } from '../use-cases/run-parts.ts';
import { notInLibrary } from './document-handlers.ts';
import { asResult } from './invoke-call.ts';

type JobHandlers = Pick<
  CallHandlers,
  'jobs:list' | 'jobs:start' | 'jobs:pause' | 'jobs:resume' | 'jobs:cancel' | 'jobs:continue'
>;

export interface JobHandlerDeps {
  parts: LibraryRunParts;
  secrets: SecretStore;
  jobs: LiveJobs;
}

/** Job `jobId` as the app lists it; NotFound when it is not in the library. */
export function jobView(deps: Pick<JobHandlerDeps, 'parts' | 'jobs'>, jobId: string): JobView {
  const job = deps.parts.store.jobs.get(jobId);
  if (!job) throw new CoreError('NotFound', 'This job is no longer in the library.');
  return { ...job, live: deps.jobs.isLive(jobId) };
}

export function createJobHandlers(deps: JobHandlerDeps): JobHandlers {
  const { parts, jobs } = deps;
  const { store } = parts;
  const control = (jobId: string, act: (id: string) => void) =>
    asResult(() => {
      act(jobId);
      return null;
    });
  return {
    'jobs:list': () =>
      asResult(() => store.jobs.list(200).map((job) => ({ ...job, live: jobs.isLive(job.id) }))),
    'jobs:start': ({ documentIds, questions, settings, profileId }, ctx) =>
      asResult(async () => {
        const documents = documentIds.map((id) => store.documents.get(id) ?? notFound());
        const profile = resolveProfile(store.settings, profileId);
        // A missing backend, key or model is an immediate answer, not a job of failed runs.
        await checkProfileReady(profile, deps.secrets);
        const { jobId } = createJob(parts, {
          kind: 'questions',
          documents,
          questions,
          settings,
          profile,
          origin: 'app',
        });
        jobs.drive(jobId, profile, ctx.senderId);
        return jobView(deps, jobId);
      }),
    'jobs:pause': ({ jobId }) => control(jobId, (id) => jobs.pause(id)),
    'jobs:resume': ({ jobId }) => control(jobId, (id) => jobs.resume(id)),
    'jobs:cancel': ({ jobId }) => control(jobId, (id) => jobs.cancel(id)),
    'jobs:continue': ({ jobId }, ctx) =>
      asResult(async () => {
        const job = jobView(deps, jobId);
        // The profile it was started with while it exists, else the active one.
        const own = typeof job.settings.profileId === 'string' ? job.settings.profileId : undefined;
        const profile = resolveProfile(
          store.settings,
          own !== undefined && store.settings.profile(own) ? own : undefined,
        );
        await checkProfileReady(profile, deps.secrets);
        jobs.drive(jobId, profile, ctx.senderId);
        return jobView(deps, jobId);
      }),
  };
}

function notFound(): never {
  throw notInLibrary();
}

// The library's jobs for the Jobs screen: loaded with `jobs:list`, each replaced by the
// `job:updated` the service sends when a job's state or counts change, and listed again shortly
// after a run changes state (a terminal's job writes to the same library).
import { create } from 'zustand';
import type { Events } from '../../../shared/api.ts';
import type { JobView } from '../../../shared/jobs.ts';
import type { AppError } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';

export interface JobsState {
  list: JobView[];
  error: AppError | null;
}

export const useJobsStore = create<JobsState>(() => ({ list: [], error: null }));

export async function loadJobs(): Promise<void> {
  const result = await call(bridge(), 'jobs:list', {});
  if (result.ok) useJobsStore.setState({ list: result.value });
}

export function onJobUpdated(job: JobView): void {
  useJobsStore.setState((s) => {
    const at = s.list.findIndex((j) => j.id === job.id);
    if (at < 0) return { list: [job, ...s.list] };
    const list = [...s.list];
    list[at] = job;
    return { list };
  });
}

const STATUS_EVENTS = new Set(['started', 'paused', 'resumed', 'finished', 'error', 'cancelled']);
let refresh: ReturnType<typeof setTimeout> | null = null;

/** Counts move when a run starts reading: one list query for a burst of events. */
export function onRunEventForJobs(payload: Events['run:event']): void {
  if (!STATUS_EVENTS.has(payload.event.type) || refresh !== null) return;
  refresh = setTimeout(() => {
    refresh = null;
    void loadJobs();
  }, 150);
}

/** Pause, resume, cancel or continue a job; a refusal is shown above the list. */
export async function controlJob(
  action: 'jobs:pause' | 'jobs:resume' | 'jobs:cancel' | 'jobs:continue',
  jobId: string,
): Promise<void> {
  const result = await call(bridge(), action, { jobId });
  useJobsStore.setState({ error: result.ok ? null : result.error });
  if (result.ok && result.value !== null) onJobUpdated(result.value);
  else void loadJobs();
}

/** Asks every question about the documents as one job; true when it started. */
export async function startJob(
  request: Parameters<typeof call<'jobs:start'>>[2],
): Promise<boolean> {
  const result = await call(bridge(), 'jobs:start', request);
  useJobsStore.setState({ error: result.ok ? null : result.error });
  if (result.ok) onJobUpdated(result.value);
  return result.ok;
}

export function dismissJobError(): void {
  useJobsStore.setState({ error: null });
}

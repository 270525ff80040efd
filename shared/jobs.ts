// Stored job groups as every process sees them (the library's `jobs`, `memagent jobs`, the
// app's Jobs view): a job's kind and state are declared here once, as zod enums.
import { z } from 'zod';
import type { RunBackend } from './model.ts';

export const jobKindSchema = z.enum(['questions', 'eval', 'review']);
export type JobKind = z.infer<typeof jobKindSchema>;

export const jobStateSchema = z.enum([
  'queued',
  'running',
  'paused',
  'done',
  'failed',
  'cancelled',
  'interrupted',
]);
/**
 * `done`: every run answered; `failed`: every run ended and some with an error; `cancelled`: the
 * job was cancelled; `interrupted`: its process stopped (Ctrl-C, a kill, a crash) before the end.
 * The last three can be continued.
 */
export type JobState = z.infer<typeof jobStateSchema>;

/** A job's runs by state. `reading` counts running and paused runs (`paused` those alone). */
export interface JobCounts {
  total: number;
  done: number;
  failed: number;
  queued: number;
  reading: number;
  paused: number;
  cancelled: number;
  interrupted: number;
}

/**
 * How far a job has read, over all its runs: chunks whose memory is saved of the chunks its runs
 * read. A run not prepared yet has no chunking; it counts as its document's (the same text and
 * settings in this job) once one of those is prepared, else it is `unplanned` and `total` is a
 * floor.
 */
export interface JobChunks {
  read: number;
  total: number;
  /** Runs whose chunks are not known yet (not in `total`). */
  unplanned: number;
}

export interface JobSummary {
  id: string;
  kind: JobKind;
  title: string;
  state: JobState;
  createdAt: number;
  updatedAt: number;
  endedAt?: number;
  backend?: RunBackend;
  settings: Record<string, unknown>;
  counts: JobCounts;
  chunks: JobChunks;
  /** The job's one document, when it reads only one (a questions job opens its Ask view). */
  documentId?: string;
}

/** A job as the app lists it: its summary, and whether this app drives it now. */
export interface JobView extends JobSummary {
  /** Driven by this app now (it can be paused, resumed and cancelled here). */
  live: boolean;
}

/**
 * States a job is continued from: it stopped with questions left. `paused` only when no process
 * drives it (it was paused when its process ended: Ctrl-C in a terminal, the app quit); a live
 * one is resumed where it runs.
 */
export const CONTINUABLE_JOB_STATES: readonly JobState[] = [
  'interrupted',
  'paused',
  'cancelled',
  'failed',
];

/**
 * The state a job shows, from the one its driver stored and its runs: a running job whose every
 * unfinished run was paused one by one (from the Ask screen) reads nothing, so it is `paused`;
 * with one run paused and others queued or reading it is still `running` ("1 paused" in its
 * counts). Every reader of the library (the app, `memagent jobs`, a review) sees this state.
 */
export function jobStateOf(stored: JobState, counts: JobCounts): JobState {
  if (stored !== 'running' && stored !== 'queued') return stored;
  const unfinished = counts.queued + counts.reading;
  return counts.paused > 0 && counts.paused === unfinished ? 'paused' : stored;
}

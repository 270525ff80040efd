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
}

/** A job as the app lists it: its summary, and whether this app drives it now. */
export interface JobView extends JobSummary {
  /** Driven by this app now (it can be paused, resumed and cancelled here). */
  live: boolean;
}

/** States a job is continued from: it stopped with questions left. */
export const CONTINUABLE_JOB_STATES: readonly JobState[] = ['interrupted', 'cancelled', 'failed'];

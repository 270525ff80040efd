// Jobs: groups of runs read together (the questions of one `ask`, an evaluation set, a review).
// A job's items are run rows (runs.job_id, runs.job_item), created `queued` up front, so the
// queue is in the library before the first request; what a job has done is counted from them in
// SQL, never kept twice.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  jobKindSchema,
  jobStateSchema,
  type JobKind,
  type JobState,
  type JobSummary,
} from '../../../shared/jobs.ts';
import type { RunBackend, RunStatus } from '../../../shared/model.ts';
import { runStatusSchema } from '../../../shared/schemas.ts';
import { backendColumn, parseColumn, parseValue } from './columns.ts';
import { writeTransaction } from './write-transaction.ts';

export {
  jobKindSchema,
  jobStateSchema,
  type JobCounts,
  type JobKind,
  type JobState,
  type JobSummary,
} from '../../../shared/jobs.ts';

export interface NewJob {
  id: string;
  kind: JobKind;
  title: string;
  createdAt: number;
  backend?: RunBackend;
  settings?: Record<string, unknown>;
  /** The writer (writers.ts) of the process that creates and drives it. */
  owner?: string;
}

/** A run of a job, in the job's order. */
export interface JobRun {
  id: string;
  item: number;
  status: RunStatus;
}

export interface JobRepo {
  /** Stores a job `queued`; its runs are linked with `addRun`. */
  create(job: NewJob): void;
  /** Makes run `runId` item `item` of job `jobId`. */
  addRun(jobId: string, runId: string, item: number): void;
  get(id: string): JobSummary | undefined;
  /** Newest first. */
  list(limit?: number): JobSummary[];
  /** Ids of jobs that start with `prefix` (at most `max`): a short id typed by a person. */
  idsStartingWith(prefix: string, max: number): string[];
  /** The job's runs in item order. */
  runs(jobId: string): JobRun[];
  /** A new state; a terminal one (done, failed, cancelled, interrupted) stamps `ended_at`. */
  setState(id: string, state: JobState, now: number): void;
  owner(id: string): string | undefined;
  setOwner(id: string, owner: string | null): void;
  /**
   * Marks jobs a process left queued, running or paused as `interrupted` and returns their ids,
   * as `RunRepo.markInterrupted` does for runs: only those whose owner is missing or not
   * `ownerAlive`.
   */
  markInterrupted(ownerAlive?: (owner: string) => boolean, now?: number): string[];
}

const TERMINAL = new Set<JobState>(['done', 'failed', 'cancelled', 'interrupted']);

interface JobRow {
  id: string;
  kind: string;
  title: string;
  state: string;
  created_at: number;
  updated_at: number;
  ended_at: number | null;
  backend: string | null;
  settings: string;
  total: number;
  done: number;
  failed: number;
  queued: number;
  reading: number;
  paused: number;
  cancelled: number;
  interrupted: number;
}

// Jobs with their runs counted by state in one grouped pass (runs_by_job); `runs` narrows the
// runs grouped (one job's alone, for `get`).
const jobSelect = (runs: string) => `
  SELECT j.*,
    COALESCE(c.total, 0) AS total, COALESCE(c.done, 0) AS done, COALESCE(c.failed, 0) AS failed,
    COALESCE(c.queued, 0) AS queued, COALESCE(c.reading, 0) AS reading,
    COALESCE(c.paused, 0) AS paused, COALESCE(c.cancelled, 0) AS cancelled,
    COALESCE(c.interrupted, 0) AS interrupted
  FROM jobs j LEFT JOIN (
    SELECT job_id,
      COUNT(*) AS total,
      SUM(status = 'done') AS done,
      SUM(status = 'error') AS failed,
      SUM(status = 'queued') AS queued,
      SUM(status IN ('running', 'paused')) AS reading,
      SUM(status = 'paused') AS paused,
      SUM(status = 'cancelled') AS cancelled,
      SUM(status = 'interrupted') AS interrupted
    FROM runs WHERE ${runs} GROUP BY job_id
  ) c ON c.job_id = j.id`;

const settingsJson = z.record(z.string(), z.unknown());

function toSummary(row: JobRow): JobSummary {
  const where = `jobs ${row.id}`;
  const summary: JobSummary = {
    id: row.id,
    kind: parseValue(jobKindSchema, row.kind, `${where} kind`),
    title: row.title,
    state: parseValue(jobStateSchema, row.state, `${where} state`),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    settings: parseColumn(settingsJson, row.settings, `${where} settings`),
    counts: {
      total: row.total,
      done: row.done,
      failed: row.failed,
      queued: row.queued,
      reading: row.reading,
      paused: row.paused,
      cancelled: row.cancelled,
      interrupted: row.interrupted,
    },
  };
  if (row.ended_at !== null) summary.endedAt = row.ended_at;
  if (row.backend !== null) summary.backend = parseColumn(backendColumn, row.backend, where);
  return summary;
}

export function createJobRepo(db: Database.Database): JobRepo {
  const insert = db.prepare(`
    INSERT INTO jobs (id, kind, title, state, created_at, updated_at, backend, settings, owner)
    VALUES (@id, @kind, @title, 'queued', @created_at, @created_at, @backend, @settings, @owner)`);
  const link = db.prepare('UPDATE runs SET job_id = ?, job_item = ? WHERE id = ?');
  const get = db.prepare<[string, string], JobRow>(`${jobSelect('job_id = ?')} WHERE j.id = ?`);
  const list = db.prepare<[number], JobRow>(
    `${jobSelect('job_id IS NOT NULL')} ORDER BY j.created_at DESC, j.id LIMIT ?`,
  );
  // substr, not LIKE: case-sensitive, and `_` or `%` typed match only themselves.
  const byPrefix = db.prepare<[number, string, number], { id: string }>(
    'SELECT id FROM jobs WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT ?',
  );
  const runs = db.prepare<[string], { id: string; job_item: number | null; status: string }>(
    'SELECT id, job_item, status FROM runs WHERE job_id = ? ORDER BY job_item, created_at, id',
  );
  const setState = db.prepare(
    'UPDATE jobs SET state = ?, updated_at = ?, ended_at = ? WHERE id = ?',
  );
  const owner = db.prepare<[string], { owner: string | null }>(
    'SELECT owner FROM jobs WHERE id = ?',
  );
  const setOwner = db.prepare('UPDATE jobs SET owner = ? WHERE id = ?');
  const unfinished = db.prepare<[], { id: string; owner: string | null }>(
    "SELECT id, owner FROM jobs WHERE state IN ('queued', 'running', 'paused')",
  );

  return {
    create(job) {
      insert.run({
        id: job.id,
        kind: job.kind,
        title: job.title,
        created_at: job.createdAt,
        backend: job.backend === undefined ? null : JSON.stringify(job.backend),
        settings: JSON.stringify(job.settings ?? {}),
        owner: job.owner ?? null,
      });
    },
    addRun(jobId, runId, item) {
      link.run(jobId, item, runId);
    },
    get(id) {
      const row = get.get(id, id);
      return row && toSummary(row);
    },
    list(limit = 1000) {
      return list.all(limit).map(toSummary);
    },
    idsStartingWith(prefix, max) {
      return byPrefix.all(prefix.length, prefix, max).map((r) => r.id);
    },
    runs(jobId) {
      return runs.all(jobId).map((r, i) => ({
        id: r.id,
        item: r.job_item ?? i,
        status: parseValue(runStatusSchema, r.status, `runs ${r.id} status`),
      }));
    },
    setState(id, state, now) {
      setState.run(state, now, TERMINAL.has(state) ? now : null, id);
    },
    owner(id) {
      return owner.get(id)?.owner ?? undefined;
    },
    setOwner(id, writer) {
      setOwner.run(writer, id);
    },
    markInterrupted(ownerAlive = () => false, now = Date.now()) {
      return writeTransaction(db, () => {
        const ids: string[] = [];
        for (const job of unfinished.all()) {
          if (job.owner !== null && ownerAlive(job.owner)) continue;
          setState.run('interrupted', now, now, job.id);
          ids.push(job.id);
        }
        return ids;
      })();
    },
  };
}

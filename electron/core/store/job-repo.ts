// Jobs: groups of runs read together (the questions of one `ask`, an evaluation set, a review).
// A job's items are run rows (runs.job_id, runs.job_item), created `queued` up front, so the
// queue is in the library before the first request; what a job has done is counted from them in
// SQL, never kept twice.
import type Database from 'better-sqlite3';
import { z } from 'zod';
import {
  jobKindSchema,
  jobStateOf,
  jobStateSchema,
  type JobCounts,
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
  /** The job run `runId` is an item of; undefined for a run of its own. */
  jobOf(runId: string): string | undefined;
  /** A new state; a terminal one (done, failed, cancelled, interrupted) stamps `ended_at`. */
  setState(id: string, state: JobState, now: number): void;
  owner(id: string): string | undefined;
  setOwner(id: string, owner: string | null): void;
  /**
   * Marks jobs a process left queued or running as `interrupted` and returns their ids, as
   * `RunRepo.markInterrupted` does for runs: only those whose owner is missing or not
   * `ownerAlive`. A job its process left `paused` stays paused, with no owner: it was stopped on
   * purpose, its runs at chunk boundaries, and is continued as a whole.
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
  chunks: number;
  chunks_read: number;
  unplanned: number;
  documents: number | null;
  document_id: string | null;
}

// Jobs with their runs counted by state in one grouped pass (runs_by_job), with the chunks they
// read; `runs` narrows the runs grouped (one job's alone, for `get`). A run not prepared yet
// (chunk_count 0) takes the chunking of a prepared run of the same text and settings in its job
// (the same plan: `plans`, one grouped pass), else it is counted as unplanned. Chunks read are
// the last saved memory's index + 1 (memories are saved in order), one primary-key seek a run,
// as the review table counts them (review-matrix-rows.ts).
const jobSelect = (runs: string) => `
  WITH r AS (
    SELECT id, job_id, status, document_id, text_key, settings, chunk_count
    FROM runs WHERE ${runs}
  ), plans AS (
    SELECT job_id, document_id, text_key, settings, MAX(chunk_count) AS planned
    FROM r GROUP BY job_id, document_id, text_key, settings
  ), per_run AS (
    SELECT r.job_id, r.status, r.document_id,
      COALESCE(NULLIF(r.chunk_count, 0), p.planned, 0) AS chunks,
      COALESCE((SELECT MAX(m.chunk) + 1 FROM memory_states m WHERE m.run_id = r.id), 0) AS chunks_read
    FROM r JOIN plans p ON p.job_id = r.job_id AND p.document_id = r.document_id
      AND p.text_key IS r.text_key AND p.settings = r.settings
  )
  SELECT j.*,
    COALESCE(c.total, 0) AS total, COALESCE(c.done, 0) AS done, COALESCE(c.failed, 0) AS failed,
    COALESCE(c.queued, 0) AS queued, COALESCE(c.reading, 0) AS reading,
    COALESCE(c.paused, 0) AS paused, COALESCE(c.cancelled, 0) AS cancelled,
    COALESCE(c.interrupted, 0) AS interrupted, COALESCE(c.chunks, 0) AS chunks,
    COALESCE(c.chunks_read, 0) AS chunks_read, COALESCE(c.unplanned, 0) AS unplanned,
    c.documents, c.document_id
  FROM jobs j LEFT JOIN (
    SELECT job_id,
      COUNT(*) AS total,
      SUM(status = 'done') AS done,
      SUM(status = 'error') AS failed,
      SUM(status = 'queued') AS queued,
      SUM(status IN ('running', 'paused')) AS reading,
      SUM(status = 'paused') AS paused,
      SUM(status = 'cancelled') AS cancelled,
      SUM(status = 'interrupted') AS interrupted,
      SUM(chunks) AS chunks,
      SUM(MIN(chunks_read, chunks)) AS chunks_read,
      SUM(chunks = 0) AS unplanned,
      COUNT(DISTINCT document_id) AS documents,
      MIN(document_id) AS document_id
    FROM per_run GROUP BY job_id
  ) c ON c.job_id = j.id`;

const settingsJson = z.record(z.string(), z.unknown());

function toSummary(row: JobRow): JobSummary {
  const where = `jobs ${row.id}`;
  const counts: JobCounts = {
    total: row.total,
    done: row.done,
    failed: row.failed,
    queued: row.queued,
    reading: row.reading,
    paused: row.paused,
    cancelled: row.cancelled,
    interrupted: row.interrupted,
  };
  const summary: JobSummary = {
    id: row.id,
    kind: parseValue(jobKindSchema, row.kind, `${where} kind`),
    title: row.title,
    state: jobStateOf(parseValue(jobStateSchema, row.state, `${where} state`), counts),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    settings: parseColumn(settingsJson, row.settings, `${where} settings`),
    counts,
    chunks: { read: row.chunks_read, total: row.chunks, unplanned: row.unplanned },
  };
  if (row.documents === 1 && row.document_id !== null) summary.documentId = row.document_id;
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
  const jobOf = db.prepare<[string], { job_id: string | null }>(
    'SELECT job_id FROM runs WHERE id = ?',
  );
  const setState = db.prepare(
    'UPDATE jobs SET state = ?, updated_at = ?, ended_at = ? WHERE id = ?',
  );
  const owner = db.prepare<[string], { owner: string | null }>(
    'SELECT owner FROM jobs WHERE id = ?',
  );
  const setOwner = db.prepare('UPDATE jobs SET owner = ? WHERE id = ?');
  const unfinished = db.prepare<[], { id: string; owner: string | null; state: string }>(
    "SELECT id, owner, state FROM jobs WHERE state IN ('queued', 'running', 'paused')",
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
    jobOf(runId) {
      return jobOf.get(runId)?.job_id ?? undefined;
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
          if (job.state === 'paused') {
            setOwner.run(null, job.id);
            continue;
          }
          setState.run('interrupted', now, now, job.id);
          ids.push(job.id);
        }
        return ids;
      })();
    },
  };
}

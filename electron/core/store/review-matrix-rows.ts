// The rows of a review's table: every run of every cell (the current one first, then its
// history) with what the table shows of it, in one query whatever the number of cells. Nothing
// here loads a document's text or a memory's: coverage comes from the highest chunk saved and
// the stored chunk pages, evidence from runs.evidence (found once when the run ended).
import type Database from 'better-sqlite3';
import type { ChunkPages, Evidence, RunBackend, RunStatus } from '../../../shared/model.ts';
import type { AppError } from '../../../shared/model.ts';
import { runStatusSchema } from '../../../shared/schemas.ts';
import {
  backendColumn,
  errorColumn,
  evidenceColumn,
  pagesColumn,
  parseColumn,
  parseValue,
} from './columns.ts';

/** One run of one cell. `current`: the cell's run now; the others are its history, newest first. */
export interface ReviewMatrixRow {
  documentId: string;
  questionId: string;
  runId: string;
  current: boolean;
  status: RunStatus;
  /** The run stored its final reply (`answer` may still be null: nothing extractable). */
  hasAnswer: boolean;
  answer: string | null;
  /** The final reply was cut at its token limit or stopped by the server (a content filter). */
  cut: boolean;
  endedAt?: number;
  backend?: RunBackend;
  error?: AppError;
  /** The current run's stored passages (undefined: none stored; history rows never carry them). */
  evidence?: Evidence[];
  chunks: number;
  chunksRead: number;
  /** Pages of the first and the last chunk read, when the document has pages (current run only). */
  firstPages?: ChunkPages;
  lastPages?: ChunkPages;
}

interface Row {
  document_id: string;
  question_id: string;
  run_id: string;
  nth: number;
  status: string;
  chunk_count: number;
  finished_at: number | null;
  backend: string | null;
  error: string | null;
  evidence: string | null;
  has_answer: number;
  answer: string | null;
  cut: number;
  last_read: number | null;
  first_pages: string | null;
  last_pages: string | null;
}

// Chunks read: the highest chunk with a saved memory, plus one. Memory k is committed before
// chunk k+1 is asked for (the run journal), and a restart on other chunks clears them, so the
// saved memories are always chunks 0..k: MAX is an index seek where COUNT would read every
// memory's row (their text lives in the same b-tree pages).
//
// `cellsOf` is where the cells come from: every cell of the review, or (the live feed's read)
// only the cells that hold one of the given runs, current or earlier, with all their runs, so
// a cell's history is ranked the same either way.
const matrixSelect = (cellsOf: string) => `
  WITH ranked AS (
    SELECT c.document_id, c.question_id, c.run_id,
      ROW_NUMBER() OVER (
        PARTITION BY c.document_id, c.question_id ORDER BY c.created_at DESC, c.id DESC) AS nth
    FROM ${cellsOf}
  ),
  cells AS MATERIALIZED (
    SELECT ranked.*, r.status, r.chunk_count, r.finished_at, r.backend, r.error,
      CASE WHEN ranked.nth = 1 THEN r.evidence END AS evidence,
      (SELECT MAX(m.chunk) FROM memory_states m WHERE m.run_id = ranked.run_id) AS last_read,
      d.position AS row_at, q.position AS column_at
    FROM ranked
    JOIN runs r ON r.id = ranked.run_id
    JOIN review_documents d ON d.job_id = @job AND d.document_id = ranked.document_id
    JOIN review_questions q ON q.job_id = @job AND q.question_id = ranked.question_id
  )
  SELECT cells.*,
    a.run_id IS NOT NULL AS has_answer, a.answer,
    COALESCE(a.cut, 0) OR EXISTS (
      SELECT 1 FROM warnings w WHERE w.run_id = cells.run_id AND w.code = 'answer-stopped'
    ) AS cut,
    CASE WHEN cells.nth = 1 AND cells.last_read IS NOT NULL THEN
      (SELECT ch.pages FROM chunks ch WHERE ch.run_id = cells.run_id AND ch.idx = 0) END AS first_pages,
    CASE WHEN cells.nth = 1 AND cells.last_read IS NOT NULL THEN
      (SELECT ch.pages FROM chunks ch WHERE ch.run_id = cells.run_id AND ch.idx = cells.last_read) END AS last_pages
  FROM cells LEFT JOIN answers a ON a.run_id = cells.run_id
  ORDER BY cells.row_at, cells.column_at, cells.nth`;

const EVERY_CELL = 'review_cells c WHERE c.job_id = @job';
// The cells holding a run of @runs (a JSON array): run_id is unique, so each is an index seek.
const CELLS_OF_RUNS = `(
    SELECT DISTINCT t.document_id, t.question_id FROM review_cells t
    WHERE t.run_id IN (SELECT value FROM json_each(@runs)) AND t.job_id = @job
  ) w JOIN review_cells c
    ON c.job_id = @job AND c.document_id = w.document_id AND c.question_id = w.question_id`;

/** The rows of a review: all of them, or those of the cells holding given runs. */
export interface ReviewMatrixRows {
  /** Every run of every cell, row-major, each cell's current run first. */
  all(jobId: string): ReviewMatrixRow[];
  /** Every run of the cells that hold one of `runIds` (current or earlier), in the same order. */
  ofRuns(jobId: string, runIds: readonly string[]): ReviewMatrixRow[];
}

/** The queries behind `ReviewRepo.matrixRows` and `ReviewRepo.matrixRowsOfRuns`. */
export function createReviewMatrixRows(db: Database.Database): ReviewMatrixRows {
  const every = db.prepare<{ job: string }, Row>(matrixSelect(EVERY_CELL));
  const ofRuns = db.prepare<{ job: string; runs: string }, Row>(matrixSelect(CELLS_OF_RUNS));
  return {
    all: (jobId) => every.all({ job: jobId }).map(toMatrixRow),
    ofRuns: (jobId, runIds) =>
      runIds.length === 0
        ? []
        : ofRuns.all({ job: jobId, runs: JSON.stringify(runIds) }).map(toMatrixRow),
  };
}

function toMatrixRow(row: Row): ReviewMatrixRow {
  const where = `runs ${row.run_id}`;
  const out: ReviewMatrixRow = {
    documentId: row.document_id,
    questionId: row.question_id,
    runId: row.run_id,
    current: row.nth === 1,
    status: parseValue(runStatusSchema, row.status, `${where} status`),
    hasAnswer: row.has_answer === 1,
    answer: row.answer,
    cut: row.cut === 1,
    chunks: row.chunk_count,
    chunksRead: row.last_read === null ? 0 : row.last_read + 1,
  };
  if (row.finished_at !== null) out.endedAt = row.finished_at;
  if (row.backend !== null) out.backend = parseColumn(backendColumn, row.backend, where);
  if (row.error !== null) out.error = parseColumn(errorColumn, row.error, `${where} error`);
  if (row.evidence !== null)
    out.evidence = parseColumn(evidenceColumn, row.evidence, `${where} evidence`);
  if (row.first_pages !== null)
    out.firstPages = parseColumn(pagesColumn, row.first_pages, `${where} chunk pages`);
  if (row.last_pages !== null)
    out.lastPages = parseColumn(pagesColumn, row.last_pages, `${where} chunk pages`);
  return out;
}

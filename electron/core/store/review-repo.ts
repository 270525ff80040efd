// A review's own rows beside its job (migration 11): its key, its documents and questions in
// order, and its cells, each the runs it had (the newest current). The runs themselves and the
// job's state stay in `runs` and `jobs`; nothing here repeats them.
import type Database from 'better-sqlite3';
import type { RunStatus } from '../../../shared/model.ts';
import type { ReviewDocument, ReviewQuestion } from '../../../shared/review.ts';
import { runStatusSchema } from '../../../shared/schemas.ts';
import { parseValue } from './columns.ts';
import { createReviewMatrixRows, type ReviewMatrixRow } from './review-matrix-rows.ts';
import { answerKindColumn, cleanQuestion } from './review-columns.ts';

export type { ReviewMatrixRow } from './review-matrix-rows.ts';

export interface NewReview {
  /** The review's job (created first with `jobs.create`, kind 'review'). */
  jobId: string;
  key: string;
  checklistName: string;
  checklistId?: string;
  documentIds: readonly string[];
  questions: readonly ReviewQuestion[];
}

export interface StoredReview {
  jobId: string;
  key: string;
  checklistName: string;
  checklistId?: string;
  /** Documents × questions. */
  cells: number;
}

/** A cell's current run. */
export interface ReviewCellRun {
  documentId: string;
  questionId: string;
  runId: string;
  status: RunStatus;
}

export interface ReviewRepo {
  /** Stores the review's rows: its key, documents and questions (its cells come with their runs). */
  create(review: NewReview): void;
  get(jobId: string): StoredReview | undefined;
  /** Reviews whose key is `key`, newest first. */
  byKey(key: string): string[];
  /** Every review, newest first (their jobs: `jobs.list`). */
  list(limit?: number): StoredReview[];
  setKey(jobId: string, key: string): void;
  documents(jobId: string): ReviewDocument[];
  questions(jobId: string): ReviewQuestion[];
  /** Appends rows, after the last. */
  addDocuments(jobId: string, documentIds: readonly string[]): void;
  /** Appends columns, after the last. */
  addQuestions(jobId: string, questions: readonly ReviewQuestion[]): void;
  /**
   * Makes `runId` the current run of a cell (link it to the job after: `jobs.addRun`); its
   * earlier runs become its history and leave the job. Call inside a write transaction.
   */
  addCellRun(
    jobId: string,
    cell: { documentId: string; questionId: string },
    runId: string,
    at: number,
  ): void;
  /** Each cell's current run, row-major. Cells with no run (theirs was deleted) are absent. */
  cells(jobId: string): ReviewCellRun[];
  /** Every run of every cell with what the table shows of it, in a few queries (review-matrix-rows.ts). */
  matrixRows(jobId: string): ReviewMatrixRow[];
  /** The same rows for only the cells that hold one of `runIds` (the live feed's read). */
  matrixRowsOfRuns(jobId: string, runIds: readonly string[]): ReviewMatrixRow[];
}

interface ReviewRow {
  job_id: string;
  key: string;
  checklist_name: string;
  checklist_id: string | null;
  cells: number;
}

interface QuestionRow {
  question_id: string;
  text: string;
  kind: string;
  guidance: string | null;
  expected: string | null;
}

// Documents × questions, counted from their own tables.
const REVIEW_SELECT = `
  SELECT r.*,
    (SELECT COUNT(*) FROM review_documents d WHERE d.job_id = r.job_id)
      * (SELECT COUNT(*) FROM review_questions q WHERE q.job_id = r.job_id) AS cells
  FROM reviews r`;

function toReview(row: ReviewRow): StoredReview {
  return {
    jobId: row.job_id,
    key: row.key,
    checklistName: row.checklist_name,
    ...(row.checklist_id !== null ? { checklistId: row.checklist_id } : {}),
    cells: row.cells,
  };
}

export function createReviewRepo(db: Database.Database): ReviewRepo {
  const insert = db.prepare(
    'INSERT INTO reviews (job_id, key, checklist_name, checklist_id) VALUES (?, ?, ?, ?)',
  );
  const get = db.prepare<[string], ReviewRow>(`${REVIEW_SELECT} WHERE r.job_id = ?`);
  const byKey = db.prepare<[string], { job_id: string }>(`
    SELECT r.job_id FROM reviews r JOIN jobs j ON j.id = r.job_id
    WHERE r.key = ? ORDER BY j.created_at DESC, j.id`);
  const list = db.prepare<[number], ReviewRow>(
    `${REVIEW_SELECT} JOIN jobs j ON j.id = r.job_id ORDER BY j.created_at DESC, j.id LIMIT ?`,
  );
  const setKey = db.prepare('UPDATE reviews SET key = ? WHERE job_id = ?');
  const documents = db.prepare<
    [string],
    { id: string; title: string; path: string | null; page_count: number | null }
  >(`
    SELECT d.id, d.title, d.path, d.page_count FROM review_documents rd
    JOIN documents d ON d.id = rd.document_id WHERE rd.job_id = ? ORDER BY rd.position`);
  const questions = db.prepare<[string], QuestionRow>(
    'SELECT * FROM review_questions WHERE job_id = ? ORDER BY position',
  );
  const nextDocument = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(position) + 1, 0) AS next FROM review_documents WHERE job_id = ?',
  );
  const nextQuestion = db.prepare<[string], { next: number }>(
    'SELECT COALESCE(MAX(position) + 1, 0) AS next FROM review_questions WHERE job_id = ?',
  );
  const insertDocument = db.prepare(
    'INSERT INTO review_documents (job_id, document_id, position) VALUES (?, ?, ?)',
  );
  const insertQuestion = db.prepare(`
    INSERT INTO review_questions (job_id, question_id, position, text, kind, guidance, expected)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  // The cell's earlier runs leave the job (its counts and its resume are its current runs) and
  // stay in the cell's history.
  const retire = db.prepare(`
    UPDATE runs SET job_id = NULL, job_item = NULL WHERE job_id = @job AND id IN (
      SELECT run_id FROM review_cells
      WHERE job_id = @job AND document_id = @document AND question_id = @question)`);
  const insertCell = db.prepare(`
    INSERT INTO review_cells (job_id, document_id, question_id, run_id, created_at)
    VALUES (?, ?, ?, ?, ?)`);
  const matrixRows = createReviewMatrixRows(db);
  // The newest row of each cell, in the table's order.
  const cells = db.prepare<
    { job: string },
    { document_id: string; question_id: string; run_id: string; status: string }
  >(`
    WITH ranked AS (
      SELECT c.*, ROW_NUMBER() OVER (
        PARTITION BY c.document_id, c.question_id ORDER BY c.created_at DESC, c.id DESC) AS nth
      FROM review_cells c WHERE c.job_id = @job
    )
    SELECT ranked.document_id, ranked.question_id, ranked.run_id, r.status
    FROM ranked
    JOIN runs r ON r.id = ranked.run_id
    JOIN review_documents d ON d.job_id = @job AND d.document_id = ranked.document_id
    JOIN review_questions q ON q.job_id = @job AND q.question_id = ranked.question_id
    WHERE ranked.nth = 1 ORDER BY d.position, q.position`);

  const appendDocuments = (jobId: string, ids: readonly string[]) => {
    let position = nextDocument.get(jobId)?.next ?? 0;
    for (const id of ids) insertDocument.run(jobId, id, position++);
  };
  const appendQuestions = (jobId: string, list: readonly ReviewQuestion[]) => {
    let position = nextQuestion.get(jobId)?.next ?? 0;
    for (const raw of list) {
      const q = cleanQuestion(raw);
      insertQuestion.run(
        jobId,
        q.id,
        position++,
        q.text,
        q.kind,
        q.guidance ?? null,
        q.expected ?? null,
      );
    }
  };

  return {
    create(review) {
      insert.run(review.jobId, review.key, review.checklistName, review.checklistId ?? null);
      appendDocuments(review.jobId, review.documentIds);
      appendQuestions(review.jobId, review.questions);
    },
    get(jobId) {
      const row = get.get(jobId);
      return row && toReview(row);
    },
    byKey(key) {
      return byKey.all(key).map((r) => r.job_id);
    },
    list(limit = 1000) {
      return list.all(limit).map(toReview);
    },
    setKey(jobId, key) {
      setKey.run(key, jobId);
    },
    documents(jobId) {
      return documents.all(jobId).map((d) => ({
        id: d.id,
        title: d.title,
        ...(d.path !== null ? { path: d.path } : {}),
        ...(d.page_count !== null ? { pageCount: d.page_count } : {}),
      }));
    },
    questions(jobId) {
      return questions.all(jobId).map(toQuestion);
    },
    addDocuments: appendDocuments,
    addQuestions: appendQuestions,
    addCellRun(jobId, cell, runId, at) {
      retire.run({ job: jobId, document: cell.documentId, question: cell.questionId });
      insertCell.run(jobId, cell.documentId, cell.questionId, runId, at);
    },
    cells(jobId) {
      return cells.all({ job: jobId }).map((c) => ({
        documentId: c.document_id,
        questionId: c.question_id,
        runId: c.run_id,
        status: parseValue(runStatusSchema, c.status, `runs.status of ${c.run_id}`),
      }));
    },
    matrixRows: matrixRows.all,
    matrixRowsOfRuns: matrixRows.ofRuns,
  };
}

function toQuestion(row: QuestionRow): ReviewQuestion {
  return {
    id: row.question_id,
    text: row.text,
    kind: parseValue(answerKindColumn, row.kind, `review_questions.kind of ${row.question_id}`),
    ...(row.guidance !== null ? { guidance: row.guidance } : {}),
    ...(row.expected !== null ? { expected: row.expected } : {}),
  };
}

import type Database from 'better-sqlite3';
import type { DocumentRunCounts } from '../../../shared/model.ts';

interface CountRow {
  document_id: string;
  questions: number;
  runs: number;
  reading: number;
  paused: number;
  failed: number;
  done: number;
  no_answer: number;
  last_asked_at: number;
}

/**
 * Counts every document's runs by state in one grouped query, so the library can say
 * "3 questions · 1 reading" without loading any run. Documents without runs are absent.
 * `done` and `noAnswer` split finished runs as runState (shared/run-state.ts) does: a
 * stored answer of NULL is no answer.
 */
export function createRunCounts(db: Database.Database): () => DocumentRunCounts[] {
  // A question asked twice is one question (the renderer groups runs by the same text).
  const counts = db.prepare<[], CountRow>(`
    SELECT document_id,
      COUNT(DISTINCT question) AS questions,
      COUNT(*) AS runs,
      SUM(status IN ('queued', 'running', 'paused')) AS reading,
      SUM(status = 'paused') AS paused,
      SUM(status IN ('error', 'interrupted')) AS failed,
      SUM(status = 'done' AND (a.run_id IS NULL OR a.answer IS NOT NULL)) AS done,
      SUM(status = 'done' AND a.run_id IS NOT NULL AND a.answer IS NULL) AS no_answer,
      MAX(created_at) AS last_asked_at
    FROM runs LEFT JOIN answers a ON a.run_id = runs.id GROUP BY document_id`);
  return () =>
    counts.all().map((row) => ({
      documentId: row.document_id,
      questions: row.questions,
      runs: row.runs,
      reading: row.reading,
      paused: row.paused,
      failed: row.failed,
      done: row.done,
      noAnswer: row.no_answer,
      lastAskedAt: row.last_asked_at,
    }));
}

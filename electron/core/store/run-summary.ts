// A run's summary row: the run with its progress, usage (memories, answer and quote check
// summed) and answer, read in one query.
import type Database from 'better-sqlite3';
import type { RunStatus, RunSummary } from '../../../shared/model.ts';
import { runStatusSchema } from '../../../shared/schemas.ts';
import {
  backendColumn,
  errorColumn,
  originColumn,
  parseColumn,
  parseValue,
  settingsColumn,
} from './columns.ts';

interface SummaryRow {
  id: string;
  document_id: string;
  question: string;
  settings: string;
  profile_id: string | null;
  model: string | null;
  status: string;
  chunk_count: number;
  created_at: number;
  finished_at: number | null;
  error: string | null;
  text_key: string | null;
  origin: string;
  imported_at: number | null;
  backend: string | null;
  chunks_done: number;
  prompt_tokens: number;
  completion_tokens: number;
  has_answer: number;
  answer: string | null;
  answer_cut: number | null;
}

const SUMMARY_SELECT = `
  SELECT r.*,
    (SELECT COUNT(*) FROM memory_states m WHERE m.run_id = r.id) AS chunks_done,
    (SELECT COALESCE(SUM(m.prompt_tokens), 0) FROM memory_states m WHERE m.run_id = r.id) + COALESCE(a.prompt_tokens, 0)
      + COALESCE((SELECT q.prompt_tokens FROM quote_checks q WHERE q.run_id = r.id), 0) AS prompt_tokens,
    (SELECT COALESCE(SUM(m.completion_tokens), 0) FROM memory_states m WHERE m.run_id = r.id) + COALESCE(a.completion_tokens, 0)
      + COALESCE((SELECT q.completion_tokens FROM quote_checks q WHERE q.run_id = r.id), 0) AS completion_tokens,
    a.run_id IS NOT NULL AS has_answer,
    a.answer AS answer,
    a.cut AS answer_cut
  FROM runs r LEFT JOIN answers a ON a.run_id = r.id`;

/** Which runs `list` returns: all by default. */
export interface RunFilter {
  documentId?: string | undefined;
  statuses?: readonly RunStatus[] | undefined;
  /** Newest first, at most this many. */
  limit?: number;
}

/** The summary queries: one run, a document's runs, or runs of any document, newest first. */
export function createRunSummaries(db: Database.Database): {
  get(id: string): RunSummary | undefined;
  listByDocument(documentId: string): RunSummary[];
  list(filter?: RunFilter): RunSummary[];
  /** Ids of runs that start with `prefix` (at most `max`): a short id typed by a person. */
  idsStartingWith(prefix: string, max: number): string[];
} {
  const get = db.prepare<[string], SummaryRow>(`${SUMMARY_SELECT} WHERE r.id = ?`);
  const byDocument = db.prepare<[string], SummaryRow>(
    `${SUMMARY_SELECT} WHERE r.document_id = ? ORDER BY r.created_at DESC, r.rowid DESC`,
  );
  // json_each over the status list keeps one prepared statement for any set of statuses.
  const filtered = db.prepare<
    { document: string | null; statuses: string | null; limit: number },
    SummaryRow
  >(`${SUMMARY_SELECT}
    WHERE (@document IS NULL OR r.document_id = @document)
      AND (@statuses IS NULL OR r.status IN (SELECT value FROM json_each(@statuses)))
    ORDER BY r.created_at DESC, r.rowid DESC LIMIT @limit`);
  const byPrefix = db.prepare<[number, string, number], { id: string }>(
    'SELECT id FROM runs WHERE substr(id, 1, ?) = ? ORDER BY id LIMIT ?',
  );
  return {
    list(filter = {}) {
      return filtered
        .all({
          document: filter.documentId ?? null,
          statuses: filter.statuses === undefined ? null : JSON.stringify(filter.statuses),
          limit: filter.limit ?? -1,
        })
        .map(toSummary);
    },
    idsStartingWith(prefix, max) {
      return byPrefix.all(prefix.length, prefix, max).map((r) => r.id);
    },
    get(id) {
      const row = get.get(id);
      return row && toSummary(row);
    },
    listByDocument(documentId) {
      return byDocument.all(documentId).map(toSummary);
    },
  };
}

function toSummary(row: SummaryRow): RunSummary {
  const summary: RunSummary = {
    id: row.id,
    documentId: row.document_id,
    question: row.question,
    settings: parseColumn(settingsColumn, row.settings, `runs.settings of ${row.id}`),
    status: parseValue(runStatusSchema, row.status, `runs.status of ${row.id}`),
    chunkCount: row.chunk_count,
    chunksDone: row.chunks_done,
    createdAt: row.created_at,
    usage: { promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens },
    origin: parseValue(originColumn, row.origin, `runs.origin of ${row.id}`),
  };
  if (row.imported_at !== null) summary.importedAt = row.imported_at;
  if (row.backend !== null)
    summary.backend = parseColumn(backendColumn, row.backend, `runs.backend of ${row.id}`);
  if (row.profile_id !== null) summary.profileId = row.profile_id;
  if (row.model !== null) summary.model = row.model;
  if (row.has_answer) summary.answer = row.answer;
  if (row.answer_cut === 1) summary.answerCut = true;
  if (row.finished_at !== null) summary.finishedAt = row.finished_at;
  summary.textKey = row.text_key ?? row.document_id;
  if (row.error !== null)
    summary.error = parseColumn(errorColumn, row.error, `runs.error of ${row.id}`);
  return summary;
}

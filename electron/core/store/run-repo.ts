import type Database from 'better-sqlite3';
import type {
  AppError,
  ChunkInfo,
  DocumentRunCounts,
  MemoryState,
  RunSettings,
  RunStatus,
  RunSummary,
  Usage,
  WarningCode,
} from '../../../shared/model.ts';
import { runStatusSchema, warningCodeSchema } from '../../../shared/schemas.ts';
import { createRunCounts } from './run-counts.ts';
import { errorColumn, pagesColumn, parseColumn, parseValue, settingsColumn } from './columns.ts';

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
  chunks_done: number;
  prompt_tokens: number;
  completion_tokens: number;
  has_answer: number;
  answer: string | null;
  answer_cut: number | null;
}

interface ChunkRow {
  idx: number;
  start: number;
  end: number;
  tokens: number;
  pages: string | null;
  section: string | null;
}

interface MemoryRow {
  chunk: number;
  memory: string;
  prompt_tokens: number;
  completion_tokens: number;
  ms: number;
  kept: number;
}

export interface StoredWarning {
  chunk?: number;
  code: WarningCode;
  message: string;
}

export interface StoredAnswer {
  answer: string | null;
  response: string;
  usage: Usage;
  ms: number;
  /** The final reply hit its token limit. */
  cut: boolean;
}

export type NewRun = Pick<
  RunSummary,
  | 'id'
  | 'documentId'
  | 'question'
  | 'settings'
  | 'profileId'
  | 'model'
  | 'status'
  | 'createdAt'
  | 'textKey'
>;

/** Runs and everything they produce: chunking, one memory state per finished chunk, warnings, the answer. */
export interface RunRepo {
  create(run: NewRun): RunSummary;
  get(id: string): RunSummary | undefined;
  /** Newest first. */
  listByDocument(documentId: string): RunSummary[];
  setModel(id: string, model: string): void;
  /** Stores the run's chunking (replacing any) and its chunk count. */
  setChunks(id: string, chunks: readonly ChunkInfo[]): void;
  /** "Retry with…": the profile and settings the rest of the run uses (the latest are kept). */
  setBackend(id: string, backend: { profileId: string; settings: RunSettings }): void;
  /** Forgets what the run read and answered (not its warnings), to read again from chunk 1. */
  clearProgress(id: string): void;
  setStatus(
    id: string,
    status: RunStatus,
    options?: { finishedAt?: number; error?: AppError | null },
  ): void;
  /** Commits one finished chunk's memory. Idempotent per (run, chunk). */
  saveMemory(id: string, state: MemoryState): void;
  saveAnswer(id: string, answer: StoredAnswer): void;
  addWarning(id: string, warning: StoredWarning): void;
  chunks(id: string): ChunkInfo[];
  /** Memory states in chunk order. */
  memories(id: string): MemoryState[];
  warnings(id: string): StoredWarning[];
  answer(id: string): StoredAnswer | undefined;
  /**
   * Marks runs a previous process left queued, running or paused as `interrupted` and returns
   * their ids; one that had stored its answer (it stopped in the quote step, a follow-up) is
   * `done` instead, so continuing it never asks for the answer again.
   */
  markInterrupted(): string[];
  remove(id: string): boolean;
  /** Every document's runs counted by state (`runs:counts`). */
  countsByDocument(): DocumentRunCounts[];
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

export function createRunRepo(db: Database.Database): RunRepo {
  const insert = db.prepare(`
    INSERT INTO runs (id, document_id, question, settings, profile_id, model, status, chunk_count, created_at, text_key)
    VALUES (@id, @document_id, @question, @settings, @profile_id, @model, @status, 0, @created_at, @text_key)`);
  const get = db.prepare<[string], SummaryRow>(`${SUMMARY_SELECT} WHERE r.id = ?`);
  const byDocument = db.prepare<[string], SummaryRow>(
    `${SUMMARY_SELECT} WHERE r.document_id = ? ORDER BY r.created_at DESC, r.rowid DESC`,
  );
  const setModel = db.prepare('UPDATE runs SET model = ? WHERE id = ?');
  const deleteChunks = db.prepare('DELETE FROM chunks WHERE run_id = ?');
  const insertChunk = db.prepare(
    'INSERT INTO chunks (run_id, idx, start, end, tokens, pages, section) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const setChunkCount = db.prepare('UPDATE runs SET chunk_count = ? WHERE id = ?');
  const setBackend = db.prepare('UPDATE runs SET profile_id = ?, settings = ? WHERE id = ?');
  const deleteMemories = db.prepare('DELETE FROM memory_states WHERE run_id = ?');
  const deleteAnswer = db.prepare('DELETE FROM answers WHERE run_id = ?');
  const setStatus = db.prepare(
    'UPDATE runs SET status = ?, finished_at = ?, error = ? WHERE id = ?',
  );
  const setStatusOnly = db.prepare('UPDATE runs SET status = ? WHERE id = ?');
  const saveMemory = db.prepare(`
    INSERT OR REPLACE INTO memory_states (run_id, chunk, memory, prompt_tokens, completion_tokens, ms, kept)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const saveAnswer = db.prepare(`
    INSERT OR REPLACE INTO answers (run_id, answer, response, prompt_tokens, completion_tokens, ms, cut)
    VALUES (?, ?, ?, ?, ?, ?, ?)`);
  const addWarning = db.prepare(
    'INSERT INTO warnings (run_id, chunk, code, message) VALUES (?, ?, ?, ?)',
  );
  const chunks = db.prepare<[string], ChunkRow>(
    'SELECT * FROM chunks WHERE run_id = ? ORDER BY idx',
  );
  const memories = db.prepare<[string], MemoryRow>(
    'SELECT * FROM memory_states WHERE run_id = ? ORDER BY chunk',
  );
  const warnings = db.prepare<[string], { chunk: number | null; code: string; message: string }>(
    'SELECT chunk, code, message FROM warnings WHERE run_id = ? ORDER BY id',
  );
  const answer = db.prepare<
    [string],
    {
      answer: string | null;
      response: string;
      prompt_tokens: number;
      completion_tokens: number;
      ms: number;
      cut: number;
    }
  >('SELECT * FROM answers WHERE run_id = ?');
  const unfinished = db.prepare<[], { id: string }>(
    "SELECT id FROM runs WHERE status IN ('queued', 'running', 'paused') AND id NOT IN (SELECT run_id FROM answers)",
  );
  const answeredDone = db.prepare(
    "UPDATE runs SET status = 'done', error = NULL WHERE status IN ('queued', 'running', 'paused') AND id IN (SELECT run_id FROM answers)",
  );
  const interrupt = db.prepare(
    "UPDATE runs SET status = 'interrupted' WHERE status IN ('queued', 'running', 'paused')",
  );
  const remove = db.prepare('DELETE FROM runs WHERE id = ?');
  const countsByDocument = createRunCounts(db);

  const replaceChunks = db.transaction((id: string, list: readonly ChunkInfo[]) => {
    deleteChunks.run(id);
    for (const c of list) {
      insertChunk.run(
        id,
        c.index,
        c.start,
        c.end,
        c.tokens,
        c.pages ? JSON.stringify(c.pages) : null,
        c.section ?? null,
      );
    }
    setChunkCount.run(list.length, id);
  });

  const repo: RunRepo = {
    create(run) {
      insert.run({
        id: run.id,
        document_id: run.documentId,
        question: run.question,
        settings: JSON.stringify(run.settings),
        profile_id: run.profileId ?? null,
        model: run.model ?? null,
        status: run.status,
        created_at: run.createdAt,
        text_key: run.textKey ?? run.documentId,
      });
      const created = repo.get(run.id);
      if (!created) throw new Error(`run ${run.id} vanished after insert`);
      return created;
    },
    get(id) {
      const row = get.get(id);
      return row && toSummary(row);
    },
    listByDocument(documentId) {
      return byDocument.all(documentId).map(toSummary);
    },
    setModel(id, model) {
      setModel.run(model, id);
    },
    setChunks(id, list) {
      replaceChunks(id, list);
    },
    setBackend(id, { profileId, settings }) {
      setBackend.run(profileId, JSON.stringify(settingsColumn.parse(settings)), id);
    },
    clearProgress(id) {
      db.transaction(() => {
        deleteMemories.run(id);
        deleteAnswer.run(id);
      })();
    },
    setStatus(id, status, options) {
      if (options === undefined) {
        setStatusOnly.run(status, id);
        return;
      }
      setStatus.run(
        status,
        options.finishedAt ?? null,
        options.error ? JSON.stringify(options.error) : null,
        id,
      );
    },
    saveMemory(id, s) {
      saveMemory.run(
        id,
        s.chunk,
        s.memory,
        s.usage.promptTokens,
        s.usage.completionTokens,
        s.ms,
        s.kept ? 1 : 0,
      );
    },
    saveAnswer(id, a) {
      saveAnswer.run(
        id,
        a.answer,
        a.response,
        a.usage.promptTokens,
        a.usage.completionTokens,
        a.ms,
        a.cut ? 1 : 0,
      );
    },
    addWarning(id, w) {
      addWarning.run(id, w.chunk ?? null, w.code, w.message);
    },
    chunks(id) {
      return chunks.all(id).map((row) => {
        const chunk: ChunkInfo = {
          index: row.idx,
          start: row.start,
          end: row.end,
          tokens: row.tokens,
        };
        if (row.pages !== null)
          chunk.pages = parseColumn(pagesColumn, row.pages, `chunks.pages of ${id}`);
        if (row.section !== null) chunk.section = row.section;
        return chunk;
      });
    },
    memories(id) {
      return memories.all(id).map((row) => ({
        chunk: row.chunk,
        memory: row.memory,
        usage: { promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens },
        ms: row.ms,
        kept: row.kept !== 0,
      }));
    },
    warnings(id) {
      return warnings.all(id).map((row) => {
        const w: StoredWarning = {
          code: parseValue(warningCodeSchema, row.code, `warnings.code of ${id}`),
          message: row.message,
        };
        if (row.chunk !== null) w.chunk = row.chunk;
        return w;
      });
    },
    answer(id) {
      const row = answer.get(id);
      if (!row) return undefined;
      return {
        answer: row.answer,
        response: row.response,
        usage: { promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens },
        ms: row.ms,
        cut: row.cut === 1,
      };
    },
    markInterrupted() {
      return db.transaction(() => {
        const ids = unfinished.all().map((r) => r.id);
        answeredDone.run();
        interrupt.run();
        return ids;
      })();
    },
    remove(id) {
      return remove.run(id).changes > 0;
    },
    countsByDocument,
  };
  return repo;
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
  };
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

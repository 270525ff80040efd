// What a run produced, row by row: its chunking, one memory state per finished chunk, its
// warnings and its answer.
import type Database from 'better-sqlite3';
import type {
  ChunkInfo,
  Evidence,
  MemoryState,
  Usage,
  WarningCode,
} from '../../../shared/model.ts';
import { warningCodeSchema } from '../../../shared/schemas.ts';
import { evidenceColumn, pagesColumn, parseColumn, parseValue } from './columns.ts';
import { writeTransaction } from './write-transaction.ts';

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
  reply: string | null;
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
  /** The final reply as received, when it differs from `response` (thinking included). */
  raw?: string;
}

export interface RunResults {
  /**
   * Stores the run's chunking (replacing any) and its chunk count (`count`: an imported run may
   * know more chunks than it has rows for: only the read ones came with it).
   */
  setChunks(id: string, chunks: readonly ChunkInfo[], count?: number): void;
  /** Forgets what the run read and answered (not its warnings), to read again from chunk 1. */
  clearProgress(id: string): void;
  /** Commits one finished chunk's memory. Idempotent per (run, chunk). */
  saveMemory(id: string, state: MemoryState): void;
  saveAnswer(id: string, answer: StoredAnswer): void;
  addWarning(id: string, warning: StoredWarning): void;
  chunks(id: string): ChunkInfo[];
  /** The chunks one at a time, from the database as they are used: a run may have millions. */
  eachChunk(id: string): IterableIterator<ChunkInfo>;
  /** Memory states in chunk order. */
  memories(id: string): MemoryState[];
  /** Memory states in chunk order, one at a time (see eachChunk). */
  eachMemory(id: string): IterableIterator<MemoryState>;
  warnings(id: string): StoredWarning[];
  answer(id: string): StoredAnswer | undefined;
  /**
   * Stores the passages the run's answer rests on: found when the run ended, by the evidence
   * back-fill, or brought by an import. Stored once, read by every view and export.
   */
  setEvidence(id: string, evidence: readonly Evidence[]): void;
  /**
   * The run's stored passages ([] when none was found with confidence); undefined when none are
   * stored (no answer yet, or a run from before evidence was kept whose text was not at hand).
   */
  evidence(id: string): Evidence[] | undefined;
}

export function createRunResults(db: Database.Database): RunResults {
  const deleteChunks = db.prepare('DELETE FROM chunks WHERE run_id = ?');
  const insertChunk = db.prepare(
    'INSERT INTO chunks (run_id, idx, start, end, tokens, pages, section) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const setChunkCount = db.prepare('UPDATE runs SET chunk_count = ? WHERE id = ?');
  const setEvidence = db.prepare('UPDATE runs SET evidence = ? WHERE id = ?');
  // A new answer (or none) makes the old one's passages wrong: they go with it.
  const clearEvidence = db.prepare('UPDATE runs SET evidence = NULL WHERE id = ?');
  const evidence = db.prepare<[string], { evidence: string | null }>(
    'SELECT evidence FROM runs WHERE id = ?',
  );
  const deleteMemories = db.prepare('DELETE FROM memory_states WHERE run_id = ?');
  const deleteAnswer = db.prepare('DELETE FROM answers WHERE run_id = ?');
  const saveMemory = db.prepare(`
    INSERT OR REPLACE INTO memory_states (run_id, chunk, memory, prompt_tokens, completion_tokens, ms, kept, reply)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
  const saveAnswer = db.prepare(`
    INSERT OR REPLACE INTO answers (run_id, answer, response, prompt_tokens, completion_tokens, ms, cut, raw)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?)`);
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
      raw: string | null;
    }
  >('SELECT * FROM answers WHERE run_id = ?');

  const replaceChunks = writeTransaction(
    db,
    (id: string, list: readonly ChunkInfo[], count: number) => {
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
      setChunkCount.run(count, id);
    },
  );

  return {
    setChunks(id, list, count = list.length) {
      replaceChunks(id, list, count);
    },
    clearProgress(id) {
      writeTransaction(db, () => {
        deleteMemories.run(id);
        deleteAnswer.run(id);
        clearEvidence.run(id);
      })();
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
        s.reply ?? null,
      );
    },
    saveAnswer(id, a) {
      clearEvidence.run(id);
      saveAnswer.run(
        id,
        a.answer,
        a.response,
        a.usage.promptTokens,
        a.usage.completionTokens,
        a.ms,
        a.cut ? 1 : 0,
        a.raw ?? null,
      );
    },
    addWarning(id, w) {
      addWarning.run(id, w.chunk ?? null, w.code, w.message);
    },
    chunks(id) {
      return chunks.all(id).map((row) => chunkInfo(row, id));
    },
    *eachChunk(id) {
      for (const row of chunks.iterate(id)) yield chunkInfo(row, id);
    },
    memories(id) {
      return memories.all(id).map(memoryState);
    },
    *eachMemory(id) {
      for (const row of memories.iterate(id)) yield memoryState(row);
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
      const stored: StoredAnswer = {
        answer: row.answer,
        response: row.response,
        usage: { promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens },
        ms: row.ms,
        cut: row.cut === 1,
      };
      if (row.raw !== null) stored.raw = row.raw;
      return stored;
    },
    setEvidence(id, list) {
      setEvidence.run(JSON.stringify(list), id);
    },
    evidence(id) {
      const row = evidence.get(id);
      if (row?.evidence == null) return undefined;
      return parseColumn(evidenceColumn, row.evidence, `runs.evidence of ${id}`);
    },
  };
}

function chunkInfo(row: ChunkRow, id: string): ChunkInfo {
  const chunk: ChunkInfo = { index: row.idx, start: row.start, end: row.end, tokens: row.tokens };
  if (row.pages !== null)
    chunk.pages = parseColumn(pagesColumn, row.pages, `chunks.pages of ${id}`);
  if (row.section !== null) chunk.section = row.section;
  return chunk;
}

function memoryState(row: MemoryRow): MemoryState {
  const state: MemoryState = {
    chunk: row.chunk,
    memory: row.memory,
    usage: { promptTokens: row.prompt_tokens, completionTokens: row.completion_tokens },
    ms: row.ms,
    kept: row.kept !== 0,
  };
  if (row.reply !== null) state.reply = row.reply;
  return state;
}

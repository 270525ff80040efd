// Import of a session export (JSON): its document and runs join the library as they were, marked
// as imported. The document's text is not in an export, so an imported run shows the passages it
// carried (`runs.evidence`) until its file is opened.
import type { ChunkInfo, MemoryState, RunStatus } from '../../../shared/model.ts';
import type { SessionImport } from '../../../shared/api-payloads.ts';
import { MAX_SESSION_BYTES } from '../../../shared/limits.ts';
import { CoreError } from '../errors.ts';
import { readUserFile } from '../user-file.ts';
import { checkSession } from './session-checks.ts';
import { libraryProblem } from '../store/library-errors.ts';
import type { Store } from '../store/store.ts';
import {
  parseSessionFile,
  tooLargeSession,
  type SessionFile,
  type SessionFileRun,
} from './session-schema.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/** A session file's bytes; one over the size limit is refused before it is read. */
export function readSessionFile(file: string): Promise<Uint8Array> {
  return readUserFile(file, {
    noun: 'session file',
    notFileHint: 'Choose a session export (.json).',
    maxBytes: MAX_SESSION_BYTES,
    tooLarge: () => tooLargeSession(MAX_SESSION_BYTES),
  });
}

/** Reads a session export's bytes (checked, see parseSessionFile) and imports it. */
export function importSessionBytes(store: Store, bytes: Uint8Array, now: number): SessionImport {
  return importSession(store, parseSessionFile(bytes, MAX_SESSION_BYTES), now);
}

/**
 * Adds `session` to the library in one transaction: its document when missing (no path, no
 * text), and each run with its original id, origin `import`, the import time, its chunks,
 * memories, warnings, answer, quote check counts and evidence. A run already in the library
 * with the same content is counted, not added again; one whose id is taken by different
 * content is left alone and reported. A session whose ids are not the library's kind or whose
 * indexes are out of bounds is refused first (session-checks.ts). Anything failing rolls the
 * whole import back.
 */
export function importSession(store: Store, session: SessionFile, now: number): SessionImport {
  checkSession(session);
  const d = session.document;
  const result: SessionImport = {
    document: { id: d.id, title: d.title },
    documentAdded: false,
    imported: [],
    already: [],
    conflicts: [],
  };
  const add = writeTransaction(store.db, () => {
    if (!store.documents.get(d.id)) {
      store.documents.upsert({
        id: d.id,
        fileName: d.fileName,
        format: d.format,
        title: d.title,
        chars: d.chars,
        openedAt: now,
        warnings: [],
        ...(d.pageCount === undefined ? {} : { pageCount: d.pageCount }),
        ...(d.tokenCount === undefined || d.tokenizer === undefined
          ? {}
          : { tokenCount: d.tokenCount, tokenizer: d.tokenizer }),
        ...(d.ocrPageCount === undefined ? {} : { ocrPageCount: d.ocrPageCount }),
      });
      result.documentAdded = true;
    }
    for (const run of session.runs) {
      if (store.runs.get(run.id) === undefined) {
        addRun(store, d.id, run, now);
        result.imported.push(run.id);
      } else if (sameRun(store, d.id, run)) {
        result.already.push(run.id);
      } else {
        result.conflicts.push({ runId: run.id, question: run.question });
      }
    }
  });
  try {
    add();
  } catch (error) {
    // The transaction rolled back: nothing of the session is in the library. A fault of the
    // library itself (read-only, damaged, a full disk) is said as such, not blamed on the file.
    const library = libraryProblem(error, store.db.name);
    if (library !== undefined)
      throw new CoreError(library.kind, library.message, {
        ...(library.hint === undefined ? {} : { hint: library.hint }),
        ...(library.detail === undefined ? {} : { detail: library.detail }),
        cause: error,
      });
    throw new CoreError(
      'Damaged',
      'This session could not be imported; the library is unchanged.',
      {
        hint: 'The file may be damaged: export the session again.',
        detail: error instanceof Error ? error.message : String(error),
        cause: error,
      },
    );
  }
  return result;
}

/** A run left going when it was exported cannot go on here: it stopped there. */
const STOPPED: Partial<Record<RunStatus, RunStatus>> = {
  queued: 'interrupted',
  running: 'interrupted',
  paused: 'interrupted',
};

function addRun(store: Store, documentId: string, run: SessionFileRun, now: number): void {
  const runs = store.runs;
  runs.create({
    id: run.id,
    documentId,
    question: run.question,
    settings: run.settings,
    status: STOPPED[run.status] ?? run.status,
    createdAt: Date.parse(run.createdAt),
    textKey: documentId,
    origin: 'import',
    importedAt: now,
    ...(run.model === null ? {} : { model: run.model }),
    ...(run.backend === null ? {} : { backend: run.backend }),
  });
  // Only the chunks that were read came with the run (their pages and section; their spans
  // from format 2 on); the count says how many the document had.
  const chunks = run.memories.map((m): ChunkInfo => ({
    index: m.chunk,
    start: m.start ?? 0,
    end: m.end ?? 0,
    tokens: m.tokens ?? 0,
    ...(m.pages === undefined ? {} : { pages: m.pages }),
    ...(m.section === undefined ? {} : { section: m.section }),
  }));
  runs.setChunks(run.id, chunks, Math.max(run.chunkCount, chunks.length));
  const read = { promptTokens: 0, completionTokens: 0 };
  for (const m of run.memories) {
    const state: MemoryState = {
      chunk: m.chunk,
      memory: m.memory,
      usage: m.usage,
      ms: m.ms,
      kept: m.kept,
    };
    runs.saveMemory(run.id, state);
    read.promptTokens += m.usage.promptTokens;
    read.completionTokens += m.usage.completionTokens;
  }
  for (const { chunk, ...w } of run.warnings)
    runs.addWarning(run.id, chunk === undefined ? w : { ...w, chunk });
  // The export keeps the run's total usage, not the answer's: the answer takes the rest, so
  // the imported run's total is the exported one.
  const rest = {
    promptTokens: Math.max(0, run.usage.promptTokens - read.promptTokens),
    completionTokens: Math.max(0, run.usage.completionTokens - read.completionTokens),
  };
  if (run.response !== null)
    runs.saveAnswer(run.id, {
      answer: run.answer,
      response: run.response,
      usage: rest,
      ms: 0,
      cut: run.answerCut,
    });
  if (run.quoteCheck !== undefined)
    store.quotes.save(run.id, {
      quotes: [],
      check: run.quoteCheck,
      usage: { promptTokens: 0, completionTokens: 0 },
    });
  if (run.evidence !== undefined) runs.setEvidence(run.id, run.evidence);
  runs.setStatus(run.id, STOPPED[run.status] ?? run.status, {
    ...(run.finishedAt === null ? {} : { finishedAt: Date.parse(run.finishedAt) }),
    error: run.error ?? null,
  });
}

/** The library's run with this id is the exported one: same document, question, memories and reply. */
function sameRun(store: Store, documentId: string, run: SessionFileRun): boolean {
  const here = store.runs.get(run.id);
  if (here?.documentId !== documentId || here.question !== run.question) return false;
  const memories = store.runs.memories(run.id);
  if (memories.length !== run.memories.length) return false;
  if (memories.some((m, i) => m.memory !== run.memories[i]?.memory)) return false;
  return (store.runs.answer(run.id)?.response ?? null) === run.response;
}

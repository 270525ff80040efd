// Domain types shared by the main process, the CLI and the renderer.
// Pure TypeScript: no Node, DOM or electron imports (enforced by tsconfig.shared.json).
// Shapes that cross an edge are zod schemas in schemas.ts; their inferred types are re-exported
// here under the names the code uses.
import type { TimeLeft } from './run-clock.ts';
import type {
  AppError,
  ChunkInfo,
  DocumentFormat,
  Evidence,
  MemoryState,
  ModelQuote,
  QuoteCheckStatus,
  Reading,
  RunBackend,
  RunSettings,
  RunStatus,
  Usage,
  WarningCode,
} from './schemas.ts';

export type {
  AppError,
  BackendKind,
  BackendProfile,
  ChunkInfo,
  ChunkPages,
  DocumentFormat,
  DocumentText,
  ErrorKind,
  Evidence,
  FinalPrompt,
  MemoryState,
  ModelQuote,
  PageSpan,
  QuoteCheckStatus,
  Reading,
  RunBackend,
  RunSettings,
  RunStatus,
  Section,
  TokenizerChoice,
  Usage,
  WarningCode,
} from './schemas.ts';

/** What the library shows about an opened document (no text). */
export interface DocumentInfo {
  /** SHA-256 of the file's bytes, hex. */
  id: string;
  fileName: string;
  path?: string;
  format: DocumentFormat;
  title: string;
  chars: number;
  pageCount?: number;
  /** Token count under `tokenizer`, once known. */
  tokenCount?: number;
  tokenizer?: string;
  openedAt: number;
  warnings: string[];
  /**
   * PDF: how its text is read now (`documents:reread` changes it). Absent for other formats and
   * for PDFs opened before OCR existed (read as `auto` with English).
   */
  reading?: Reading;
  /** Identifies the text `reading` produced: what runs and the reader refer to (see `textKey`). */
  textKey?: string;
  /** PDF: how many pages of the current reading were recognised by OCR. */
  ocrPageCount?: number;
}

/** The reading a PDF gets unless the user chose another. */
export const DEFAULT_READING: Reading = { ocr: 'auto', languages: ['eng'] };

/** An OCR language the app can use: shipped in its packages, or a file the user added. */
export interface OcrLanguage {
  /** Tesseract code, such as `eng` or `chi_sim`. */
  code: string;
  /** English name when known (`German`), else the code. */
  name: string;
  source: 'shipped' | 'user';
}

/** Per-run settings a run starts with when nobody chose otherwise (MEMAGENT.md). */
export const DEFAULT_RUN_SETTINGS: RunSettings = {
  chunkTokens: 5000,
  memoryTokens: 1024,
  answerTokens: 1024,
  temperature: 0.7,
  topP: 0.95,
  final: 'boxed',
  tokenizer: 'auto',
};

export const INITIAL_MEMORY = 'No previous memory';

export { MAX_QUESTION_CHARS } from './limits.ts';

/**
 * Events of one run, in order. Exactly one terminal event (`finished`, `error` or `cancelled`)
 * ends every run; `answer` precedes `finished`.
 */
export type RunEvent =
  | {
      type: 'started';
      runId: string;
      chunkCount: number;
      chunks: ChunkInfo[];
      startChunk: number;
      model: string;
    }
  | { type: 'chunk-started'; runId: string; chunk: number; start: number; end: number }
  | { type: 'memory-delta'; runId: string; chunk: number; delta: string }
  | { type: 'chunk-done'; runId: string; state: MemoryState }
  | { type: 'warning'; runId: string; chunk?: number; code: WarningCode; message: string }
  /** A pause was asked for (`requested`) or withdrawn before it took effect at a chunk boundary. */
  | { type: 'pause-requested'; runId: string; requested: boolean }
  /** The run's time left, worked out by the main process (shared/run-clock.ts); live only. */
  | { type: 'time-left'; runId: string; left: TimeLeft }
  | { type: 'paused'; runId: string; atChunk: number }
  | { type: 'resumed'; runId: string; atChunk: number }
  | {
      type: 'answer';
      runId: string;
      answer: string | null;
      response: string;
      usage: Usage;
      ms: number;
      /**
       * The final reply hit its token limit. An answer is still given only when its form is
       * complete (a closed box, a whole line), but the model may have had more to say: show it
       * as incomplete.
       */
      cut: boolean;
      /** The final reply exactly as received (thinking included), when it differs from `response`. */
      raw?: string;
    }
  /**
   * The quote check after the answer (when on): the model's quotes found in their chunks, the
   * counts, and the tokens its requests used. Sent once, also when it was cut short.
   */
  | {
      type: 'quotes';
      runId: string;
      quotes: ModelQuote[];
      check: QuoteCheckStatus;
      usage: Usage;
    }
  | {
      type: 'finished';
      runId: string;
      usage: Usage;
      elapsedMs: number;
      /**
       * The passages the answer rests on, found once when the run ended (shared/evidence.ts),
       * best first; empty without an answer or when none was found with confidence. A cut
       * answer is traced too: every view labels its passages as those of a cut answer.
       */
      evidence: Evidence[];
    }
  | { type: 'error'; runId: string; error: AppError; atChunk?: number }
  | { type: 'cancelled'; runId: string; atChunk: number };

export type RunEventType = RunEvent['type'];

export const TERMINAL_EVENTS = [
  'finished',
  'error',
  'cancelled',
] as const satisfies readonly RunEventType[];

/** The events that end a run. */
export type TerminalRunEvent = Extract<RunEvent, { type: (typeof TERMINAL_EVENTS)[number] }>;

export function isTerminal(event: RunEvent): event is TerminalRunEvent {
  return (TERMINAL_EVENTS as readonly RunEventType[]).includes(event.type);
}

/** One question asked of one document, as listed and stored. */
export interface RunSummary {
  id: string;
  documentId: string;
  question: string;
  settings: RunSettings;
  profileId?: string;
  model?: string;
  status: RunStatus;
  chunkCount: number;
  chunksDone: number;
  answer?: string | null;
  /** The final reply was cut at its token limit (see the `answer` event's `cut`). */
  answerCut?: boolean;
  createdAt: number;
  finishedAt?: number;
  usage: Usage;
  error?: AppError;
  /**
   * The document text the run read (`DocumentInfo.textKey` when it started). Differs from the
   * document's current key after a re-read with other OCR settings; the run's chunks and
   * citations refer to this text (`documents:get` with `textKey`).
   */
  textKey?: string;
  /** Where the run was made: in the app, by `memagent ask`, or brought in by an import. */
  origin: RunOrigin;
  /** When an imported run was imported (its `createdAt` is when it was first asked). */
  importedAt?: number;
  /**
   * The backend the run read with, described without any key, for runs with no profile (the
   * command line's, imported ones).
   */
  backend?: RunBackend;
}

export type RunOrigin = 'app' | 'cli' | 'import';

/** A document's questions and how its runs stand (`runs:counts`), counted in the library's database. */
export interface DocumentRunCounts {
  documentId: string;
  /** Distinct question texts: the same question asked twice counts once. */
  questions: number;
  runs: number;
  /** Runs queued, reading or paused. */
  reading: number;
  /** Of those, the paused ones: a paused question is not being read and must not say so. */
  paused: number;
  /** Runs that failed or were interrupted. */
  failed: number;
  /** Finished runs with an answer (an incomplete one included). */
  done: number;
  /** Finished runs with no extractable answer (shared/run-outcome.ts `no-answer`). */
  noAnswer: number;
  lastAskedAt: number;
}

/** Everything known about a run at one moment: what a late subscriber receives first. */
export interface RunSnapshot {
  summary: RunSummary;
  chunks: ChunkInfo[];
  memories: MemoryState[];
  /** Memory text streamed so far for the chunk being read. */
  partialMemory?: string;
  response?: string;
  warnings: { chunk?: number; code: WarningCode; message: string }[];
  /** A pause was asked for and takes effect when the chunk being read is done. */
  pauseRequested?: boolean;
  /** A live run's time left, as last worked out `ageMs` milliseconds ago. */
  timeLeft?: { left: TimeLeft; ageMs: number };
  /** The model's verified quotes and the check's counts, when the quote check ran. */
  modelQuotes?: ModelQuote[];
  quoteCheck?: QuoteCheckStatus;
  /**
   * The passages the answer rests on, as stored with the run (found when it ended, or brought
   * by an import); absent when the run has none stored (no answer yet, or its text was not at
   * hand to find them). Reading it never needs the document's text.
   */
  evidence?: Evidence[];
  /**
   * Another live process reading the run right now, in words ("memagent in a terminal (pid
   * 1234)"): the snapshot holds what that process has saved, and only it controls the run.
   */
  readBy?: string;
  /** Sequence number of the last event folded into this snapshot. */
  seq: number;
}

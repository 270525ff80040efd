// Domain types shared by the main process, the CLI and the renderer.
// Pure TypeScript: no Node, DOM or electron imports (enforced by tsconfig.shared.json).

/** Formats the extractor recognises (sniffed from bytes, not from the file name). */
export type DocumentFormat = 'pdf' | 'docx' | 'epub' | 'html' | 'text' | 'markdown';

/** A printed page: `start`/`end` are character offsets into `DocumentText.text` (end exclusive). */
export interface PageSpan {
  number: number;
  label?: string;
  start: number;
  end: number;
}

/** A heading / chapter / outline entry starting at character offset `start`. */
export interface Section {
  title: string;
  level: number;
  start: number;
  page?: number;
}

/** The result of extraction: the text the model reads and the map back to pages and sections. */
export interface DocumentText {
  format: DocumentFormat;
  title: string;
  text: string;
  pages?: PageSpan[];
  sections?: Section[];
  warnings: string[];
}

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
}

export type FinalPrompt = 'boxed' | 'text';
export type TokenizerChoice = 'auto' | 'qwen' | 'o200k' | 'server';

/** Per-run settings. Defaults follow MEMAGENT.md. */
export interface RunSettings {
  chunkTokens: number;
  memoryTokens: number;
  answerTokens: number;
  temperature: number;
  topP: number;
  final: FinalPrompt;
  tokenizer: TokenizerChoice;
}

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

/** The longest question a run accepts, in characters (a question rides along in every prompt). */
export const MAX_QUESTION_CHARS = 20_000;

/** Kinds of backend a profile can describe; they differ in URL form, auth header and defaults. */
export type BackendKind = 'vllm' | 'openai' | 'azure' | 'openrouter' | 'ollama' | 'custom';

/** A saved backend. The API key itself never leaves the main process: only `hasApiKey`. */
export interface BackendProfile {
  id: string;
  name: string;
  kind: BackendKind;
  baseUrl: string;
  /** Empty: discovered from /v1/models. For Azure: the deployment name. */
  model?: string;
  /** Azure OpenAI `api-version` query parameter. */
  apiVersion?: string;
  hasApiKey: boolean;
  /** Prices in currency units per million tokens, for a cost estimate. */
  inputPricePerMTok?: number;
  outputPricePerMTok?: number;
  timeoutMs?: number;
  maxRetries?: number;
}

/** Token usage of one or many calls. */
export interface Usage {
  promptTokens: number;
  completionTokens: number;
}

/** A chunk of the document as read by the model. */
export interface ChunkInfo {
  index: number;
  /** Character span in the document text, end exclusive. */
  start: number;
  end: number;
  tokens: number;
  /** First and last page the chunk touches (numbers and printed labels). */
  pages?: { first: number; last: number; firstLabel?: string; lastLabel?: string };
  /** The section in force at the chunk's start. */
  section?: string;
}

/** The memory after reading chunk `chunk` (0-based). */
export interface MemoryState {
  chunk: number;
  memory: string;
  usage: Usage;
  ms: number;
  /** True when the reply was empty or cut by the length limit and the previous memory was kept. */
  kept: boolean;
}

/** Kinds of failure, each turned into one clear sentence with a hint by the UI and the CLI. */
export type ErrorKind =
  | 'BadUsage'
  | 'NotFound'
  | 'Unsupported'
  | 'PasswordRequired'
  | 'WrongPassword'
  | 'Damaged'
  | 'TooLarge'
  | 'TimeLimit'
  | 'BackendUnavailable'
  | 'BackendFailed'
  | 'BackendRejected'
  | 'Cancelled'
  | 'Internal';

/** An error as a value: safe to send to the renderer, print, or store. */
export interface AppError {
  kind: ErrorKind;
  message: string;
  hint?: string;
  /** Technical detail (status code, library message); shown only on request (--debug). */
  detail?: string;
}

export type WarningCode =
  'empty-memory' | 'length-cut' | 'no-answer' | 'retry' | 'generic-model' | 'extraction';

export type RunStatus =
  'queued' | 'running' | 'paused' | 'done' | 'error' | 'cancelled' | 'interrupted';

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
  | { type: 'paused'; runId: string; atChunk: number }
  | { type: 'resumed'; runId: string; atChunk: number }
  | {
      type: 'answer';
      runId: string;
      answer: string | null;
      response: string;
      usage: Usage;
      ms: number;
    }
  | { type: 'finished'; runId: string; usage: Usage; elapsedMs: number }
  | { type: 'error'; runId: string; error: AppError; atChunk?: number }
  | { type: 'cancelled'; runId: string; atChunk: number };

export type RunEventType = RunEvent['type'];

export const TERMINAL_EVENTS: readonly RunEventType[] = ['finished', 'error', 'cancelled'];

export function isTerminal(event: RunEvent): boolean {
  return TERMINAL_EVENTS.includes(event.type);
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
  createdAt: number;
  finishedAt?: number;
  usage: Usage;
  error?: AppError;
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
  /** Sequence number of the last event folded into this snapshot. */
  seq: number;
}

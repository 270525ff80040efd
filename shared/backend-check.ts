// "Check this backend" (Settings): a small generated evaluation set read by one backend, and what
// it showed. Shared by main (electron/core/eval/check), the store and the renderer. Pure types.
import type { AppError, Usage } from './model.ts';
import type { Range } from './run-estimate.ts';

/** What the set's haystack is: a document of the library (its extracted text) or the bundled text. */
export type CheckSource = { kind: 'bundled' } | { kind: 'document'; documentId: string };

/** What a check will take, said before it starts. */
export interface CheckEstimate {
  /** The haystack's title ("The Devil's Dictionary", a document's title). */
  sourceTitle: string;
  rows: number;
  /** The row lengths in tokens, shortest first (e.g. 8,192 and 32,768). */
  lengths: number[];
  /** Tokens of all rows' contexts with the backend's tokenizer: what the model reads. */
  contextTokens: number;
  /** Requests: every chunk of every row, plus one final request per row. */
  requests: number;
  /** Prompt tokens of all requests, at most (memories at their full budget). */
  promptTokens: number;
  /** In the profile's prices; null when the profile has none. */
  cost: Range | null;
  /** Null until a run on this backend and model has measured its speed. */
  seconds: Range | null;
  /** True for a local kind without prices (vLLM, Ollama, a custom server): no bill per token. */
  ownServer: boolean;
  tokenizer: string;
  model: string;
}

/** A row the backend got wrong (or only partly right). */
export interface CheckWrongRow {
  question: string;
  expected: string;
  /** The extracted answer; null when the reply had none. */
  answer: string | null;
  /** "8K" */
  length: string;
  tokens: number;
  family: string;
}

/** Accuracy at one of the check's lengths. */
export interface CheckLength {
  /** "8K" */
  label: string;
  tokens: number;
  rows: number;
  right: number;
  failed: number;
  /** sub-EM %, failed rows as 0 (summary.ts). */
  subEm: number;
}

export type CheckState = 'preparing' | 'running' | 'done' | 'cancelled' | 'error';

/** A check as it goes and as it ended; the ended one is kept per profile (results only, no key). */
export interface CheckSnapshot {
  profileId: string;
  profileName: string;
  model: string | null;
  sourceTitle: string;
  state: CheckState;
  startedAt: number;
  /** Set once the check ended. */
  finishedAt?: number;
  rows: number;
  rowsDone: number;
  /** Rows whose answer was fully right (sub-EM 1). */
  right: number;
  /** Rows whose requests failed after retries (counted as 0, shown apart). */
  failed: number;
  /** sub-EM % over the rows done, failed rows as 0 (summary.ts); null before the first row. */
  subEm: number | null;
  elapsedMs: number;
  usage: Usage;
  /** In the profile's prices; null when it has none. */
  cost: number | null;
  byLength: CheckLength[];
  wrong: CheckWrongRow[];
  /** Failed rows grouped by their one-sentence error. */
  failures: { message: string; rows: number }[];
  /** Why the check stopped before its rows (server down, text too short): one sentence. */
  error?: AppError;
}

/** "7 of 8 right", "3 of 5 right, 1 failed (5 of 8 rows read)": the app's one wording. */
export function checkVerdict(s: Pick<CheckSnapshot, 'right' | 'rows' | 'rowsDone' | 'failed'>) {
  const failed = s.failed > 0 ? `, ${s.failed} failed` : '';
  const partial = s.rowsDone < s.rows ? ` (${s.rowsDone} of ${s.rows} rows read)` : '';
  return `${s.right} of ${s.rowsDone} right${failed}${partial}`;
}

// "Check this backend" (Settings): a small generated evaluation set read by one backend, and what
// it showed. Shared by main (electron/core/eval/check), the store and the renderer. The snapshot's
// shape is stated once, as a zod schema in backend-check-schema.ts (the renderer imports this file
// for checkVerdict without loading zod).
import type { CheckSnapshot } from './backend-check-schema.ts';
import type { Range } from './run-estimate.ts';

export type {
  CheckLength,
  CheckSnapshot,
  CheckState,
  CheckWrongRow,
} from './backend-check-schema.ts';

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

/** "7 of 8 right", "3 of 5 right, 1 failed (5 of 8 rows read)": the app's one wording. */
export function checkVerdict(s: Pick<CheckSnapshot, 'right' | 'rows' | 'rowsDone' | 'failed'>) {
  const failed = s.failed > 0 ? `, ${s.failed} failed` : '';
  const partial = s.rowsDone < s.rows ? ` (${s.rowsDone} of ${s.rows} rows read)` : '';
  return `${s.right} of ${s.rowsDone} right${failed}${partial}`;
}

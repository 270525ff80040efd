// The evaluation loop: rows read one at a time from the data file, `concurrency` of them in
// flight (each row's requests stay sequential), each sent to the server with the fewest
// rows in flight (ties in turn), scored, and handed to `onResult` as it ends.
import { CoreError, toAppError } from '../errors.ts';
import { createLeastLoaded } from '../llm/least-loaded.ts';
import type { LlmClient } from '../llm/types.ts';
import type { EvalRow } from './dataset.ts';
import type { ResultSettings, RowResult } from './results-file.ts';
import type { RowWarning } from './row-warnings.ts';
import { scoreRow, stringMatchAll } from './score.ts';

/** One OpenAI-compatible server the rows are spread over. */
export interface EvalServer {
  /** As given (--base-url), for results and messages. */
  url: string;
  client: LlmClient;
}

/** What reading one row gave. */
export interface RowOutcome {
  tokens: number;
  prediction: string | null;
  response: string | null;
  chunks: number;
  usage: { promptTokens: number; completionTokens: number };
  ms: number;
  model: string | null;
  /** Set when the row's requests failed after retries: the row has no model answer. */
  error?: { kind: string; message: string };
  /** What went less than cleanly (a memory or reply cut, thinking stripped ...), by kind. */
  warnings?: RowWarning[];
}

/** Reads one row on `server`; resolves undefined when cancelled (the row is not recorded). */
export type ReadRow = (
  row: EvalRow,
  server: EvalServer,
  signal: AbortSignal,
) => Promise<RowOutcome | undefined>;

export interface RunEvalInput {
  rows: AsyncIterable<EvalRow>;
  servers: readonly EvalServer[];
  /** Rows in flight at once (each row is one request at a time). */
  concurrency: number;
  method: RowResult['method'];
  /** Recorded on every result line, so a rerun with other settings can be refused. */
  settings?: ResultSettings;
  readRow: ReadRow;
  /** True for a row already done (a resumed --out): it is not read again. */
  skip: (row: EvalRow) => boolean;
  /** Each row's result as it ends (in the order rows end). */
  onResult: (result: RowResult, row: EvalRow) => void;
  /** A row starts on a server (progress). */
  onStart?: (row: EvalRow, server: EvalServer) => void;
  signal: AbortSignal;
}

/** The scored result of a row; a failed row scores 0 in every metric. */
export function rowResult(
  row: EvalRow,
  outcome: RowOutcome,
  method: RowResult['method'],
  server?: string,
  settings?: ResultSettings,
): RowResult {
  const failed = outcome.error !== undefined;
  const prediction = failed ? null : outcome.prediction;
  let em: number | null = null;
  let subEm: number;
  let f1: number | null = null;
  if (row.scoring === 'qa') {
    const s = scoreRow(prediction, row.answers);
    em = s.em;
    subEm = s.subEm;
    f1 = s.f1;
  } else {
    subEm = stringMatchAll(prediction, row.answers);
  }
  const result: RowResult = {
    id: row.id,
    length: outcome.tokens,
    prediction,
    response: outcome.response,
    answers: row.answers,
    em,
    sub_em: subEm,
    f1,
    chunks: outcome.chunks,
    usage: {
      prompt_tokens: outcome.usage.promptTokens,
      completion_tokens: outcome.usage.completionTokens,
    },
    ms: Math.round(outcome.ms),
    error: outcome.error ?? null,
    method,
    model: outcome.model,
  };
  if (row.numDocs !== undefined) result.num_docs = row.numDocs;
  if (server !== undefined) result.server = server;
  if (row.task !== undefined) result.task = row.task;
  result.question = row.question;
  result.warnings = outcome.warnings ?? [];
  if (settings !== undefined) result.settings = settings;
  return result;
}

/**
 * Runs every row not skipped. Resolves when all rows are done, or when `signal` aborts (rows in
 * flight are cancelled and not recorded). A bad row in the data file rejects, after the rows in
 * flight were cancelled.
 */
export async function runEval(input: RunEvalInput): Promise<void> {
  if (input.servers.length === 0) throw new CoreError('BadUsage', 'No server to evaluate on.');
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  input.signal.addEventListener('abort', onAbort, { once: true });
  // The routed client's rule (least-loaded.ts), per row: a row's requests stay on its server.
  const picker = createLeastLoaded(input.servers.length);
  const iterator = input.rows[Symbol.asyncIterator]();
  let failure: unknown;
  const several = input.servers.length > 1;

  const worker = async () => {
    while (!stop.signal.aborted) {
      let next: IteratorResult<EvalRow>;
      try {
        next = await iterator.next();
      } catch (error) {
        failure ??= error;
        stop.abort();
        return;
      }
      if (next.done === true) return;
      const row = next.value;
      if (input.skip(row)) continue;
      const pick = picker.acquire();
      const server = input.servers[pick.index] as EvalServer;
      input.onStart?.(row, server);
      try {
        const outcome = await input.readRow(row, server, stop.signal);
        if (outcome === undefined || stop.signal.aborted) continue;
        input.onResult(
          rowResult(row, outcome, input.method, several ? server.url : undefined, input.settings),
          row,
        );
      } catch (error) {
        // A row reader reports request failures in its outcome; what it throws is the
        // evaluation's own failure (the results file cannot be written, a bug).
        failure ??= error;
        stop.abort();
        return;
      } finally {
        pick.release();
      }
    }
  };

  try {
    await Promise.all(Array.from({ length: input.concurrency }, worker));
  } finally {
    input.signal.removeEventListener('abort', onAbort);
    await iterator.return?.(undefined);
  }
  if (failure !== undefined && !input.signal.aborted) throw failure;
}

/** A failure as stored with a failed row: its kind and sentence. */
export function rowError(error: unknown): { kind: string; message: string } {
  const e = toAppError(error);
  return { kind: e.kind, message: e.message };
}

// One evaluation row read with the MemAgent workflow as a run of the process's run registry: a
// job of kind 'eval-row' (its id, one cancel, one terminal event) that waits for a slot of its
// backend's one limiter, is prepared once it holds one (use-cases/prepare-row.ts: the run use
// cases' chunking), reads with the row's server's client, and is never stored.
import type { ChunkInfo } from '../../../shared/model.ts';
import type { PreparedRun, RunRegistry } from '../agent/run-registry.ts';
import { memAgentRowWarnings } from './row-warnings.ts';
import type { EvalServer, ReadRow } from './run-eval.ts';

/** A row's text and question as the protocol reads them (trimmed). */
export interface RowToPrepare {
  id: string;
  text: string;
  question: string;
}

/** A row ready to read: what its run reads, and its chunks (their tokens are the row's length). */
export interface PreparedRow {
  prepared: PreparedRun;
  chunks: readonly ChunkInfo[];
}

/** Prepares a row's run on `server` once it holds a slot; `signal` is the run's cancel. */
export type PrepareRow = (
  row: RowToPrepare,
  server: EvalServer,
  signal: AbortSignal,
) => Promise<PreparedRow>;

export interface MemAgentRowOptions {
  /** The run registry the rows are launched in (kind 'eval-row', no journal). */
  registry: RunRegistry;
  /** The backend's key among the process's limits (default: the registry's default limiter). */
  backend?: string;
  /**
   * The rows' group among the backend's waiters (groups take turns for slots) and the prefix of
   * their run ids, unique among the live rows of the process's job registry.
   */
  group: string;
  prepare: PrepareRow;
}

/**
 * A row reader for `runEval`. The context and question are trimmed as upstream's harness does
 * (`.strip()`); every token of the context is read (upstream's recurrent harness cut contexts
 * over 120,000 tokens to their head and tail by default; MEMAGENT.md says not to). A row whose
 * preparation fails (a server tokenizer that failed after its retries) fails alone, with that
 * error, as a run whose preparation fails does.
 */
export function memAgentRowReader(options: MemAgentRowOptions): ReadRow {
  const { registry, group } = options;
  return async (row, server, signal) => {
    const started = performance.now();
    const text = row.context.trim();
    const question = row.question.trim();
    let chunks: readonly ChunkInfo[] = [];
    // The row's position is unique in the file, whatever its id says.
    const runId = `${group}:row-${row.position}`;
    const onAbort = () => registry.isLive(runId) && registry.cancel(runId);
    try {
      const launched = registry.launch(runId, {
        owner: group,
        group,
        ...(options.backend === undefined ? {} : { backend: options.backend }),
        prepare: async (runSignal) => {
          const ready = await options.prepare({ id: row.id, text, question }, server, runSignal);
          chunks = ready.chunks;
          return ready.prepared;
        },
      });
      // After launch: the run is live, so an abort (even one already given) cancels it.
      if (signal.aborted) onAbort();
      else signal.addEventListener('abort', onAbort, { once: true });
      const outcome = await launched;
      if (outcome.status === 'cancelled' || signal.aborted) return undefined;
      const base = {
        tokens: chunks.reduce((sum, c) => sum + c.tokens, 0),
        prediction: outcome.answer,
        response: outcome.response,
        chunks: chunks.length,
        usage: outcome.usage,
        ms: performance.now() - started,
        model: outcome.model,
        warnings: memAgentRowWarnings(outcome.warnings, outcome.memories),
      };
      return outcome.status === 'error'
        ? {
            ...base,
            error: {
              kind: outcome.error?.kind ?? 'Internal',
              message: outcome.error?.message ?? 'The row failed without an error.',
            },
          }
        : base;
    } finally {
      signal.removeEventListener('abort', onAbort);
    }
  };
}

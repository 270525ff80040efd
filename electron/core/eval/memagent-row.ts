// One evaluation row read with the MemAgent workflow through the app's own machinery: the
// chunker, the run registry and `runMemAgent`, with the row's server's client.
import type { ChunkInfo, RunSettings } from '../../../shared/model.ts';
import { planChunks } from '../agent/plan.ts';
import type { RunRegistry } from '../agent/run-registry.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import { memAgentRowWarnings } from './row-warnings.ts';
import { rowError, type ReadRow } from './run-eval.ts';

export interface MemAgentRowOptions {
  registry: RunRegistry;
  /** The backend's key among the registry's limits (default: the registry's default limiter). */
  backend?: string;
  tokenizer: Tokenizer;
  settings: RunSettings;
}

/**
 * A row reader for `runEval`. The context and question are trimmed as upstream's harness does
 * (`.strip()`); every token of the context is read (upstream's recurrent harness cut contexts
 * over 120,000 tokens to their head and tail by default; MEMAGENT.md says not to).
 */
export function memAgentRowReader(options: MemAgentRowOptions): ReadRow {
  const { registry, tokenizer, settings } = options;
  return async (row, server, signal) => {
    const started = performance.now();
    const text = row.context.trim();
    let chunks: ChunkInfo[];
    try {
      chunks = await planChunks(
        { format: 'text', title: row.id, text, warnings: [] },
        tokenizer,
        settings.chunkTokens,
        signal,
      );
    } catch (error) {
      if (signal.aborted) return undefined;
      // A server tokenizer that failed after its retries fails the row, not the evaluation.
      return {
        tokens: 0,
        prediction: null,
        response: null,
        chunks: 0,
        usage: { promptTokens: 0, completionTokens: 0 },
        ms: performance.now() - started,
        model: null,
        error: rowError(error),
      };
    }
    if (signal.aborted) return undefined;
    const tokens = chunks.reduce((sum, c) => sum + c.tokens, 0);
    // The row's position is unique in the file, whatever its id says.
    const runId = `row-${row.position}`;
    const onAbort = () => registry.isLive(runId) && registry.cancel(runId);
    signal.addEventListener('abort', onAbort, { once: true });
    try {
      const outcome = await registry.launch(runId, {
        owner: 'eval',
        ...(options.backend === undefined ? {} : { backend: options.backend }),
        prepare: () => ({
          text,
          chunks,
          question: row.question.trim(),
          settings,
          client: server.client,
          streamMemory: false,
        }),
      });
      if (outcome.status === 'cancelled') return undefined;
      const base = {
        tokens,
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

import type { ChunkInfo, DocumentText } from '../../../shared/model.ts';
import { planChunks } from '../agent/plan.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import { chunkPlanBytes, chunkPlanCacheBytes } from './cache-budget.ts';
import { createPromiseCache } from './promise-cache.ts';

/**
 * Chunkings of recent document texts, so several questions about one book tokenize it once
 * (and two asked at once, once), within a memory budget (cache-budget.ts).
 * Keyed by text key (text-keys.ts: a re-read gives another), tokenizer and chunk size: the same
 * key always gives the same chunks.
 */
export interface ChunkPlans {
  plan(
    textKey: string,
    doc: DocumentText,
    tokenizer: Tokenizer,
    chunkTokens: number,
    signal: AbortSignal,
  ): Promise<ChunkInfo[]>;
}

/** The cache key of a chunking (also of what is counted from it, prompt-frames.ts). */
export function planKey(textKey: string, tokenizer: Tokenizer, chunkTokens: number): string {
  return `${textKey}\u0000${tokenizer.id}\u0000${chunkTokens}`;
}

export function createChunkPlans(maxBytes = chunkPlanCacheBytes()): ChunkPlans {
  const plans = createPromiseCache<ChunkInfo[]>({ maxBytes, sizeOf: chunkPlanBytes });
  return {
    plan(textKey, doc, tokenizer, chunkTokens, signal) {
      return plans.get(
        planKey(textKey, tokenizer, chunkTokens),
        // Stopped only when every question waiting for it was cancelled.
        (work) => planChunks(doc, tokenizer, chunkTokens, work),
        signal,
      );
    },
  };
}

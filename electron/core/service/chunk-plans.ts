import type { ChunkInfo, DocumentText } from '../../../shared/model.ts';
import { planChunks } from '../agent/plan.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import { createPromiseCache } from './promise-cache.ts';

const SLOTS = 8;

/**
 * Chunkings of recent document texts, so several questions about one book tokenize it once.
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

export function createChunkPlans(): ChunkPlans {
  const plans = createPromiseCache<ChunkInfo[]>(SLOTS);
  return {
    plan(textKey, doc, tokenizer, chunkTokens, signal) {
      return plans.get(
        planKey(textKey, tokenizer, chunkTokens),
        () => planChunks(doc, tokenizer, chunkTokens),
        signal,
      );
    },
  };
}

import type { ChunkInfo, DocumentText } from '../../../shared/model.ts';
import { countSections } from '../agent/prompt-counts.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import { planKey, type ChunkPlans } from './chunk-plans.ts';
import { createPromiseCache } from './promise-cache.ts';

const SLOTS = 8;

/** A chunking with each chunk's prompt part counted: what estimates need of a document. */
export interface PromptFrame {
  chunks: ChunkInfo[];
  sections: number[];
}

/**
 * Prompt frames of recent chunkings: an estimate asked again for another question or backend
 * with the same tokenizer and chunk size costs one short count, not a pass over the book.
 */
export interface PromptFrames {
  frame(
    textKey: string,
    doc: DocumentText,
    tokenizer: Tokenizer,
    chunkTokens: number,
    signal: AbortSignal,
  ): Promise<PromptFrame>;
}

export function createPromptFrames(plans: ChunkPlans, shutdown: AbortSignal): PromptFrames {
  const frames = createPromiseCache<PromptFrame>(SLOTS);
  return {
    frame(textKey, doc, tokenizer, chunkTokens, signal) {
      return frames.get(
        planKey(textKey, tokenizer, chunkTokens),
        async () => {
          // The chunking is shared with runs: a run asked after the estimate starts at once.
          const chunks = await plans.plan(textKey, doc, tokenizer, chunkTokens, shutdown);
          return { chunks, sections: await countSections(doc.text, chunks, tokenizer, shutdown) };
        },
        signal,
      );
    },
  };
}

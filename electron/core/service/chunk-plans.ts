import type { ChunkInfo, DocumentText } from '../../../shared/model.ts';
import { planChunks } from '../agent/plan.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import { abortReason } from '../abort.ts';

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

export function createChunkPlans(): ChunkPlans {
  const plans = new Map<string, Promise<ChunkInfo[]>>();
  return {
    plan(textKey, doc, tokenizer, chunkTokens, signal) {
      const key = `${textKey}\u0000${tokenizer.id}\u0000${chunkTokens}`;
      let plan = plans.get(key);
      if (!plan) {
        // Planned without the caller's signal: another run may be waiting for the same plan,
        // and one cancel must not fail it.
        plan = planChunks(doc, tokenizer, chunkTokens);
        plans.set(key, plan);
        plan.catch(() => plans.delete(key));
        while (plans.size > SLOTS) plans.delete(plans.keys().next().value as string);
      }
      return abortable(plan, signal);
    },
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}

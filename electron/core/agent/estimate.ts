// What a run will cost before it starts: requests, prompt and completion tokens, money, time.
// Pure over counts taken once from a chunk plan (prompt-frames.ts), so the app and the CLI
// give the same figures, and retyping the question recounts only the question's part.
import { estimateCost, type Prices } from '../llm/cost.ts';
import type { RunSettings } from '../../../shared/model.ts';
import type { RunEstimate } from '../../../shared/run-estimate.ts';
import type { MeasuredSpeed } from './speed.ts';

/** Token counts of a run's prompts with the memory at its initial value. */
export interface PromptCounts {
  /** Per chunk: its prompt from `<section>` on (the chunk and the closing instruction). */
  sections: readonly number[];
  /** The per-chunk prompt up to `<section>` with the initial memory ("No previous memory"). */
  head: number;
  /** The final prompt with the initial memory. */
  final: number;
  /** The initial memory alone. */
  initialMemory: number;
}

/**
 * The least every request returns: one token. An empty reply keeps the previous memory (and
 * counts no tokens on some servers), so a lower bound above one would not be safe.
 */
export const MIN_COMPLETION_TOKENS = 1;

/**
 * Bounds of a run's tokens, cost and time.
 *
 * Prompt tokens: every chunk request is head + section, and the final request is final, with
 * the memory at its initial value: exact for the first chunk request, which always carries the
 * initial memory. Every later request (chunks 2..K and the final) carries the memory the model
 * wrote, at most `memoryTokens` tokens (the budget of a reply) and at least one token (an empty
 * reply keeps the previous memory), so the initial memory's tokens are replaced by those bounds.
 * Completion tokens: at most `memoryTokens` per chunk plus `answerTokens`; at least one token
 * per request. The cost range follows from these (min: memory one token long all along; max:
 * full memory every chunk), and the time range from the measured speed when there is one.
 */
export function estimateRun(
  counts: PromptCounts,
  settings: Pick<RunSettings, 'memoryTokens' | 'answerTokens'>,
  prices: Prices,
  speed: MeasuredSpeed | null,
): RunEstimate {
  const chunks = counts.sections.length;
  let exact = counts.final;
  for (const section of counts.sections) exact += counts.head + section;
  // Requests whose memory the model wrote: chunks 2..K and the final request.
  const written = chunks;
  const promptTokens = exact + written * (settings.memoryTokens - counts.initialMemory);
  const minPromptTokens = exact - written * Math.max(0, counts.initialMemory - 1);
  const maxCompletionTokens = chunks * settings.memoryTokens + settings.answerTokens;
  const minCompletionTokens = (chunks + 1) * MIN_COMPLETION_TOKENS;
  const min = estimateCost(
    { promptTokens: minPromptTokens, completionTokens: minCompletionTokens },
    prices,
  );
  const max = estimateCost({ promptTokens, completionTokens: maxCompletionTokens }, prices);
  const seconds =
    speed === null
      ? null
      : {
          min: secondsFor(speed, minPromptTokens, minCompletionTokens),
          max: secondsFor(speed, promptTokens, maxCompletionTokens),
        };
  return {
    chunks,
    promptTokens,
    minPromptTokens,
    maxCompletionTokens,
    minCompletionTokens,
    cost: min === undefined || max === undefined ? null : { min, max },
    seconds,
  };
}

function secondsFor(speed: MeasuredSpeed, prompt: number, completion: number): number {
  return (prompt * speed.msPerPromptToken + completion * speed.msPerCompletionToken) / 1000;
}

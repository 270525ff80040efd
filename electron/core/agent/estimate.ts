// What a run will cost before it starts: requests, prompt and completion tokens, money, time.
// Pure over counts taken once from a chunk plan (prompt-frames.ts), so the app and the CLI
// give the same figures, and retyping the question recounts only the question's part.
import { estimateCost, type Prices } from '../llm/cost.ts';
import type { RunSettings } from '../../../shared/model.ts';
import type { QuoteCheckBound, RunEstimate } from '../../../shared/run-estimate.ts';
import { DEFAULT_GROWTH, growthAt, type GrowthCurve } from '../../../shared/memory-growth.ts';
import { requestMs, type MeasuredSpeed } from './speed.ts';
import { QUOTE_CHECK_CHUNKS } from '../../../shared/quote-check.ts';
import { QUOTE_MAX_TOKENS } from './templates.ts';

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
  /** The quote check's prompt with the question, an empty answer and an empty chunk. */
  quote: number;
  /** Per chunk, its text's tokens (ChunkInfo.tokens): what a quote prompt carries of it. */
  chunkTokens: readonly number[];
}

/**
 * Tokens a filled slot of a template may add beyond its own count: the newlines around a slot
 * can merge with the template's into one token when the slot is empty, and split when filled.
 */
export const SLOT_SLACK_TOKENS = 2;

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
 * full memory every chunk).
 *
 * Time (null until a speed is measured): the requests at the measured speed (chunk-time.ts) with
 * the memory growing as `curve` says, the growth of earlier runs of the backend and model, within
 * ×0.7 to ×1.4 of it: a range of at most 2×. Without a curve (nothing but a backend check or a
 * measurement of this computer yet), the memory is taken to fill its budget by the middle of
 * the document (DEFAULT_GROWTH) within ×0.5 to ×2: at most 4×, never the 70× between a memory
 * of one token and a full one.
 *
 * With the quote check on, a run makes up to QUOTE_CHECK_CHUNKS more requests after the answer,
 * one per cited chunk (none when no chunk is cited): the minimum adds nothing, the maximum adds
 * the quote prompts of the largest chunks with the answer at its full budget, and their reply cap.
 */
export function estimateRun(
  counts: PromptCounts,
  settings: Pick<RunSettings, 'memoryTokens' | 'answerTokens'>,
  prices: Prices,
  speed: MeasuredSpeed | null,
  /** Whether the run will ask the model to quote its sources (shared/quote-check.ts). */
  quoteCheck = false,
  /** How memories grew in earlier runs of this backend and model. */
  curve?: GrowthCurve,
): RunEstimate {
  const chunks = counts.sections.length;
  let exact = counts.final;
  for (const section of counts.sections) exact += counts.head + section;
  // Requests whose memory the model wrote: chunks 2..K and the final request.
  const written = chunks;
  const quote = quoteCheck ? quoteCheckBound(counts, settings.answerTokens) : null;
  const promptTokens =
    exact + written * (settings.memoryTokens - counts.initialMemory) + (quote?.promptTokens ?? 0);
  const minPromptTokens = exact - written * Math.max(0, counts.initialMemory - 1);
  const maxCompletionTokens =
    chunks * settings.memoryTokens + settings.answerTokens + (quote?.completionTokens ?? 0);
  const minCompletionTokens = (chunks + 1) * MIN_COMPLETION_TOKENS;
  const min = estimateCost(
    { promptTokens: minPromptTokens, completionTokens: minCompletionTokens },
    prices,
  );
  const max = estimateCost({ promptTokens, completionTokens: maxCompletionTokens }, prices);
  const seconds = speed === null ? null : secondsRange(counts, settings, speed, quote, curve);
  return {
    chunks,
    promptTokens,
    minPromptTokens,
    maxCompletionTokens,
    minCompletionTokens,
    cost: min === undefined || max === undefined ? null : { min, max },
    seconds,
    quoteCheck: quote,
  };
}

/** The quote check's requests at their most: the largest chunks, the answer at its budget. */
function quoteCheckBound(counts: PromptCounts, answerTokens: number): QuoteCheckBound {
  const largest = [...counts.chunkTokens].sort((a, b) => b - a).slice(0, QUOTE_CHECK_CHUNKS);
  const perRequest = counts.quote + answerTokens + 2 * SLOT_SLACK_TOKENS;
  let promptTokens = 0;
  for (const chunk of largest) promptTokens += perRequest + chunk;
  return {
    requests: largest.length,
    promptTokens,
    completionTokens: largest.length * QUOTE_MAX_TOKENS,
  };
}

/** The run's time in seconds at `speed`, its memories at `scale` × the curve's (within budget). */
function secondsRange(
  counts: PromptCounts,
  settings: Pick<RunSettings, 'memoryTokens' | 'answerTokens'>,
  speed: MeasuredSpeed,
  quote: QuoteCheckBound | null,
  curve: GrowthCurve | undefined,
): { min: number; max: number } {
  const [low, high] = curve === undefined ? [0.5, 2] : [1 / Math.SQRT2, Math.SQRT2];
  const at = (scale: number) => {
    const K = counts.sections.length;
    const memory = (k: number) =>
      Math.max(
        1,
        Math.min(
          settings.memoryTokens,
          scale * settings.memoryTokens * growthAt(curve ?? DEFAULT_GROWTH, (k + 0.5) / K),
        ),
      );
    let ms = 0;
    let previous = counts.initialMemory;
    counts.sections.forEach((section, k) => {
      const written = memory(k);
      ms += requestMs(speed, counts.head - counts.initialMemory + previous + section, written);
      previous = written;
    });
    ms += requestMs(
      speed,
      counts.final - counts.initialMemory + previous,
      Math.min(settings.answerTokens, previous),
    );
    if (quote !== null) ms += requestMs(speed, quote.promptTokens, quote.completionTokens);
    return ms / 1000;
  };
  return { min: at(low), max: at(high) };
}

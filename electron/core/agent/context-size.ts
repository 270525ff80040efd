import type { RunSettings } from '../../../shared/model.ts';
import { QUOTE_MAX_TOKENS } from './templates.ts';

/**
 * Room for what a MemAgent prompt holds besides chunk and memory: its own words (about 130
 * tokens), the chat template (a default system prompt can add about 30), the question (up to
 * about 700 tokens), the answer a quote check quotes, and a chunk counted by a tokenizer other
 * than the model's (a few percent more tokens).
 */
export const PROMPT_MARGIN_TOKENS = 1024;

/**
 * Tokens of one sequence's context for runs with these settings: the larger of a chunk call
 * (chunk + memory read + memory written), the final call (memory + answer) and a quote check
 * (chunk + quotes), plus the margin, rounded up to llama.cpp's 256.
 */
export function contextTokensFor(
  settings: Pick<RunSettings, 'chunkTokens' | 'memoryTokens' | 'answerTokens'>,
): number {
  const chunkCall = settings.chunkTokens + 2 * settings.memoryTokens;
  const finalCall = settings.memoryTokens + settings.answerTokens;
  const quoteCall = settings.chunkTokens + QUOTE_MAX_TOKENS;
  const need = Math.max(chunkCall, finalCall, quoteCall) + PROMPT_MARGIN_TOKENS;
  return Math.ceil(need / 256) * 256;
}

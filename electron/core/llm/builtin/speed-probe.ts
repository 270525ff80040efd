// This computer's prefill and decode speed for the loaded model, measured once when it first
// loads (backends/builtin-speed.ts stores it): the estimate of the very first question on the
// built-in model then has a real time instead of "unknown". Runs in the host process.
import type { LlamaContextSequence, LlamaModel, Token } from 'node-llama-cpp';
import type { SpeedProbe } from './protocol.ts';

/** Tokens prefilled: a chunk's worth would take minutes on a slow CPU; this takes seconds. */
export const PROBE_PROMPT_TOKENS = 512;
/** Tokens decoded one by one after it. */
export const PROBE_DECODE_TOKENS = 32;

/** Plain prose, the same every time, so every computer and model is timed on alike work. */
const PROBE_TEXT =
  'The committee met in the library on a rainy Tuesday to read the annual report. Each member ' +
  'had marked the pages that mattered: the budget, the repairs to the north wing, the new ' +
  'catalogue and the loan of three old maps to the museum across the river. ';

/**
 * Times a prefill of PROBE_PROMPT_TOKENS (fewer in a small context) on `sequence`, then a decode
 * of PROBE_DECODE_TOKENS, greedy and past an end-of-text token (a model that would stop at once
 * still decodes what is timed). The sequence is emptied after, and before: `aborted()` stops it
 * between tokens.
 */
export async function probeSpeed(
  model: LlamaModel,
  sequence: LlamaContextSequence,
  contextTokens: number,
  aborted: () => boolean,
): Promise<SpeedProbe | null> {
  const want = Math.max(8, Math.min(PROBE_PROMPT_TOKENS, contextTokens - PROBE_DECODE_TOKENS - 8));
  let tokens: Token[] = [];
  while (tokens.length < want) tokens = [...tokens, ...model.tokenize(PROBE_TEXT, false)];
  tokens = tokens.slice(0, want);
  await sequence.clearHistory();
  try {
    let started = performance.now();
    // All but the last prompt token: the decode's first step evaluates it and samples.
    await sequence.evaluateWithoutGeneratingNewTokens(tokens.slice(0, -1));
    const prefillMs = performance.now() - started;
    if (aborted()) return null;
    started = performance.now();
    let decoded = 0;
    for await (const _token of sequence.evaluate(tokens.slice(-1), {
      temperature: 0,
      yieldEogToken: true,
    })) {
      decoded += 1;
      if (decoded >= PROBE_DECODE_TOKENS || aborted()) break;
    }
    if (aborted()) return null;
    return {
      promptTokens: tokens.length - 1,
      prefillMs,
      completionTokens: decoded,
      decodeMs: performance.now() - started,
    };
  } finally {
    await sequence.clearHistory();
  }
}

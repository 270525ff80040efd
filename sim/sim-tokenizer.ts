import { engine, type EngineName } from '../electron/core/tokenize/engines.ts';

/**
 * The simulator's tokenizer: synchronous count, encode and decode, which usage, streaming and the
 * /tokenize endpoints need. It is the Qwen vocabulary shipped with the app (H1's engine), so
 * sim-llm counts tokens exactly as vLLM serving RL-MemoryAgent would and as the chunker does.
 */
export interface SimTokenizer {
  readonly id: string;
  count(text: string): number;
  encode(text: string): number[];
  decode(ids: readonly number[]): string;
}

/** The one-line switch: 'qwen' (RL-MemoryAgent, Qwen2.5/3) or 'o200k' (OpenAI models). */
const SIM_TOKENIZER: EngineName = 'qwen';

/** The tokenizer the simulator uses; the vocabulary loads on first use (about 0.1 s). */
export const simTokenizer: SimTokenizer = {
  get id() {
    return engine(SIM_TOKENIZER).id;
  },
  count: (text) => engine(SIM_TOKENIZER).count(text),
  encode: (text) => engine(SIM_TOKENIZER).encode(text),
  decode: (ids) => engine(SIM_TOKENIZER).decode(ids),
};

/** Cheap estimate (4 characters a token) for benchmarks that must not spend time tokenizing. */
export function approxTokenCount(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Splits `text` into consecutive pieces of one token each, as a server streams them; a token
 * that ends inside a multi-byte character is merged with the next, so every piece is valid text
 * and the pieces concatenate to `text`.
 */
export function tokenPieces(tokenizer: SimTokenizer, text: string): string[] {
  const ids = tokenizer.encode(text);
  const pieces: string[] = [];
  let pending: number[] = [];
  for (const id of ids) {
    pending.push(id);
    const piece = tokenizer.decode(pending);
    if (piece.endsWith('\uFFFD')) continue;
    pieces.push(piece);
    pending = [];
  }
  if (pending.length > 0) pieces.push(tokenizer.decode(pending));
  // Decoding should round-trip; if it does not (non-NFC input), stream the exact text instead.
  return pieces.join('') === text ? pieces : [text];
}

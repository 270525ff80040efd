import { decode, encode } from 'gpt-tokenizer/encoding/o200k_base';

/**
 * The simulator's tokenizer: synchronous encode and decode, which the streaming and the
 * /tokenize endpoints need. It is o200k (gpt-tokenizer) for now; when H1's Qwen tokenizer in
 * electron/core/tokenize/ exposes a synchronous encode/decode, switch `simTokenizer` below to it
 * (the one line to change) so sim counts match RL-MemoryAgent's exactly.
 */
export interface SimTokenizer {
  readonly id: string;
  encode(text: string): number[];
  decode(ids: readonly number[]): string;
}

const NO_SPECIAL = { disallowedSpecial: new Set<string>() };

const o200k: SimTokenizer = {
  id: 'o200k_base',
  // Document text may contain `<|endoftext|>`: it is text, not a special token.
  encode: (text) => encode(text, NO_SPECIAL),
  decode: (ids) => decode(ids),
};

/** The tokenizer the simulator uses (the one-line switch). */
export const simTokenizer: SimTokenizer = o200k;

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
  // Decoding should round-trip; if it does not (odd Unicode), stream the exact text instead.
  return pieces.join('') === text ? pieces : [text];
}

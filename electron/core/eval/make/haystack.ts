// The filler text of a generated set: the user's own documents, cut into pieces whose token
// counts add up exactly, taken in a cycle from a seeded start until a row has its length.
import { CoreError } from '../../errors.ts';
import { splitAtLineBreaks } from '../../tokenize/split-pieces.ts';
import type { Tokenizer } from '../../tokenize/tokenizer.ts';
import type { Random } from './random.ts';

/** Pieces of about this many characters: the step by which a row grows before its last cut. */
const PIECE_CHARS = 4096;
/** Fewer tokens than this is not a haystack (a scanned PDF read without OCR, an empty file). */
export const MIN_HAYSTACK_TOKENS = 200;

/** The haystack's text cut into pieces, with each piece's tokens. */
export interface Haystack {
  /** All documents, trimmed, each followed by a blank line (so the cycle's seams add up too). */
  readonly text: string;
  readonly pieces: readonly string[];
  readonly tokens: readonly number[];
  readonly totalTokens: number;
}

/**
 * Joins the documents' texts and counts their pieces once for the whole set. Throws
 * `Unsupported` when there is too little text to hide needles in.
 */
export async function buildHaystack(
  texts: readonly string[],
  tokenizer: Tokenizer,
  signal?: AbortSignal,
): Promise<Haystack> {
  // NFC, as the Qwen tokenizer reads it; trimmed, so each document starts with a word.
  const text = texts
    .map((t) => t.normalize('NFC').trim())
    .filter((t) => t !== '')
    .map((t) => `${t}\n\n`)
    .join('');
  const pieces = splitAtLineBreaks(text, PIECE_CHARS);
  const tokens = await tokenizer.countMany(pieces, signal);
  const totalTokens = tokens.reduce((a, b) => a + b, 0);
  if (totalTokens < MIN_HAYSTACK_TOKENS)
    throw new CoreError(
      'Unsupported',
      `The haystack has ${totalTokens} tokens of text; at least ${MIN_HAYSTACK_TOKENS} are needed.`,
      {
        hint: 'Give a longer document (a book, a contract); a scanned PDF needs --ocr auto to have text.',
      },
    );
  return { text, pieces, tokens, totalTokens };
}

/**
 * About `budget` tokens of haystack: whole pieces from a seeded start (cycling past the end), then
 * the longest start of the next piece, cut before a space, that keeps the sum within the budget.
 */
export async function fillHaystack(
  haystack: Haystack,
  budget: number,
  rng: Random,
  tokenizer: Tokenizer,
  signal?: AbortSignal,
): Promise<string> {
  const parts: string[] = [];
  let used = 0;
  let k = rng.int(haystack.pieces.length);
  for (;;) {
    const n = haystack.tokens[k] as number;
    if (used + n > budget) break;
    parts.push(haystack.pieces[k] as string);
    used += n;
    k = (k + 1) % haystack.pieces.length;
  }
  const last = haystack.pieces[k] as string;
  // Cut only before a whitespace character: never inside a word.
  const cuts: number[] = [];
  for (let i = 1; i < last.length; i++) if (/\s/.test(last[i] as string)) cuts.push(i);
  let lo = 0;
  let hi = cuts.length - 1;
  let best = 0;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const cut = cuts[mid] as number;
    const [n] = await tokenizer.countMany([last.slice(0, cut)], signal);
    if (used + (n as number) <= budget) {
      best = cut;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  if (best > 0) parts.push(last.slice(0, best));
  return parts.join('').trimEnd();
}

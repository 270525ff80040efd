// RULER's word-counting tasks over the haystack's own vocabulary: common words extraction (a
// numbered list in which ten words recur more often than any other) and frequent words
// extraction (a run of words whose frequencies fall off as 1/rank², top three asked). The whole
// context is the list; there are no needles.
import { CoreError } from '../../errors.ts';
import type { Tokenizer } from '../../tokenize/tokenizer.ts';
import type { Random } from './random.ts';

export type ListFamily = 'cwe' | 'fwe';

/** Fewer distinct words than this cannot make a list whose answer is unambiguous. */
const MIN_VOCABULARY = 40;

/** The haystack's distinct words of 4 to 12 letters, lowercased, in a fixed (sorted) order. */
export function vocabulary(text: string): string[] {
  const words = new Set<string>();
  for (const m of text.matchAll(/(?<!\p{L})\p{L}{4,12}(?!\p{L})/gu)) words.add(m[0].toLowerCase());
  const sorted = [...words].sort();
  if (sorted.length < MIN_VOCABULARY)
    throw new CoreError(
      'Unsupported',
      `The haystack has ${sorted.length} distinct words; the word tasks (cwe, fwe) need ${MIN_VOCABULARY}.`,
      { hint: 'Give a longer document, or leave cwe and fwe out of --tasks.' },
    );
  return sorted;
}

export interface ListInstance {
  context: string;
  input: string;
  outputs: string[];
}

/**
 * Common words: about `n` numbered lines, ten words `times` times each (4 at least), the rest
 * cycling through the other words, none of which appears even half as often.
 */
function commonWords(vocab: readonly string[], n: number, rng: Random): ListInstance {
  const words = rng.shuffled(vocab);
  const common = words.slice(0, 10);
  const others = words.slice(10);
  const times = Math.max(4, 2 * Math.ceil(n / others.length) + 1);
  const items: string[] = [];
  for (const w of common) for (let i = 0; i < times; i++) items.push(w);
  const rest = Math.max(0, n - items.length);
  for (let i = 0; i < rest; i++) items.push(others[i % others.length] as string);
  const lines = rng.shuffled(items).map((w, i) => `${i + 1}. ${w}`);
  return {
    context: lines.join('\n'),
    input: 'Which ten words appear most often in the numbered list? Name all ten.',
    outputs: common,
  };
}

/**
 * Frequent words: about `n` words, the word of rank r appearing in proportion to 1/r², in lines
 * of twenty; the three most frequent are asked for (rank 3 is always above rank 4).
 */
function frequentWords(vocab: readonly string[], n: number, rng: Random): ListInstance {
  const words = rng.shuffled(vocab);
  let harmonic = 0;
  for (let r = 1; r <= words.length; r++) harmonic += 1 / (r * r);
  const items: string[] = [];
  words.forEach((w, k) => {
    const times = Math.max(k < 4 ? 8 - k : 0, Math.round(n / ((k + 1) ** 2 * harmonic)));
    for (let i = 0; i < times; i++) items.push(w);
  });
  const shuffled = rng.shuffled(items);
  const lines: string[] = [];
  for (let i = 0; i < shuffled.length; i += 20) lines.push(shuffled.slice(i, i + 20).join(' '));
  return {
    context: lines.join('\n'),
    input: 'Which three words appear most often in the text? Name all three.',
    outputs: words.slice(0, 3),
  };
}

/**
 * A list of about `target` tokens: sized from a measured sample, counted whole, and resized by
 * the miss until it is within `tolerance` (at most four tries; the closest is kept). `makeRng`
 * gives the same sequence each try, so the row depends only on its seed.
 */
export async function buildList(
  family: ListFamily,
  vocab: readonly string[],
  target: number,
  tolerance: number,
  makeRng: () => Random,
  tokenizer: Tokenizer,
  signal?: AbortSignal,
): Promise<ListInstance & { length: number }> {
  const make = family === 'cwe' ? commonWords : frequentWords;
  const sample = make(vocab, 400, makeRng()).context;
  const [sampleTokens] = (await tokenizer.countMany([sample], signal)) as [number];
  // Tokens per line of cwe, per word of fwe.
  const perItem = sampleTokens / sample.split(family === 'cwe' ? '\n' : /\s+/).length;
  let n = Math.max(1, Math.round(target / perItem));
  let best: (ListInstance & { length: number }) | undefined;
  for (let attempt = 0; attempt < 4; attempt++) {
    const list = make(vocab, n, makeRng());
    const [length] = (await tokenizer.countMany([list.context], signal)) as [number];
    if (best === undefined || Math.abs(target - length) < Math.abs(target - best.length))
      best = { ...list, length };
    if (Math.abs(target - length) <= tolerance) break;
    n = Math.max(1, Math.round(n * (target / length)));
  }
  return best as ListInstance & { length: number };
}

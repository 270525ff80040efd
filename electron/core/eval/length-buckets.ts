// Groups evaluation rows by context length. Rows of an upstream set share a nominal length but
// each has its own token count (eval_50.json's rows are all "7K", measured 6-9K); generated sets
// have exact lengths (8,192; 16,384 ...). Both fall in the same place on one fixed log-scale
// grid: the paper's Table 2 columns (7K, 14K ... 3.5M, each about double the last), extended by
// doublings below 7K and above 3.5M. A row belongs to the column nearest it on a log scale, so
// a bucket spans from the geometric mean with the column below to that with the column above
// (7K: 4.95K to 9.9K): rows within ±40% of a column share it, and sets measured with different
// tokenizers still line up with the paper's columns.
import { PAPER_LENGTHS } from './paper-table.ts';

const FIRST = PAPER_LENGTHS[0]?.tokens ?? 7_000;
const LAST = PAPER_LENGTHS.at(-1)?.tokens ?? 3_500_000;
const COLUMNS = PAPER_LENGTHS.length;

/** The grid point of bucket `index`: Table 2's column for 0..9, doublings beyond. */
export function bucketCentre(index: number): number {
  if (index < 0) return FIRST * 2 ** index;
  if (index >= COLUMNS) return LAST * 2 ** (index - COLUMNS + 1);
  return PAPER_LENGTHS[index]?.tokens ?? FIRST;
}

/** The paper's name of bucket `index` ("7K", "1.75M"), or undefined outside Table 2. */
export function paperColumn(index: number): string | undefined {
  return PAPER_LENGTHS[index]?.label;
}

/** The bucket of a context of `tokens` tokens (at least 1): the nearest grid point, log scale. */
export function bucketOf(tokens: number): number {
  const guess = Math.round(Math.log2(tokens / FIRST)) || 0; // never -0
  let best = guess;
  for (const k of [guess - 1, guess + 1]) {
    if (
      Math.abs(Math.log(tokens / bucketCentre(k))) < Math.abs(Math.log(tokens / bucketCentre(best)))
    )
      best = k;
  }
  return best;
}

/**
 * A token count in a few characters, as the paper names lengths: 512, 7.31K, 131K, 1.75M. Three
 * significant digits, trailing zeros dropped.
 */
export function tokenLabel(tokens: number): string {
  const short = (value: number, unit: string) => `${String(Number(value.toPrecision(3)))}${unit}`;
  if (tokens >= 999_500) return short(tokens / 1_000_000, 'M');
  if (tokens >= 1_000) return short(tokens / 1_000, 'K');
  return String(Math.round(tokens));
}

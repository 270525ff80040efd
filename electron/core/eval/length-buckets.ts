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

/** The name of bucket `index`: Table 2's column ("7K", "1.75M"), else its grid point ("3.5K"). */
export function bucketName(index: number): string {
  return paperColumn(index) ?? tokenLabel(bucketCentre(index));
}

/** Rows of one bucket, with where their lengths lie. */
export interface LengthGroup<T> {
  /** The bucket's index (0..9 are Table 2's columns). */
  bucket: number;
  /** Table 2's column this bucket compares with, if any. */
  column: string | undefined;
  /** The rows' lengths in tokens: where a chart puts the point, and the spread. */
  tokens: { median: number; min: number; max: number };
  rows: T[];
}

/**
 * Rows grouped by bucket, shortest first. Rows without a length (a row that failed before its
 * context was measured) are in no group.
 */
export function groupByLength<T extends { length: number | null }>(
  rows: readonly T[],
): LengthGroup<T>[] {
  const buckets = new Map<number, T[]>();
  for (const row of rows) {
    if (row.length === null || !(row.length >= 1)) continue;
    const k = bucketOf(row.length);
    const list = buckets.get(k) ?? [];
    list.push(row);
    buckets.set(k, list);
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, list]) => {
      const sorted = list.map((r) => r.length ?? 0).sort((a, b) => a - b);
      return {
        bucket,
        column: paperColumn(bucket),
        tokens: { median: median(sorted), min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 },
        rows: list,
      };
    });
}

function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? hi : Math.round(((sorted[mid - 1] ?? hi) + hi) / 2);
}

// An evaluation's scores from its rows' results: over every row, a failed row scoring 0 in every
// metric (upstream skips such rows instead, which inflates its averages: docs/evaluation.md).
import type { RowResult } from './results-file.ts';

/** `memagent eval --json`: counts, and scores as percentages. */
export interface EvalSummary {
  /** Rows evaluated. */
  n: number;
  /** Rows with a model answer (extractable or not). */
  scored: number;
  /** Rows whose requests failed after retries: 0 in every metric. */
  failed: number;
  /** Over rows scored as QA; null when there are none (RULER's non-QA tasks only). */
  em: number | null;
  /** The paper's accuracy: sub-EM for QA rows, string match all for the others. */
  sub_em: number;
  f1: number | null;
}

const pct = (sum: number, n: number) => (n === 0 ? 0 : Math.round((10_000 * sum) / n) / 100);

/** Scores over `results`, rounded to 2 decimals as the paper's table. */
export function summarize(results: readonly RowResult[]): EvalSummary {
  const qa = results.filter((r) => r.em !== null);
  const sum = (rows: readonly RowResult[], pick: (r: RowResult) => number) =>
    rows.reduce((a, r) => a + (r.error === null ? pick(r) : 0), 0);
  return {
    n: results.length,
    scored: results.filter((r) => r.error === null).length,
    failed: results.filter((r) => r.error !== null).length,
    em:
      qa.length === 0
        ? null
        : pct(
            sum(qa, (r) => r.em ?? 0),
            qa.length,
          ),
    sub_em: pct(
      sum(results, (r) => r.sub_em),
      results.length,
    ),
    f1:
      qa.length === 0
        ? null
        : pct(
            sum(qa, (r) => r.f1 ?? 0),
            qa.length,
          ),
  };
}

/**
 * The context length a row is grouped under: the power of two nearest its tokens (7,600 and
 * 8,100 tokens are both "8K"), as the paper's columns double from 7K to 3.5M.
 */
export function lengthBucket(tokens: number): number {
  if (tokens <= 1) return 1;
  return 2 ** Math.round(Math.log2(tokens));
}

/** "8K", "512K", "2M". */
export function lengthLabel(bucket: number): string {
  if (bucket >= 1 << 20) return `${bucket / (1 << 20)}M`;
  if (bucket >= 1 << 10) return `${bucket / (1 << 10)}K`;
  return String(bucket);
}

/** The summary per context length, shortest first (one entry when all rows share a length). */
export function summarizeByLength(
  results: readonly RowResult[],
): { length: string; summary: EvalSummary }[] {
  const groups = new Map<number, RowResult[]>();
  for (const r of results) {
    const bucket = lengthBucket(r.length);
    const group = groups.get(bucket);
    if (group) group.push(r);
    else groups.set(bucket, [r]);
  }
  return [...groups.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, rows]) => ({ length: lengthLabel(bucket), summary: summarize(rows) }));
}

// The one tally of evaluation rows, used by `memagent eval` (its table and --json), `memagent
// report` and the app. Over every row, a failed row scoring 0 in every metric (upstream skips
// such rows instead, which inflates its averages: docs/evaluation.md). EM and F1 are over the
// rows scored as QA; rows scored by string match all (RULER's non-QA tasks) have neither, and
// count in sub-EM with their string-match-all score.
import { bucketName, groupByLength, type LengthGroup } from './length-buckets.ts';
import type { RowResult } from './results-file.ts';

/** What a tally needs of a row (a results line as written, or as a report reads it). */
export interface TallyRow {
  /** 0/1; null for string match all. */
  em: number | null;
  /** 0/1, or string match all's fraction. */
  subEm: number;
  /** 0..1; null for string match all. */
  f1: number | null;
  failed: boolean;
}

/** Counts, and scores as percentages (0-100, not rounded). */
export interface Tally {
  n: number;
  /** Rows with a model answer (extractable or not). */
  scored: number;
  /** Rows whose requests failed after retries: 0 in every metric. */
  failed: number;
  /** Rows scored as QA (EM and F1 are over these). */
  qa: number;
  /** Over the QA rows; null when there are none. */
  em: number | null;
  /** The paper's accuracy over all rows: sub-EM for QA rows, string match all for the others. */
  subEm: number;
  f1: number | null;
  /** sub-EM over the scored rows only, as the upstream harness averages (null: none scored). */
  subEmScored: number | null;
}

/** Tallies `rows`: a failed row scores 0 whatever its line says. */
export function tally(rows: readonly TallyRow[]): Tally {
  const qa = rows.filter((r) => r.em !== null || r.f1 !== null);
  const sum = (list: readonly TallyRow[], pick: (r: TallyRow) => number) =>
    list.reduce((a, r) => a + (r.failed ? 0 : pick(r)), 0);
  const pct = (total: number, n: number) => (100 * total) / n;
  const failed = rows.filter((r) => r.failed).length;
  const scored = rows.filter((r) => !r.failed);
  return {
    n: rows.length,
    scored: rows.length - failed,
    failed,
    qa: qa.length,
    em:
      qa.length === 0
        ? null
        : pct(
            sum(qa, (r) => r.em ?? 0),
            qa.length,
          ),
    subEm:
      rows.length === 0
        ? 0
        : pct(
            sum(rows, (r) => r.subEm),
            rows.length,
          ),
    f1:
      qa.length === 0
        ? null
        : pct(
            sum(qa, (r) => r.f1 ?? 0),
            qa.length,
          ),
    subEmScored:
      scored.length === 0
        ? null
        : pct(
            sum(scored, (r) => r.subEm),
            scored.length,
          ),
  };
}

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

const round2 = (x: number) => Math.round(100 * x) / 100;
const round = (x: number | null) => (x === null ? null : round2(x));

/** A results line as the tally reads it. */
export function tallyRowOf(r: RowResult): TallyRow {
  return { em: r.em, subEm: r.sub_em, f1: r.f1, failed: r.error !== null };
}

/** The --json shape of a tally: rounded to 2 decimals as the paper's table. */
export function evalSummaryOf(t: Tally): EvalSummary {
  return {
    n: t.n,
    scored: t.scored,
    failed: t.failed,
    em: round(t.em),
    sub_em: round2(t.subEm),
    f1: round(t.f1),
  };
}

/** Scores over `results`, rounded to 2 decimals as the paper's table. */
export function summarize(results: readonly RowResult[]): EvalSummary {
  return evalSummaryOf(tally(results.map(tallyRowOf)));
}

/**
 * The rows grouped by context length on Table 2's grid (length-buckets.ts), each with its
 * tally, shortest first; rows without a length (0: failed before measured) are in none.
 */
export function tallyByLength<T extends TallyRow & { length: number | null }>(
  rows: readonly T[],
): (Omit<LengthGroup<T>, 'rows'> & { name: string; tally: Tally })[] {
  return groupByLength(rows).map(({ rows: group, ...where }) => ({
    ...where,
    name: bucketName(where.bucket),
    tally: tally(group),
  }));
}

/** The summary per context length ("7K", "112K"), shortest first. */
export function summarizeByLength(
  results: readonly RowResult[],
): { length: string; summary: EvalSummary }[] {
  const rows = results.map((r) => ({ ...tallyRowOf(r), length: r.length > 0 ? r.length : null }));
  return tallyByLength(rows).map((g) => ({ length: g.name, summary: evalSummaryOf(g.tally) }));
}

// A results file summed up the way a report shows it: the whole file and each length bucket,
// with failed rows counted apart (and as 0 in every metric).
import { bucketOf, paperColumn } from './length-buckets.ts';
import type { ResultRow, ResultsFileContents } from './results-file.ts';
import { aggregateScores } from './score.ts';

/** Rows and their scores as percentages (0-100) over all rows, failed ones counted as 0. */
export interface Tally {
  n: number;
  /** Rows with a model answer. */
  scored: number;
  /** Rows whose requests failed after retries. */
  failed: number;
  em: number;
  subEm: number;
  f1: number;
  /** sub-EM over the scored rows only, as the upstream harness computes it (null: none scored). */
  subEmScored: number | null;
}

export interface LengthTally extends Tally {
  /** The bucket's index (see length-buckets.ts); 0..9 are Table 2's columns. */
  bucket: number;
  /** Table 2's column this bucket compares with ("7K"), if any. */
  column: string | undefined;
  /** The rows' lengths in tokens: where the chart puts the point, and the spread. */
  tokens: { median: number; min: number; max: number };
}

export interface FailureGroup {
  message: string;
  ids: string[];
}

export interface ResultsSummary {
  label: string;
  path: string;
  all: Tally;
  /** By length, shortest first. */
  lengths: LengthTally[];
  /** Rows without a length (failed before they were measured): in `all` only. */
  unmeasured: number;
  /** Failed rows grouped by their message, the most frequent first. */
  failures: FailureGroup[];
  repeatedIds: number;
  cutLastLine: boolean;
}

/** Sums up one results file under `label`. */
export function summarizeResults(file: ResultsFileContents, label: string): ResultsSummary {
  const buckets = new Map<number, ResultRow[]>();
  let unmeasured = 0;
  for (const row of file.rows) {
    if (row.length === null) {
      unmeasured += 1;
      continue;
    }
    const k = bucketOf(row.length);
    const list = buckets.get(k) ?? [];
    list.push(row);
    buckets.set(k, list);
  }
  const lengths = [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([bucket, rows]): LengthTally => {
      const sorted = rows.map((r) => r.length ?? 0).sort((a, b) => a - b);
      return {
        ...tally(rows),
        bucket,
        column: paperColumn(bucket),
        tokens: { median: median(sorted), min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 },
      };
    });
  return {
    label,
    path: file.path,
    all: tally(file.rows),
    lengths,
    unmeasured,
    failures: failureGroups(file.rows),
    repeatedIds: file.repeatedIds,
    cutLastLine: file.cutLastLine,
  };
}

/** Counts and percentages of a set of rows; a failed row's scores are already 0. */
export function tally(rows: readonly ResultRow[]): Tally {
  const failed = rows.filter((r) => r.error !== null).length;
  const scoredRows = rows.filter((r) => r.error === null);
  return {
    n: rows.length,
    scored: rows.length - failed,
    failed,
    ...aggregateScores(rows),
    subEmScored: scoredRows.length === 0 ? null : aggregateScores(scoredRows).subEm,
  };
}

function median(sorted: readonly number[]): number {
  if (sorted.length === 0) return 0;
  const mid = Math.floor(sorted.length / 2);
  const hi = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? hi : Math.round(((sorted[mid - 1] ?? hi) + hi) / 2);
}

function failureGroups(rows: readonly ResultRow[]): FailureGroup[] {
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    if (row.error === null) continue;
    const ids = groups.get(row.error) ?? [];
    ids.push(row.id);
    groups.set(row.error, ids);
  }
  return [...groups.entries()]
    .map(([message, ids]) => ({ message, ids }))
    .sort((a, b) => b.ids.length - a.ids.length);
}

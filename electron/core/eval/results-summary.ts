// A results file summed up the way a report shows it: the whole file, each length group and
// each task family (summary.ts tallies them), the rows it got wrong, the failed rows grouped by
// message, the warnings, and what the rows cost in time and tokens.
import type { ResultRow, ResultsFileContents } from './results-file.ts';
import { tallyWarnings, type WarningTally } from './row-warnings.ts';
import { tally, tallyByLength, type Tally, type TallyRow } from './summary.ts';

export type { Tally } from './summary.ts';

export interface LengthTally extends Tally {
  /** The bucket's index (see length-buckets.ts); 0..9 are Table 2's columns. */
  bucket: number;
  /** Table 2's column this bucket compares with ("7K"), if any. */
  column: string | undefined;
  /** The rows' lengths in tokens: where the chart puts the point, and the spread. */
  tokens: { median: number; min: number; max: number };
}

export interface TaskTally extends Tally {
  task: string;
}

export interface FailureGroup {
  message: string;
  ids: string[];
}

/** Time and tokens of the rows that say them (older lines may not). */
export interface Cost {
  /** Rows with a time. */
  timedRows: number;
  /** Summed over rows: with rows in flight at once, more than the evaluation's wall time. */
  ms: number;
  /** Rows with token usage. */
  usageRows: number;
  promptTokens: number;
  completionTokens: number;
}

export interface ResultsSummary {
  label: string;
  path: string;
  all: Tally;
  /** By length, shortest first. */
  lengths: LengthTally[];
  /** By task family, by name; empty when no row names its task. */
  tasks: TaskTally[];
  /** Rows without a length (failed before they were measured): in `all` only. */
  unmeasured: number;
  /** Failed rows grouped by their message, the most frequent first. */
  failures: FailureGroup[];
  /** Rows with an answer that is not (wholly) right (sub-EM below 1), shortest first, then by id. */
  wrong: ResultRow[];
  warnings: WarningTally[];
  cost: Cost;
  repeatedIds: number;
  cutLastLine: boolean;
  /** Set when the evaluation was stopped before every row was read (eval --report). */
  partial?: { done: number; total: number };
}

const tallyRow = (r: ResultRow): TallyRow & { length: number | null } => ({
  em: r.em,
  subEm: r.subEm,
  f1: r.f1,
  failed: r.error !== null,
  length: r.length,
});

/** Sums up one results file under `label`. */
export function summarizeResults(file: ResultsFileContents, label: string): ResultsSummary {
  const rows = file.rows.map(tallyRow);
  const lengths = tallyByLength(rows).map((g): LengthTally => ({
    ...g.tally,
    bucket: g.bucket,
    column: g.column,
    tokens: g.tokens,
  }));
  return {
    label,
    path: file.path,
    all: tally(rows),
    lengths,
    tasks: taskTallies(file.rows),
    unmeasured: file.rows.filter((r) => r.length === null).length,
    failures: failureGroups(file.rows),
    wrong: file.rows.filter((r) => r.error === null && r.subEm < 1).sort(byLengthThenId),
    warnings: tallyWarnings(file.rows),
    cost: cost(file.rows),
    repeatedIds: file.repeatedIds,
    cutLastLine: file.cutLastLine,
  };
}

function taskTallies(rows: readonly ResultRow[]): TaskTally[] {
  const byTask = new Map<string, ResultRow[]>();
  for (const row of rows) {
    if (row.task === null) continue;
    const list = byTask.get(row.task) ?? [];
    list.push(row);
    byTask.set(row.task, list);
  }
  return [...byTask.entries()]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([task, list]) => ({ task, ...tally(list.map(tallyRow)) }));
}

// Rows end in any order when many are read at once: a list people read is sorted.
function byLengthThenId(a: ResultRow, b: ResultRow): number {
  return (
    (a.length ?? Infinity) - (b.length ?? Infinity) ||
    a.id.localeCompare(b.id, 'en', { numeric: true })
  );
}

function cost(rows: readonly ResultRow[]): Cost {
  const out: Cost = { timedRows: 0, ms: 0, usageRows: 0, promptTokens: 0, completionTokens: 0 };
  for (const row of rows) {
    if (row.ms !== null) {
      out.timedRows += 1;
      out.ms += row.ms;
    }
    if (row.usage !== null) {
      out.usageRows += 1;
      out.promptTokens += row.usage.promptTokens;
      out.completionTokens += row.usage.completionTokens;
    }
  }
  return out;
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

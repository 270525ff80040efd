// The human summary of `memagent eval`: one line per context length when the data has several,
// then all rows; scores as percentages with two decimals, as the paper's Table 2.
import type { RowResult } from '../core/eval/results-file.ts';
import { summarize, summarizeByLength, type EvalSummary } from '../core/eval/summary.ts';
import { table } from './terminal-table.ts';

const score = (value: number | null) => (value === null ? '-' : value.toFixed(2));

const cells = (label: string, s: EvalSummary) => [
  label,
  String(s.n),
  String(s.scored),
  String(s.failed),
  score(s.sub_em),
  score(s.em),
  score(s.f1),
];

/** The table printed on stdout (without a final newline). */
export function summaryTable(rows: readonly RowResult[]): string {
  const byLength = summarizeByLength(rows);
  const lines = byLength.length > 1 ? byLength.map((g) => cells(g.length, g.summary)) : [];
  lines.push(cells(byLength.length > 1 ? 'all' : (byLength[0]?.length ?? 'all'), summarize(rows)));
  return table(
    ['length', 'rows', 'scored', 'failed', 'sub-EM %', 'EM %', 'F1 %'].map((title) => ({ title })),
    lines,
  );
}

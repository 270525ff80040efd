// The human summary of `memagent eval`: one line per context length when the data has several
// (grouped on Table 2's grid as the report groups them), then all rows; scores as percentages
// with two decimals, as the paper's Table 2.
import { tokenLabel } from '../core/eval/length-buckets.ts';
import type { RowResult } from '../core/eval/results-file.ts';
import {
  evalSummaryOf,
  summarize,
  tallyByLength,
  tallyRowOf,
  type EvalSummary,
} from '../core/eval/summary.ts';
import { table } from './terminal-table.ts';

const score = (value: number | null) => (value === null ? '-' : value.toFixed(2));

const cells = (label: string, tokens: string, s: EvalSummary) => [
  label,
  tokens,
  String(s.n),
  String(s.scored),
  String(s.failed),
  score(s.sub_em),
  score(s.em),
  score(s.f1),
];

/**
 * The table printed on stdout (without a final newline). `length` is Table 2's column the rows
 * are compared with (or the grid's doubling beyond it), `tokens` their median length.
 */
export function summaryTable(rows: readonly RowResult[]): string {
  const groups = tallyByLength(
    rows.map((r) => ({ ...tallyRowOf(r), length: r.length > 0 ? r.length : null })),
  );
  const lines =
    groups.length > 1
      ? groups.map((g) => cells(g.name, tokenLabel(g.tokens.median), evalSummaryOf(g.tally)))
      : [];
  const only = groups.length === 1 ? groups[0] : undefined;
  lines.push(
    cells(only?.name ?? 'all', only ? tokenLabel(only.tokens.median) : '-', summarize(rows)),
  );
  return table(
    ['length', 'tokens', 'rows', 'scored', 'failed', 'sub-EM %', 'EM %', 'F1 %'].map((title) => ({
      title,
    })),
    lines,
  );
}

// The parts of a report's file section about single rows and cost: the rows answered wrongly
// (what was asked, the gold, what the model said), the warnings, and time and tokens. Every
// string from the data or a model is escaped for Markdown (export/markdown-text.ts).
import { formatDuration } from '../../../shared/duration.ts';
import { plural } from '../../../shared/plural.ts';
import { visibleText } from '../../../shared/visible-text.ts';
import { mdInline } from '../export/markdown-text.ts';
import type { ResultRow } from './results-file.ts';
import type { Cost, ResultsSummary } from './results-summary.ts';
import { warningLine } from './row-warnings.ts';

/** Wrong rows listed per file before "and N more". */
export const WRONG_ROWS_SHOWN = 20;

const count = (n: number) => n.toLocaleString('en-US');

/** `raw` as one escaped table cell of at most `max` characters (code points; … when cut). */
export function cell(raw: string, max: number): string {
  const chars = Array.from(visibleText(raw.replace(/\s+/g, ' ').trim()));
  const cut = chars.length > max ? `${chars.slice(0, max - 1).join('')}…` : chars.join('');
  return cut === '' ? ' ' : mdInline(cut);
}

/** What the row is scored against: the first answer for QA, every gold string for match all. */
function gold(row: ResultRow): string {
  return row.em === null ? row.answers.join(' · ') : (row.answers[0] ?? '');
}

/** The prediction, or for a reply with no extractable answer the start of what it said. */
function predictionCell(r: ResultRow): string {
  if (r.prediction !== null) return cell(r.prediction, 80);
  const said = r.response === null || r.response.trim() === '' ? '' : cell(r.response, 80);
  return said === '' ? '*no answer extracted*' : `*no answer extracted from:* ${said}`;
}

/** The table of rows answered wrongly (sub-EM below 1), capped, or nothing when there are none. */
export function wrongRowsSection(s: ResultsSummary): string[] {
  if (s.wrong.length === 0) return [];
  const shown = s.wrong.slice(0, WRONG_ROWS_SHOWN);
  const lines = [
    `### Answered wrongly (${count(s.wrong.length)} of ${plural(s.all.scored, 'scored row')})`,
    '',
    'Rows read to the end whose sub-EM (or string-match-all share) is below 1, shortest first; a reply without an extractable answer scores 0.',
    '',
    '| id | task | tokens | question | gold | prediction | sub-EM |',
    '| --- | --- | ---: | --- | --- | --- | ---: |',
    ...shown.map(
      (r) =>
        `| ${cell(r.id, 40)} | ${r.task === null ? '' : cell(r.task, 24)} | ${r.length === null ? '' : count(r.length)} | ${r.question === null ? '' : cell(r.question, 100)} | ${cell(gold(r), 60)} | ${predictionCell(r)} | ${(100 * r.subEm).toFixed(0)}% |`,
    ),
  ];
  if (s.wrong.length > shown.length)
    lines.push(
      '',
      `… and ${count(s.wrong.length - shown.length)} more (every row is in the results file).`,
    );
  lines.push('');
  return lines;
}

/** Time and tokens, total and per row; nothing when no row says them. */
export function costNote(c: Cost): string | null {
  const parts: string[] = [];
  if (c.timedRows > 0)
    parts.push(
      `${formatDuration(c.ms)} of row time for ${plural(c.timedRows, 'row')} (${rowDuration(c.ms / c.timedRows)} a row; rows read at once overlap, so wall time is shorter)`,
    );
  if (c.usageRows > 0)
    parts.push(
      `${count(c.promptTokens)} prompt and ${count(c.completionTokens)} completion tokens (${count(Math.round(c.promptTokens / c.usageRows))} and ${count(Math.round(c.completionTokens / c.usageRows))} a row)`,
    );
  return parts.length === 0 ? null : `Time and tokens: ${parts.join('; ')}.`;
}

/** One note per warning kind: what happened, how often, on how many rows. */
export function warningNotes(s: ResultsSummary): string[] {
  return s.warnings.map((w) => `Warning: ${mdInline(warningLine(w))}.`);
}

/** A row's mean time: tenths of a second below 10 s (a fast server's 0.24 s is not "0 s"). */
function rowDuration(ms: number): string {
  return ms < 9_950 ? `${(ms / 1000).toFixed(1)} s` : formatDuration(ms);
}

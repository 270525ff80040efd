// The report's Markdown: a summary of every results file, then per file a table by context
// length with Table 2's value beside each comparable length, a table by task family when the
// rows name theirs, notes on what was not scored and what it cost, and the rows answered wrongly.
import { plural } from '../../../shared/plural.ts';
import { mdInline } from '../export/markdown-text.ts';
import { tokenLabel } from './length-buckets.ts';
import { PAPER_TABLE_2 } from './paper-table.ts';
import { costNote, warningNotes, wrongRowsSection } from './report-rows.ts';
import type { LengthTally, ResultsSummary, Tally } from './results-summary.ts';

/** Ids a failure note lists before "and N more". */
const IDS_SHOWN = 8;

const pct = (value: number) => value.toFixed(2);
/** EM and F1 of a group without QA rows (string match all only). */
const NONE = '—';
const pctOrNone = (value: number | null) => (value === null ? NONE : pct(value));
const count = (n: number) => n.toLocaleString('en-US');
const REFERENCE = PAPER_TABLE_2[0];

/**
 * The report as Markdown; `chartFile` is the chart's path relative to the report. Results files
 * are named as `shownPath` gives them (relative to the report's folder, so a shared report does
 * not carry the author's home folder).
 */
export function reportMarkdown(
  summaries: readonly ResultsSummary[],
  chartFile: string,
  shownPath: (file: string) => string = (file) => file,
): string {
  const partial = summaries.filter((s) => s.partial !== undefined);
  const lines = [
    '# Evaluation report',
    '',
    ...partial.flatMap((s) => [
      `**Partial**: ${mdInline(s.label)} was stopped with ${count(s.partial?.done ?? 0)} of ${plural(s.partial?.total ?? 0, 'row')} done; run the same command again to continue.`,
      '',
    ]),
    `![Accuracy (sub-EM) against context length in tokens, with the paper's Table 2](${chartFile})`,
    '',
    '| results | rows | scored | failed | EM | sub-EM | F1 |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...summaries.map((s) => `| ${mdInline(s.label)} | ${counts(s.all)} | ${scores(s.all)} |`),
    '',
    'How to read it:',
    '',
    "- **sub-EM** is the paper's accuracy: the normalized gold answer is part of the normalized " +
      'prediction, or the reverse. EM needs them equal; F1 counts shared words. sub-EM is a ' +
      'percentage of all rows, EM and F1 of the rows scored as QA.',
    "- **RULER's non-QA tasks** (needles, variable tracking, word extraction) are scored by " +
      '**string match all**, as upstream: the share of the gold strings found in the prediction. ' +
      `That score is in the sub-EM column; they have no EM or F1 (${NONE} where a group has no QA rows).`,
    '- **Failed rows** (requests that failed after retries) count as 0 in every metric and are ' +
      'counted apart; `scored` rows have a model answer. The upstream harness skips failed rows, ' +
      'which raises its averages: each file says what its sub-EM would be that way.',
    "- **Lengths**: rows are grouped around Table 2's columns (7K, 14K … 3.5M, and doublings " +
      'beyond), each row with the column nearest its length on a log scale; a group is shown at ' +
      "its rows' median length. The last column gives " +
      `${REFERENCE?.model ?? 'the paper'}'s sub-EM at that column.`,
    "- **The paper's lines**: Table 2 of arXiv 2507.02259 (RULER-HotpotQA, 128 rows a length); " +
      'lengths it reports as N/A are left out. They are a QA benchmark: compare them with QA ' +
      "rows (HotpotQA sets, make-eval's multihop); generated needle and word tasks are another test.",
  ];
  for (const s of summaries) lines.push('', ...fileSection(s, shownPath(s.path)));
  return `${lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trimEnd()}\n`;
}

function fileSection(s: ResultsSummary, file: string): string[] {
  const lines = [`## ${mdInline(s.label)}`, '', `File: ${mdInline(file)}`, ''];
  if (s.partial !== undefined)
    lines.push(
      `Partial: the evaluation was stopped with ${count(s.partial.done)} of ${plural(s.partial.total, 'row')} done.`,
      '',
    );
  if (s.lengths.length > 0) {
    lines.push(
      `| tokens (median) | range | rows | scored | failed | EM | sub-EM | F1 | paper, ${REFERENCE?.model ?? ''} |`,
      '| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...s.lengths.map(
        (l) =>
          `| ${tokenLabel(l.tokens.median)} | ${range(l)} | ${counts(l)} | ${scores(l)} | ${paperValue(l)} |`,
      ),
      `| all | | ${counts(s.all)} | ${scores(s.all)} | |`,
      '',
    );
  }
  if (s.tasks.length > 0) {
    lines.push(
      '| task | scored by | rows | scored | failed | EM | sub-EM | F1 |',
      '| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |',
      ...s.tasks.map(
        (t) => `| ${mdInline(t.task)} | ${scoredBy(t)} | ${counts(t)} | ${scores(t)} |`,
      ),
      '',
    );
  }
  lines.push(...notes(s).map((note) => `- ${note}`), '');
  lines.push(...wrongRowsSection(s));
  return lines;
}

/** How a task's rows were scored: QA (EM, sub-EM, F1), string match all, or both. */
function scoredBy(t: Tally): string {
  if (t.qa === t.n) return 'QA';
  return t.qa === 0 ? 'string match all' : 'QA and string match all';
}

function notes(s: ResultsSummary): string[] {
  const out: string[] = [];
  const a = s.all;
  if (a.failed === 0) {
    out.push(`All ${plural(a.n, 'row')} were read to the end: none failed.`);
  } else {
    const upstream =
      a.subEmScored === null
        ? 'no row was scored'
        : `over the ${plural(a.scored, 'scored row')} alone (as upstream averages) sub-EM would be ${pct(a.subEmScored)}%`;
    const verb = a.failed === 1 ? 'counts' : 'count';
    out.push(
      `${plural(a.failed, 'row')} of ${count(a.n)} failed and ${verb} as 0 in every metric; ${upstream}.`,
    );
    for (const group of s.failures) {
      const shown = group.ids.slice(0, IDS_SHOWN).map(mdInline).join(', ');
      const more =
        group.ids.length > IDS_SHOWN ? ` and ${count(group.ids.length - IDS_SHOWN)} more` : '';
      const ids = group.ids.length === 1 ? 'id' : 'ids';
      out.push(
        `Failed (${count(group.ids.length)}): ${mdInline(group.message)} — ${ids} ${shown}${more}.`,
      );
    }
  }
  if (s.unmeasured > 0)
    out.push(
      `${plural(s.unmeasured, 'row')} ${s.unmeasured === 1 ? 'has' : 'have'} no length (failed before the context was measured): in the totals, not in a length row or the chart.`,
    );
  if (s.repeatedIds > 0)
    out.push(
      `${plural(s.repeatedIds, 'id')} ${s.repeatedIds === 1 ? 'appears' : 'appear'} on more than one line (a rerun appends); the last line of each counts.`,
    );
  if (s.cutLastLine)
    out.push(
      'The last line was cut off (the evaluation was stopped while writing it) and is not counted.',
    );
  out.push(...warningNotes(s));
  const spent = costNote(s.cost);
  if (spent !== null) out.push(spent);
  return out;
}

function counts(t: Tally): string {
  return `${count(t.n)} | ${count(t.scored)} | ${count(t.failed)}`;
}

function scores(t: Tally): string {
  return `${pctOrNone(t.em)} | ${pct(t.subEm)} | ${pctOrNone(t.f1)}`;
}

function range(l: LengthTally): string {
  return l.tokens.min === l.tokens.max
    ? count(l.tokens.min)
    : `${count(l.tokens.min)}–${count(l.tokens.max)}`;
}

function paperValue(l: LengthTally): string {
  if (l.column === undefined || REFERENCE === undefined) return '';
  const value = REFERENCE.subEm[l.bucket];
  return value === null || value === undefined
    ? `N/A at ${l.column}`
    : `${pct(value)} at ${l.column}`;
}

// What the review reports and the app's table say about a cell, in words, computed once for every
// format and view: the label shown in the table, the coverage line behind it, where a quote is.
// Pure TypeScript: no Node, DOM or electron imports.
import { evidenceLocation } from './page-label.ts';
import { plural } from './plural.ts';
import { visibleText } from './visible-text.ts';
import type {
  CellCoverage,
  CellEvidence,
  CellStatus,
  ReviewCell,
  ReviewMatrix,
  ReviewQuestion,
} from './review.ts';

/** How each state is named in a report. */
export const STATUS_LABELS: Record<CellStatus, string> = {
  queued: 'Queued',
  reading: 'Reading',
  paused: 'Paused',
  answered: 'Answered',
  not_stated: 'Not stated',
  no_answer: 'No answer',
  failed: 'Failed',
  cut: 'Cut',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
};

/**
 * What the table shows in a cell: the normalised answer for an answered cell ("Yes",
 * "31 Jan 2026", "USD 5,000,000"), the state for the others ("Not stated", "Reading 12/42"); a cut
 * answer shows what it has, marked "(cut)".
 */
export function cellLabel(cell: ReviewCell): string {
  const shown = cell.display ?? cell.answer;
  switch (cell.status) {
    case 'answered':
      return shown ?? STATUS_LABELS.answered;
    case 'cut':
      return shown === undefined ? 'Cut' : `${shown} (cut)`;
    case 'reading':
    case 'paused':
      return `${STATUS_LABELS[cell.status]} ${cell.coverage.chunksRead}/${cell.coverage.chunks}`;
    default:
      return STATUS_LABELS[cell.status];
  }
}

/**
 * The key a column's answers are counted by: the normalised value of an answered cell (two
 * spellings of one date count together), the state of the others.
 */
export function answerKey(cell: ReviewCell): string {
  if (cell.status === 'answered') return `=${cell.value ?? cell.display ?? cell.answer ?? ''}`;
  return `#${cell.status}`;
}

/** "pp. 1–300" (or "p. 4"); '' without pages. */
export function coveragePages(coverage: CellCoverage): string {
  const p = coverage.pages;
  if (p === undefined) return '';
  return p.first === p.last ? `p. ${p.first}` : `pp. ${p.first}–${p.last}`;
}

/**
 * "read all 42 chunks, pp. 1–300", "read 12 of 42 chunks, pp. 1–80", "not read yet": the
 * guarantee behind a cell, "not stated" above all.
 */
export function coverageLabel(coverage: CellCoverage): string {
  const pages = coveragePages(coverage);
  const tail = pages === '' ? '' : `, ${pages}`;
  if (coverage.chunks === 0 || (coverage.chunksRead === 0 && !coverage.complete))
    return 'not read yet';
  if (coverage.complete) return `read all ${plural(coverage.chunks, 'chunk')}${tail}`;
  return `read ${coverage.chunksRead} of ${plural(coverage.chunks, 'chunk')}${tail}`;
}

/** "p. 5 (PDF page 7) · Termination", the document's strings made visible; '' when unknown. */
export function evidenceWhere(e: CellEvidence): string {
  return evidenceLocation({
    page: e.page ?? null,
    pageLabel: e.pageLabel ?? null,
    section: e.section ?? null,
  });
}

/** The cell of a document and a question (row-major, but looked up: a matrix may be partial). */
export function cellIndex(
  matrix: Pick<ReviewMatrix, 'cells'>,
): (documentId: string, questionId: string) => ReviewCell | undefined {
  const cells = new Map<string, ReviewCell>();
  for (const cell of matrix.cells) cells.set(`${cell.documentId}\n${cell.questionId}`, cell);
  return (documentId, questionId) => cells.get(`${documentId}\n${questionId}`);
}

/** "Governing law: expected England" for a flagged cell's note. */
export function expectedNote(question: ReviewQuestion): string {
  return question.expected === undefined ? '' : `expected ${question.expected}`;
}

/**
 * Text on one line: runs of whitespace (newlines too) as one space, after the controls among them
 * (a vertical tab, a form feed) are made visible like every other control.
 */
export const oneLine = (text: string): string => visibleText(text).replace(/\s+/g, ' ').trim();

/** Text on one line cut to `max` characters with "…". */
export function clip(text: string, max: number): string {
  const line = oneLine(text);
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

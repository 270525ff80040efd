// How a cell of the review table reads: its answer line, its state chip and the marks beside
// them, in the reports' words (shared/review-text.ts), so the table and the reports agree.
import type { ReviewCell, ReviewQuestion } from '../../../shared/review.ts';
import { pageName } from '../../../shared/page-label.ts';
import { coverageLabel, STATUS_LABELS } from '../../../shared/review-text.ts';

/** The answer line: the normalised answer, else nothing (the chip says the state). */
export function answerLine(cell: ReviewCell | undefined): string {
  if (cell === undefined) return '';
  if (cell.status === 'answered' || cell.status === 'cut' || cell.status === 'not_stated')
    return cell.display ?? cell.answer ?? '';
  return '';
}

/**
 * What copying a cell gives: its normalised answer and the page it rests on, as the app names
 * pages ("EUR 12,000 — p. 149 (PDF page 177)"); the answer alone without a paged passage, and ''
 * when the cell has no answer.
 */
export function cellCopyText(cell: ReviewCell | undefined): string {
  const answer = answerLine(cell);
  if (answer === '' || cell === undefined) return '';
  const cited = cell.evidence.find((e) => e.page !== undefined);
  return cited?.page === undefined
    ? answer
    : `${answer} — ${pageName(cited.page, cited.pageLabel)}`;
}

/** The state chip: "Answered", "Reading 12/42", "Not stated", "Cut" … */
export function chipLabel(cell: ReviewCell | undefined): string {
  if (cell === undefined) return 'Not read';
  if (cell.status === 'reading' || cell.status === 'paused') {
    const { chunksRead, chunks } = cell.coverage;
    return chunks > 0
      ? `${STATUS_LABELS[cell.status]} ${chunksRead}/${chunks}`
      : STATUS_LABELS[cell.status];
  }
  return STATUS_LABELS[cell.status];
}

/** A cell whose reading ended without reading the whole document (its answer is partial). */
export function partlyRead(cell: ReviewCell | undefined): boolean {
  if (cell === undefined) return false;
  const ended = !['queued', 'reading', 'paused'].includes(cell.status);
  return ended && cell.coverage.chunks > 0 && !cell.coverage.complete;
}

/** A cell's words in the table: its answer line, chip, partly-read mark and coverage. */
export interface CellWords {
  answer: string;
  chip: string;
  partial: boolean;
  /** The partly-read mark's text, "◐ 12/42"; '' when the cell is not partly read. */
  partialMark: string;
  /** "read 12 of 42 chunks, pp. 1–80"; '' when the document has no chunks yet. */
  coverage: string;
}

const NOT_READ: CellWords = {
  answer: '',
  chip: chipLabel(undefined),
  partial: false,
  partialMark: '',
  coverage: '',
};
const wordsOf = new WeakMap<ReviewCell, CellWords>();

/**
 * The words of `cell`, worked out once per cell object: a push brings a new object for a cell
 * that changed, and the table draws a cell again without its changing (scrolled back into view,
 * made active), so those draws format nothing.
 */
export function cellWords(cell: ReviewCell | undefined): CellWords {
  if (cell === undefined) return NOT_READ;
  let words = wordsOf.get(cell);
  if (words === undefined) {
    const partial = partlyRead(cell);
    words = {
      answer: answerLine(cell),
      chip: chipLabel(cell),
      partial,
      partialMark: partial ? `◐ ${cell.coverage.chunksRead}/${cell.coverage.chunks}` : '',
      coverage: cell.coverage.chunks > 0 ? coverageLabel(cell.coverage) : '',
    };
    wordsOf.set(cell, words);
  }
  return words;
}

/** What a screen reader says for a cell: where, the answer, the state, the marks. */
export function cellSpoken(
  documentTitle: string,
  question: ReviewQuestion,
  cell: ReviewCell | undefined,
): string {
  const words = cellWords(cell);
  const parts = [`${documentTitle}, ${question.text}`];
  if (words.answer !== '' && words.answer !== words.chip) parts.push(words.answer);
  parts.push(words.chip);
  if (cell?.disagrees === true && question.expected !== undefined)
    parts.push(`differs from the expected ${question.expected}`);
  if (words.coverage !== '') parts.push(words.coverage);
  return parts.join('; ');
}

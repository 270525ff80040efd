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

/** What a screen reader says for a cell: where, the answer, the state, the marks. */
export function cellSpoken(
  documentTitle: string,
  question: ReviewQuestion,
  cell: ReviewCell | undefined,
): string {
  const parts = [`${documentTitle}, ${question.text}`];
  const answer = answerLine(cell);
  if (answer !== '' && answer !== chipLabel(cell)) parts.push(answer);
  parts.push(chipLabel(cell));
  if (cell?.disagrees === true && question.expected !== undefined)
    parts.push(`differs from the expected ${question.expected}`);
  if (cell !== undefined && cell.coverage.chunks > 0) parts.push(coverageLabel(cell.coverage));
  return parts.join('; ');
}

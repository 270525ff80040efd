// What the review table shows, from the matrix and the user's filters and sort: which documents
// (rows, or columns when transposed) in which order. Pure: the table, its tests and the bench
// call it; it reads the cells and never copies them.
import type {
  CellStatus,
  ReviewCell,
  ReviewDocument,
  ReviewQuestion,
} from '../../../shared/review.ts';
import { answerKey } from '../../../shared/review-text.ts';

export interface ReviewFilter {
  /** Words in the document's title (any case). */
  text: string;
  /** The answer or state filters look at this question only; any question when null. */
  questionId: string | null;
  /** An answer as `answerKey` writes it ("=no", "#not_stated"). */
  answer: string | null;
  status: CellStatus | null;
  /** Only documents with a cell that differs from its question's expected value. */
  disagrees: boolean;
}

export const NO_FILTER: ReviewFilter = {
  text: '',
  questionId: null,
  answer: null,
  status: null,
  disagrees: false,
};

export interface ReviewSort {
  questionId: string;
  direction: 'asc' | 'desc';
}

export function isFiltered(filter: ReviewFilter): boolean {
  return (
    filter.text.trim() !== '' ||
    filter.answer !== null ||
    filter.status !== null ||
    filter.disagrees
  );
}

type CellOf = (documentId: string, questionId: string) => ReviewCell | undefined;

function matches(
  document: ReviewDocument,
  questions: readonly ReviewQuestion[],
  cellOf: CellOf,
  filter: ReviewFilter,
): boolean {
  const words = filter.text.trim().toLowerCase();
  if (words !== '' && !document.title.toLowerCase().includes(words)) return false;
  const looked =
    filter.questionId === null ? questions : questions.filter((q) => q.id === filter.questionId);
  const cells = looked.flatMap((q) => cellOf(document.id, q.id) ?? []);
  if (filter.answer !== null && !cells.some((c) => answerKey(c) === filter.answer)) return false;
  if (filter.status !== null && !cells.some((c) => c.status === filter.status)) return false;
  if (filter.disagrees && !cells.some((c) => c.disagrees === true)) return false;
  return true;
}

/** States after answers when sorting, in this order. */
const STATE_ORDER: CellStatus[] = [
  'answered',
  'not_stated',
  'cut',
  'no_answer',
  'reading',
  'paused',
  'queued',
  'failed',
  'cancelled',
  'interrupted',
];

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/** Where a cell sorts whichever the direction: answers first, then states in their order. */
function group(cell: ReviewCell | undefined): number {
  return cell === undefined ? STATE_ORDER.length : STATE_ORDER.indexOf(cell.status);
}

/** Two answered cells by their normalised values (numbers as numbers, dates as ISO text). */
function compareValues(a: ReviewCell, b: ReviewCell): number {
  const va = a.value ?? a.display ?? '';
  const vb = b.value ?? b.display ?? '';
  const na = Number(va);
  const nb = Number(vb);
  if (va !== '' && vb !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  return collator.compare(va, vb);
}

/**
 * The documents shown, in order: those the filter keeps, sorted by one question's answers
 * (stable: equal answers keep the review's order; states after answers either way), else in
 * the review's order.
 */
export function shownDocuments(
  documents: readonly ReviewDocument[],
  questions: readonly ReviewQuestion[],
  cellOf: CellOf,
  filter: ReviewFilter,
  sort: ReviewSort | null,
): ReviewDocument[] {
  const kept = isFiltered(filter)
    ? documents.filter((d) => matches(d, questions, cellOf, filter))
    : [...documents];
  if (sort === null) return kept;
  const sign = sort.direction === 'asc' ? 1 : -1;
  return kept.sort((a, b) => {
    const ca = cellOf(a.id, sort.questionId);
    const cb = cellOf(b.id, sort.questionId);
    const byGroup = group(ca) - group(cb);
    if (byGroup !== 0 || ca?.status !== 'answered' || cb?.status !== 'answered') return byGroup;
    return sign * compareValues(ca, cb);
  });
}

// A review on a terminal: the matrix as a table (documents down, questions across, each cell its
// display value or its state), and the library's reviews as a list. Every document and model
// string passes through oneLine: shown, never obeyed, one line.
import { rowName } from '../../shared/review-document-labels.ts';
import type { CellStatus, ReviewMatrix, ReviewSummary } from '../../shared/review.ts';
import { shortJobId } from '../core/use-cases/job-claim.ts';
import { localTime, oneLine, table, type Column } from './terminal-table.ts';

/** How a cell without a display value reads in the table. */
const STATE_WORDS: Record<CellStatus, string> = {
  queued: '(queued)',
  reading: '(reading)',
  paused: '(paused)',
  answered: '',
  not_stated: 'Not stated',
  no_answer: '(no answer)',
  failed: '(failed)',
  cut: '(cut)',
  cancelled: '(stopped)',
  interrupted: '(stopped)',
};

/**
 * The matrix: one row per document (its title), one column per question (Q1, Q2 … with the
 * questions listed under the table); a cut answer is marked, an answer whose run did not read
 * every chunk says so. `width` (a terminal's) cuts the cells to fit; a pipe gets them whole.
 */
export function reviewTable(matrix: ReviewMatrix, width?: number): string {
  const { documents, questions, cells } = matrix;
  const columns: Column[] = [
    { title: 'DOCUMENT', share: 2, min: 12 },
    ...questions.map((_, i) => ({ title: `Q${i + 1}`, share: 1, min: 6 })),
  ];
  const rows = documents.map((document, d) => [
    oneLine(rowName(document)),
    ...questions.map((_, q) => {
      const cell = cells[d * questions.length + q];
      if (!cell) return '';
      const shown =
        cell.status === 'answered' || cell.status === 'cut'
          ? oneLine(cell.display ?? cell.answer ?? '')
          : '';
      const word = STATE_WORDS[cell.status];
      const text = shown === '' ? word : cell.status === 'cut' ? `${shown} ${word}` : shown;
      return cell.coverage.complete || cell.status !== 'answered' ? text : `${text} (partly read)`;
    }),
  ]);
  const legend = questions.map((q, i) => `Q${i + 1}  ${oneLine(q.text)}`);
  return `${table(columns, rows, width)}\n\n${legend.join('\n')}\n`;
}

/** A review as `review --list --json` gives it. */
export interface ReviewListing {
  id: string;
  title: string;
  checklist: string;
  documents: number;
  questions: number;
  state: ReviewSummary['state'];
  counts: ReviewSummary['counts'];
  createdAt: string;
  endedAt: string | null;
}

const LIST_COLUMNS: Column[] = [
  { title: 'ID' },
  { title: 'TITLE', share: 2, min: 10 },
  { title: 'CHECKLIST', share: 1, min: 8 },
  { title: 'SIZE' },
  { title: 'STATE' },
  { title: 'DONE' },
  { title: 'FAILED' },
  { title: 'CREATED' },
];

/** The reviews as a table, newest first. */
export function reviewList(
  reviews: readonly ReviewListing[],
  zone: string | undefined,
  width?: number,
): string {
  const rows = reviews.map((r) => [
    shortJobId(r.id),
    oneLine(r.title),
    oneLine(r.checklist),
    `${r.documents} × ${r.questions}`,
    r.state,
    `${r.counts.done}/${r.counts.cells}`,
    String(r.counts.failed),
    localTime(Date.parse(r.createdAt), zone),
  ]);
  return table(LIST_COLUMNS, rows, width);
}

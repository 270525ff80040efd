// The review table's two axes: documents and questions, one down and one across (transposed by
// the user), and the cell at a row and a column whichever way round.
import type { ReviewDocument, ReviewQuestion } from '../../../../shared/review.ts';
import type { CellPlace } from '../../stores/review-store.ts';

export type AxisItem =
  | { kind: 'document'; id: string; document: ReviewDocument }
  | { kind: 'question'; id: string; question: ReviewQuestion };

export interface GridAxes {
  rows: AxisItem[];
  cols: AxisItem[];
}

export function gridAxes(
  documents: readonly ReviewDocument[],
  questions: readonly ReviewQuestion[],
  transpose: boolean,
): GridAxes {
  const docs: AxisItem[] = documents.map((d) => ({ kind: 'document', id: d.id, document: d }));
  const qs: AxisItem[] = questions.map((q) => ({ kind: 'question', id: q.id, question: q }));
  return transpose ? { rows: qs, cols: docs } : { rows: docs, cols: qs };
}

export function placeOf(row: AxisItem, col: AxisItem): CellPlace {
  return row.kind === 'document'
    ? { documentId: row.id, questionId: col.id }
    : { documentId: col.id, questionId: row.id };
}

export const documentOf = (row: AxisItem, col: AxisItem): ReviewDocument =>
  row.kind === 'document'
    ? row.document
    : (col as Extract<AxisItem, { kind: 'document' }>).document;

export const questionOf = (row: AxisItem, col: AxisItem): ReviewQuestion =>
  row.kind === 'question'
    ? row.question
    : (col as Extract<AxisItem, { kind: 'question' }>).question;

/** The DOM id of a cell (the grid's active descendant). */
export const cellDomId = (r: number, c: number): string => `review-cell-${r}-${c}`;

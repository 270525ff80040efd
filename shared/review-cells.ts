// A window's copy of a review's cells, keyed by document and question: the table read once
// (`reviews:get`), then each `review:cells` push laid over it. The one merge the renderer's store
// uses and the service tests check against a fresh read. Pure: no Node, DOM or electron.
import type { ReviewCell } from './review.ts';

/** The key of a cell in a window's copy (and the table's DOM ids). */
export const reviewCellKey = (documentId: string, questionId: string): string =>
  `${documentId}\n${questionId}`;

/** The cells of a read, keyed. */
export function keyCells(cells: readonly ReviewCell[]): Record<string, ReviewCell> {
  const byKey: Record<string, ReviewCell> = {};
  for (const cell of cells) byKey[reviewCellKey(cell.documentId, cell.questionId)] = cell;
  return byKey;
}

/**
 * `cells` with the pushed ones in place of theirs (a new object, so a store sees the change;
 * every cell not pushed keeps its identity, so views of those cells do not re-render).
 */
export function mergeCells(
  cells: Readonly<Record<string, ReviewCell>>,
  pushed: readonly ReviewCell[],
): Record<string, ReviewCell> {
  const next = { ...cells };
  for (const cell of pushed) next[reviewCellKey(cell.documentId, cell.questionId)] = cell;
  return next;
}

// A window's copy of a review's cells: per document, its cells by question. The table read once
// (`reviews:get`), then each `review:cells` push laid over it. The one merge the renderer's store
// uses and the service tests check against a fresh read. Pure: no Node, DOM or electron.
//
// Two levels of maps rather than one map of "document\nquestion" keys: the table looks up every
// cell it shows and every column summary looks up its column, and a lookup by two ids then
// builds no string; a push copies only the rows (documents) it touches.
import type { ReviewCell } from './review.ts';

/** A review's cells by document, then by question. */
export type ReviewCells = ReadonlyMap<string, ReadonlyMap<string, ReviewCell>>;

/** The cells of a read, keyed. */
export function keyCells(cells: readonly ReviewCell[]): ReviewCells {
  const byDocument = new Map<string, Map<string, ReviewCell>>();
  for (const cell of cells) {
    let row = byDocument.get(cell.documentId);
    if (row === undefined) byDocument.set(cell.documentId, (row = new Map()));
    row.set(cell.questionId, cell);
  }
  return byDocument;
}

/**
 * `cells` with the pushed ones in place of theirs: a new map (so a store sees the change), in
 * which each row a push touched is a new map too, and every cell and row not pushed keeps its
 * identity, so views of those cells (and summaries of columns none of whose cells changed) skip.
 */
export function mergeCells(cells: ReviewCells, pushed: readonly ReviewCell[]): ReviewCells {
  if (pushed.length === 0) return cells;
  const next = new Map(cells);
  const copied = new Map<string, Map<string, ReviewCell>>();
  for (const cell of pushed) {
    let row = copied.get(cell.documentId);
    if (row === undefined) {
      row = new Map(cells.get(cell.documentId));
      copied.set(cell.documentId, row);
      next.set(cell.documentId, row);
    }
    row.set(cell.questionId, cell);
  }
  return next;
}

/**
 * `cells` with only the rows of `documentIds` (a push's `documents`: a document left the review).
 * Unchanged (the same map) when no row goes.
 */
export function keepRows(cells: ReviewCells, documentIds: Iterable<string>): ReviewCells {
  const keep = new Set(documentIds);
  if ([...cells.keys()].every((id) => keep.has(id))) return cells;
  return new Map([...cells].filter(([id]) => keep.has(id)));
}

/** The cell of a document and a question, if the copy has it. */
export const cellAt = (
  cells: ReviewCells,
  documentId: string,
  questionId: string,
): ReviewCell | undefined => cells.get(documentId)?.get(questionId);

/** Every cell of the copy, row by row in the order the read gave them. */
export function cellList(cells: ReviewCells): ReviewCell[] {
  const all: ReviewCell[] = [];
  for (const row of cells.values()) for (const cell of row.values()) all.push(cell);
  return all;
}

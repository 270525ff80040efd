// The review table's column summaries, kept across pushes: a column is summarised again only when
// one of its cells is a different object than last time (a push replaced it), or the documents
// or the questions changed. A push touches a few columns, so the others keep their summary
// objects and their memoised headers skip; when none changed the map itself is the same.
//
// The columns a push touched are found from the rows: a row (a document's map of cells) that is
// the same object as last time has no new cell (mergeCells copies only the rows it touches), so
// only the rows a push replaced are compared cell by cell. No column's cells are gathered to find
// out, which was most of this work on every push.
import type { ReviewDocument, ReviewQuestion } from '../../../shared/review.ts';
import { cellAt, type ReviewCells } from '../../../shared/review-cells.ts';
import { summarizeColumn, type ColumnSummary } from '../../../shared/review-summary.ts';

export type ColumnSummaries = ReadonlyMap<string, ColumnSummary>;

/** A summariser with its own memory (one per table): call it with the table as it stands. */
export function columnSummaries(): (
  documents: readonly ReviewDocument[],
  questions: readonly ReviewQuestion[],
  cells: ReviewCells,
) => ColumnSummaries {
  let lastDocuments: readonly ReviewDocument[] | null = null;
  let lastQuestions: readonly ReviewQuestion[] | null = null;
  let lastCells: ReviewCells | null = null;
  let last: Map<string, ColumnSummary> = new Map();
  return (documents, questions, cells) => {
    if (cells === lastCells && documents === lastDocuments && questions === lastQuestions)
      return last;
    const summarize = (question: ReviewQuestion) =>
      summarizeColumn(question, documents, (d, q) => cellAt(cells, d, q));
    const before = last;
    let next: Map<string, ColumnSummary>;
    if (lastCells === null || documents !== lastDocuments) {
      next = new Map(questions.map((q) => [q.id, summarize(q)]));
    } else {
      const touched = touchedColumns(lastCells, cells, documents);
      next = new Map();
      for (const question of questions) {
        const kept = before.get(question.id);
        const same = kept !== undefined && kept.question === question && !touched.has(question.id);
        next.set(question.id, same ? kept : summarize(question));
      }
    }
    lastDocuments = documents;
    lastQuestions = questions;
    lastCells = cells;
    // The same map when no summary changed, so nothing downstream draws again.
    if (next.size !== before.size || [...next].some(([id, s]) => before.get(id) !== s)) last = next;
    return last;
  };
}

/** The questions of the cells that are different objects in `after` than in `before`. */
function touchedColumns(
  before: ReviewCells,
  after: ReviewCells,
  documents: readonly ReviewDocument[],
): Set<string> {
  const touched = new Set<string>();
  for (const document of documents) {
    const was = before.get(document.id);
    const row = after.get(document.id);
    if (row === was) continue;
    for (const [questionId, cell] of row ?? [])
      if (was?.get(questionId) !== cell) touched.add(questionId);
    for (const questionId of was?.keys() ?? [])
      if (row?.has(questionId) !== true) touched.add(questionId);
  }
  return touched;
}

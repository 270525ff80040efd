// The review table's column summaries, kept across pushes: a column is summarised again only when
// one of its cells is a different object than last time (a push replaced it), or the documents
// or its question changed. A push touches a few columns, so the others keep their summary
// objects and their memoised headers skip; when none changed the map itself is the same.
import type { ReviewDocument, ReviewQuestion, ReviewCell } from '../../../shared/review.ts';
import { cellAt, type ReviewCells } from '../../../shared/review-cells.ts';
import { summarizeColumn, type ColumnSummary } from '../../../shared/review-summary.ts';

interface Column {
  question: ReviewQuestion;
  /** The column's cells, in the documents' order, as last summarised. */
  cells: (ReviewCell | undefined)[];
  summary: ColumnSummary;
}

export type ColumnSummaries = ReadonlyMap<string, ColumnSummary>;

/** A summariser with its own memory (one per table): call it with the table as it stands. */
export function columnSummaries(): (
  documents: readonly ReviewDocument[],
  questions: readonly ReviewQuestion[],
  cells: ReviewCells,
) => ColumnSummaries {
  let lastDocuments: readonly ReviewDocument[] | null = null;
  let columns = new Map<string, Column>();
  let last: Map<string, ColumnSummary> = new Map();
  return (documents, questions, cells) => {
    const sameDocuments = documents === lastDocuments;
    const next = new Map<string, Column>();
    let changed = !sameDocuments || questions.length !== last.size;
    for (const question of questions) {
      const column = documents.map((d) => cellAt(cells, d.id, question.id));
      const before = columns.get(question.id);
      if (
        before !== undefined &&
        sameDocuments &&
        before.question === question &&
        sameCells(before.cells, column)
      ) {
        next.set(question.id, before);
        continue;
      }
      changed = true;
      const summary = summarizeColumn(question, documents, (d, q) => cellAt(cells, d, q));
      next.set(question.id, { question, cells: column, summary });
    }
    lastDocuments = documents;
    columns = next;
    if (changed) last = new Map([...next].map(([id, c]) => [id, c.summary]));
    return last;
  };
}

function sameCells(a: readonly (ReviewCell | undefined)[], b: readonly (ReviewCell | undefined)[]) {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false;
  return true;
}

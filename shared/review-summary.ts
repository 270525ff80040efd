// The summary under each question of a review (its reports and the app's table): how many
// documents gave each answer, and which documents stand out. Computed from the matrix as stored.
// Pure TypeScript: no Node, DOM or electron imports.
import type { ReviewCell, ReviewDocument, ReviewMatrix, ReviewQuestion } from './review.ts';
import { answerKey, cellIndex, cellLabel } from './review-text.ts';

/** One answer of a column and the documents that gave it. */
export interface AnswerCount {
  /** The cells' `answerKey` (review-text.ts): what a filter on this answer matches. */
  key: string;
  /** As the table shows it ("Yes", "Not stated"). */
  label: string;
  count: number;
  /** The answer is a state (not stated, failed ...), not a value. */
  state: boolean;
}

/** A cell that stands out in its column, and why. */
export interface Outlier {
  document: ReviewDocument;
  cell: ReviewCell;
  label: string;
  reason: 'expected' | 'minority';
}

export interface ColumnSummary {
  question: ReviewQuestion;
  /** Most frequent first; ties in the order the table shows the documents. */
  counts: AnswerCount[];
  /** The answer most documents gave, when at least half of the answered ones and two agree. */
  majority?: string;
  outliers: Outlier[];
  /** Cells whose run did not read the whole document. */
  partial: number;
}

/**
 * Per question: the count of each answer (normalised values counted together, states by
 * state), and the outliers: with an expected value, every cell that disagrees with it; without,
 * the answered cells that differ from an answer at least half of the answered documents (and two
 * or more) agree on. Free text rarely has such a majority, so it rarely has outliers.
 */
export function summarizeColumns(
  matrix: Pick<ReviewMatrix, 'documents' | 'questions' | 'cells'>,
  /** The cell of a document and a question, when the caller keeps them keyed already. */
  cellOf: CellOf = cellIndex(matrix),
): ColumnSummary[] {
  return matrix.questions.map((question) => summarizeColumn(question, matrix.documents, cellOf));
}

type CellOf = (documentId: string, questionId: string) => ReviewCell | undefined;

/**
 * The summary of one question's column (`summarizeColumns` of each): the table recomputes only
 * the columns whose cells changed.
 */
export function summarizeColumn(
  question: ReviewQuestion,
  documents: readonly ReviewDocument[],
  cellOf: CellOf,
): ColumnSummary {
  const rows = documents.flatMap((document) => {
    const cell = cellOf(document.id, question.id);
    return cell === undefined ? [] : [{ document, cell }];
  });
  const counts = new Map<string, AnswerCount>();
  for (const { cell } of rows) {
    const key = answerKey(cell);
    const entry = counts.get(key);
    if (entry === undefined)
      counts.set(key, {
        key,
        label: cellLabel(cell),
        count: 1,
        state: cell.status !== 'answered',
      });
    else entry.count += 1;
  }
  const answered = rows.filter((r) => r.cell.status === 'answered');
  let majorityKey: string | undefined;
  let best = 0;
  for (const [key, entry] of counts)
    if (!entry.state && entry.count > best) [majorityKey, best] = [key, entry.count];
  const hasMajority = best >= 2 && best * 2 >= answered.length;
  const outliers: Outlier[] =
    question.expected !== undefined
      ? rows
          .filter((r) => r.cell.disagrees === true)
          .map((r) => ({ ...r, label: cellLabel(r.cell), reason: 'expected' as const }))
      : hasMajority
        ? answered
            .filter((r) => answerKey(r.cell) !== majorityKey)
            .map((r) => ({ ...r, label: cellLabel(r.cell), reason: 'minority' as const }))
        : [];
  const summary: ColumnSummary = {
    question,
    // Stable sort: equal counts keep the order they were first met in (the table's).
    counts: [...counts.values()].sort((a, b) => b.count - a.count),
    outliers,
    partial: rows.filter((r) => !r.cell.coverage.complete).length,
  };
  const majority = hasMajority && majorityKey !== undefined ? counts.get(majorityKey) : undefined;
  if (majority !== undefined) summary.majority = majority.label;
  return summary;
}

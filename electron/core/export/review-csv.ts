// The review as CSV, for a spreadsheet: the matrix (a row per document, a column per question) or
// the long form (a row per cell). Every field from a document or a model passes spreadsheetText:
// controls and bidi made visible, formula triggers neutralised.
import { rowName } from '../../../shared/review-document-labels.ts';
import type { ReviewMatrix } from '../../../shared/review.ts';
import { spreadsheetText } from '../../../shared/spreadsheet-text.ts';
import { writeCsv } from '../csv.ts';
import {
  STATUS_LABELS,
  cellIndex,
  cellLabel,
  coverageLabel,
  evidenceWhere,
} from '../../../shared/review-text.ts';

/** `wide`: documents down, questions across (the table); `long`: one row per cell, for tools. */
export type ReviewCsvLayout = 'wide' | 'long';

/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
const BOM = '\uFEFF';

/** The long form's columns, in order. */
export const LONG_CSV_COLUMNS = [
  'Document',
  'Document ID',
  'Question',
  'Question ID',
  'Kind',
  'Status',
  'Value',
  'Shown as',
  "Model's answer",
  'Differs from expected',
  'Chunks read',
  'Chunks',
  'Read everything',
  'Coverage',
  'Pages',
  'Quotes',
  'Run ID',
  'Error',
] as const;

/**
 * The review as CSV text: UTF-8 with a byte order mark, CRLF line ends, every field quoted where
 * it must be. `wide` is the table as shown (a cell's normalised answer or state); `long` holds
 * per cell its state, value, the model's words, coverage, the pages and quotes of its evidence
 * and its run id.
 */
export function reviewToCsv(matrix: ReviewMatrix, layout: ReviewCsvLayout = 'wide'): string {
  const rows = layout === 'wide' ? wideRows(matrix) : longRows(matrix);
  return BOM + writeCsv(rows.map((row) => row.map(spreadsheetText)));
}

function wideRows(matrix: ReviewMatrix): string[][] {
  const cellOf = cellIndex(matrix);
  const header = ['Document', 'Path', ...matrix.questions.map((q) => q.text)];
  const rows = matrix.documents.map((d) => [
    rowName(d),
    d.path ?? '',
    ...matrix.questions.map((q) => {
      const cell = cellOf(d.id, q.id);
      return cell === undefined ? '' : cellLabel(cell);
    }),
  ]);
  return [header, ...rows];
}

function longRows(matrix: ReviewMatrix): string[][] {
  const documents = new Map(matrix.documents.map((d) => [d.id, d]));
  const questions = new Map(matrix.questions.map((q) => [q.id, q]));
  const rows = matrix.cells.map((cell) => {
    const question = questions.get(cell.questionId);
    const d = documents.get(cell.documentId);
    const c = cell.coverage;
    return [
      d === undefined ? '' : rowName(d),
      cell.documentId,
      question?.text ?? '',
      cell.questionId,
      question?.kind ?? '',
      STATUS_LABELS[cell.status],
      cell.value ?? '',
      cellLabel(cell),
      cell.answer ?? '',
      cell.disagrees === undefined ? '' : cell.disagrees ? 'yes' : 'no',
      String(c.chunksRead),
      String(c.chunks),
      c.complete ? 'yes' : 'no',
      coverageLabel(c),
      cell.evidence.map(evidenceWhere).filter(Boolean).join('; '),
      cell.evidence.map((e) => `“${e.quote}”`).join('\n'),
      cell.runId ?? '',
      cell.error ?? '',
    ];
  });
  return [[...LONG_CSV_COLUMNS], ...rows];
}

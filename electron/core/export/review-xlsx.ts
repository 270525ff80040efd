// The review as an Excel workbook (exceljs): the matrix as shown, every cell's citations, and the
// questions with their summaries. Strings from documents and models are written as strings only,
// never as formulas, and made valid for the file's XML (xlsxText).
import { rowName } from '../../../shared/review-document-labels.ts';
import ExcelJS from 'exceljs';
import type { ReviewMatrix } from '../../../shared/review.ts';
import { visibleText } from '../../../shared/visible-text.ts';
import { summarizeColumns } from '../../../shared/review-summary.ts';
import { cellIndex, cellLabel, coverageLabel } from '../../../shared/review-text.ts';

/** The most characters an Excel cell holds. */
export const XLSX_CELL_CHARS = 32_767;

/**
 * A string as an XLSX cell may hold it: controls and bidi made visible (XML 1.0 forbids most C0
 * controls; a raw U+202E would spoof the sheet as it spoofs a terminal), unpaired surrogates and
 * the non-characters U+FFFE/U+FFFF removed (not XML either), `_xHHHH_` written `_x005F_xHHHH_` so
 * Excel shows it as typed instead of decoding it, and cut to the 32,767 characters a cell holds.
 */
export function xlsxText(text: string): string {
  let out = visibleText(text)
    .replace(
      /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|[\uFFFE\uFFFF]/g,
      '',
    )
    .replace(/_(x[0-9A-Fa-f]{4}_)/g, '_x005F_$1');
  if (out.length > XLSX_CELL_CHARS) {
    const note = '… (cut: the JSON and HTML reports hold all of it)';
    out = out.slice(0, XLSX_CELL_CHARS - note.length).replace(/[\uD800-\uDBFF]$/, '') + note;
  }
  return out;
}

/** xlsxText, or an empty cell (null) for no text. */
const cellText = (text: string | undefined): string | null =>
  text === undefined || text === '' ? null : xlsxText(text);

export interface XlsxOptions {
  /** Written as the workbook's creation time (the export's time), for reproducible files. */
  exportedAt?: number;
  /** "MemAgent Desktop 1.4.0" as the workbook's creator. */
  appVersion?: string;
}

const WRAP: Partial<ExcelJS.Alignment> = { wrapText: true, vertical: 'top' };
const HEADER_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFEDEFF5' },
};
const PARTIAL_FILL: ExcelJS.Fill = {
  type: 'pattern',
  pattern: 'solid',
  fgColor: { argb: 'FFFFF1D6' },
};

/**
 * The review as XLSX bytes: sheet "Review" (documents down, questions across, each cell's
 * normalised answer or state; header row and first column frozen; a cell whose run did not read
 * the whole document shaded, its coverage in a note), "Citations" (a row per cell and quote:
 * document, question, page, printed page, section, quote, run) and "Questions" (kind, guidance,
 * expected value, the count of each answer, the outliers).
 */
export async function reviewToXlsx(
  matrix: ReviewMatrix,
  options: XlsxOptions = {},
): Promise<Uint8Array> {
  const book = new ExcelJS.Workbook();
  book.creator =
    options.appVersion === undefined
      ? 'MemAgent Desktop'
      : `MemAgent Desktop ${options.appVersion}`;
  const when = new Date(options.exportedAt ?? Date.now());
  book.created = when;
  book.modified = when;
  book.title = xlsxText(matrix.review.title);
  reviewSheet(book, matrix);
  citationsSheet(book, matrix);
  questionsSheet(book, matrix);
  return new Uint8Array(await book.xlsx.writeBuffer());
}

/** A header row: bold, shaded, wrapped. */
function header(sheet: ExcelJS.Worksheet, values: string[]): void {
  const row = sheet.addRow(values.map(xlsxText));
  row.font = { bold: true };
  row.eachCell((cell) => {
    cell.fill = HEADER_FILL;
    cell.alignment = WRAP;
  });
}

function reviewSheet(book: ExcelJS.Workbook, matrix: ReviewMatrix): void {
  const sheet = book.addWorksheet('Review', {
    views: [{ state: 'frozen', xSplit: 1, ySplit: 1, topLeftCell: 'B2' }],
  });
  sheet.columns = [{ width: 36 }, ...matrix.questions.map(() => ({ width: 24 }))];
  header(sheet, ['Document', ...matrix.questions.map((q) => q.text)]);
  const cellOf = cellIndex(matrix);
  for (const document of matrix.documents) {
    const cells = matrix.questions.map((q) => cellOf(document.id, q.id));
    const row = sheet.addRow([
      xlsxText(rowName(document)),
      ...cells.map((cell) => (cell === undefined ? null : xlsxText(cellLabel(cell)))),
    ]);
    row.getCell(1).font = { bold: true };
    row.eachCell({ includeEmpty: true }, (c) => {
      c.alignment = WRAP;
    });
    cells.forEach((cell, i) => {
      if (cell === undefined) return;
      const target = row.getCell(i + 2);
      if (!cell.coverage.complete) {
        target.fill = PARTIAL_FILL;
        target.note = `Did not read the whole document: ${coverageLabel(cell.coverage)}.`;
      }
      if (cell.disagrees === true) target.font = { color: { argb: 'FFA11D2B' }, bold: true };
      else if (cell.status !== 'answered')
        target.font = { color: { argb: 'FF5C5C66' }, italic: true };
    });
  }
}

function citationsSheet(book: ExcelJS.Workbook, matrix: ReviewMatrix): void {
  const sheet = book.addWorksheet('Citations', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { width: 30 },
    { width: 36 },
    { width: 8 },
    { width: 10 },
    { width: 24 },
    { width: 80 },
    { width: 38 },
  ];
  header(sheet, ['Document', 'Question', 'Page', 'Printed page', 'Section', 'Quote', 'Run ID']);
  const documents = new Map(matrix.documents.map((d) => [d.id, d]));
  const questions = new Map(matrix.questions.map((q) => [q.id, q]));
  for (const cell of matrix.cells)
    for (const e of cell.evidence) {
      const d = documents.get(cell.documentId);
      const row = sheet.addRow([
        xlsxText(d === undefined ? cell.documentId : rowName(d)),
        xlsxText(questions.get(cell.questionId)?.text ?? cell.questionId),
        e.page ?? null,
        cellText(e.pageLabel),
        cellText(e.section),
        xlsxText(e.quote),
        cellText(cell.runId),
      ]);
      row.eachCell((c) => {
        c.alignment = WRAP;
      });
    }
}

function questionsSheet(book: ExcelJS.Workbook, matrix: ReviewMatrix): void {
  const sheet = book.addWorksheet('Questions', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { width: 5 },
    { width: 48 },
    { width: 10 },
    { width: 36 },
    { width: 16 },
    { width: 40 },
    { width: 40 },
    { width: 14 },
  ];
  header(sheet, [
    '#',
    'Question',
    'Kind',
    'Guidance',
    'Expected',
    'Answers',
    'Outliers',
    'Partly read',
  ]);
  summarizeColumns(matrix).forEach((column, i) => {
    const q = column.question;
    const row = sheet.addRow([
      i + 1,
      xlsxText(q.text),
      q.kind,
      cellText(q.guidance),
      cellText(q.expected),
      cellText(column.counts.map((c) => `${c.label}: ${c.count}`).join('\n')),
      cellText(column.outliers.map((o) => `${rowName(o.document)}: ${o.label}`).join('\n')),
      column.partial,
    ]);
    row.eachCell((c) => {
      c.alignment = WRAP;
    });
  });
}

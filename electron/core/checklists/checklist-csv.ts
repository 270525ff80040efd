// A checklist as CSV: `question,kind,guidance,expected,id`, one question a row, with a header
// row (the columns then go by its names, in any order) or without one (the columns in that
// order). Spreadsheets' semicolon- and tab-separated files are read too.
import type { Checklist } from '../../../shared/checklist.ts';
import { CHECKLIST_LIMITS as L } from '../../../shared/checklist-limits.ts';
import { neutralizeFormula, restoreFormula } from '../../../shared/spreadsheet-text.ts';
import { CsvSyntaxError, readCsv, writeCsv, type CsvRecord } from '../csv.ts';
import { buildChecklist, kindNamed, unknownKind, type QuestionDraft } from './checklist-build.ts';
import { badChecklist, tooManyQuestions } from './checklist-errors.ts';

const COLUMNS = ['question', 'kind', 'guidance', 'expected', 'id'] as const;
type Column = (typeof COLUMNS)[number];

const HEADER_ALIASES: Record<string, Column> = {
  text: 'question',
  type: 'kind',
  expected_value: 'expected',
};

const columnOf = (header: string): Column | undefined => {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return (COLUMNS as readonly string[]).includes(name) ? (name as Column) : HEADER_ALIASES[name];
};

/** The columns by position: from the header row when the first row is one, else the default order. */
function layoutOf(
  first: CsvRecord,
  source: string,
): { columns: (Column | undefined)[]; header: boolean } {
  const named = first.fields.map((f) => columnOf(f.value));
  if (named[0] !== 'question' && !named.includes('question'))
    return { columns: [...COLUMNS], header: false };
  for (const field of first.fields) {
    const column = columnOf(field.value);
    if (column === undefined && field.value.trim() !== '')
      throw badChecklist(
        source,
        `line ${first.line}, column ${field.column}`,
        `“${field.value.trim().slice(0, 40)}” is not a column of a checklist; use ${COLUMNS.join(', ')}.`,
      );
    if (named.filter((c) => c === column).length > 1 && column !== undefined)
      throw badChecklist(source, `line ${first.line}`, `the column “${column}” is named twice.`);
  }
  return { columns: named, header: true };
}

/**
 * The questions of a CSV checklist (BOM already removed). A bad file is one CoreError with its
 * line and column: an unclosed quote, text after a closing quote, a row with more cells than
 * columns, an unknown kind, or any of buildChecklist's.
 */
export function parseChecklistCsv(
  text: string,
  source: string,
  name: string,
  id?: string,
): Checklist {
  let records: CsvRecord[];
  try {
    records = readCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError)
      throw badChecklist(
        source,
        `line ${error.line}, column ${error.column}`,
        `${error.message}.`,
        'A field with a comma, a quote or a line break is written in double quotes, with its quotes doubled ("").',
      );
    throw error;
  }
  const rows = records.filter((r) => r.fields.some((f) => f.value.trim() !== ''));
  if (rows.length === 0) return buildChecklist(source, name, id, []);
  const { columns, header } = layoutOf(rows[0]!, source);
  const drafts: QuestionDraft[] = [];
  for (const row of header ? rows.slice(1) : rows) {
    if (drafts.length === L.questions) throw tooManyQuestions(source, 'more');
    const cells: Partial<Record<Column, string>> = {};
    for (const field of row.fields) {
      const column = columns[field.column - 1];
      if (column === undefined) {
        if (field.value.trim() === '') continue;
        throw badChecklist(
          source,
          `line ${field.line}, column ${field.column}`,
          `the row has more cells than the ${columns.length} columns (${columns.filter(Boolean).join(', ')}).`,
          'Put a field holding a comma in double quotes.',
        );
      }
      cells[column] = restoreFormula(field.value);
    }
    const kindField = row.fields[columns.indexOf('kind')];
    const kind = kindNamed(cells.kind ?? '');
    if (kind === undefined)
      throw badChecklist(
        source,
        `line ${kindField?.line ?? row.line}, column ${kindField?.column ?? 2}`,
        unknownKind(cells.kind ?? ''),
      );
    drafts.push({
      text: cells.question ?? '',
      kind,
      guidance: cells.guidance,
      expected: cells.expected,
      id: cells.id,
      where: `line ${row.line}`,
    });
  }
  return buildChecklist(source, name, id, drafts);
}

/**
 * A checklist as CSV with a header row, every column filled, records ended by CRLF (RFC 4180):
 * reads back as the same checklist (its name comes from the file name). A cell a spreadsheet
 * would run as a formula starts with an apostrophe (the reports' guard), taken off again when
 * read.
 */
export function writeChecklistCsv(checklist: Checklist): string {
  const rows = checklist.questions.map((q) =>
    [q.text, q.kind, q.guidance ?? '', q.expected ?? '', q.id].map(neutralizeFormula),
  );
  return writeCsv([[...COLUMNS], ...rows]);
}

// CSV for every file the app reads or writes (checklists, the review's reports): csv-parse,
// keeping where every field began so that a bad file is refused with its line and column, and
// csv-stringify with the app's one set of options. The formula guard of every spreadsheet the
// app writes is shared/spreadsheet-text.ts.
import { CsvError, parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** A field and where it began: 1-based physical line, and its column (1-based field number). */
export interface CsvField {
  value: string;
  line: number;
  column: number;
}

/** A record (a row) and the physical line it began on. */
export interface CsvRecord {
  line: number;
  fields: CsvField[];
}

/** Why a CSV text cannot be read, and where: one sentence for the caller to place. */
export class CsvSyntaxError extends Error {
  readonly line: number;
  readonly column: number;

  constructor(message: string, line: number, column: number) {
    super(message);
    this.name = 'CsvSyntaxError';
    this.line = line;
    this.column = column;
  }
}

/** Line breaks in `text`: CRLF, LF and CR each count once. */
function lineBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

/**
 * The delimiter of a CSV text: a comma, unless its first line has none but has semicolons (what
 * spreadsheets write where the comma is the decimal mark) or tabs.
 */
export function sniffDelimiter(text: string): ',' | ';' | '\t' {
  const first = /^[^\r\n]*/.exec(text)![0].replace(/"[^"]*"/g, '');
  if (first.includes(',')) return ',';
  if (first.includes(';')) return ';';
  return first.includes('\t') ? '\t' : ',';
}

/** csv-parse's refusals in our words; anything else is not the file's fault and is rethrown. */
const SYNTAX: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'a quoted field is never closed',
  INVALID_OPENING_QUOTE: 'a quote is inside a field that does not start with one',
  CSV_INVALID_CLOSING_QUOTE: 'there is text after a closing quote',
};

/**
 * Every record of `text` (without a BOM: the caller decodes). Strict where RFC 4180 is: a quote
 * inside an unquoted field, text after a closing quote and a quote never closed are
 * CsvSyntaxError, because a spreadsheet would read such a file differently from us. Records are
 * ended by CRLF, LF or CR, mixed too; blank lines are kept (as a record of one empty field) for
 * the caller to skip. Rows may have any number of fields.
 */
export function readCsv(text: string, delimiter = sniffDelimiter(text)): CsvRecord[] {
  const records: CsvRecord[] = [];
  // Lines are counted from the fields (a line break is only ever inside a quoted field), not
  // from csv-parse's count, which counts a CRLF inside quotes twice when record ends are mixed.
  let line = 1;
  let parsedLines = 0;
  try {
    parse(text, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: false,
      on_record: (values: string[], context) => {
        const record: CsvRecord = { line, fields: [] };
        for (const [index, value] of values.entries()) {
          record.fields.push({ value, line, column: index + 1 });
          line += lineBreaks(value);
        }
        records.push(record);
        line += 1;
        parsedLines = context.lines;
        return null; // kept here, not in csv-parse's array
      },
    });
  } catch (error) {
    const message = error instanceof CsvError ? SYNTAX[error.code] : undefined;
    if (message === undefined || !(error instanceof CsvError)) throw error;
    const where = error as CsvError & { lines?: number; column?: number };
    // An unclosed quote runs to the end of the text: it is placed where its record began.
    const at =
      error.code === 'CSV_QUOTE_NOT_CLOSED'
        ? line
        : line + Math.max(0, (where.lines ?? parsedLines + 1) - parsedLines - 1);
    throw new CsvSyntaxError(message, at, (where.column ?? 0) + 1);
  }
  return records;
}

/**
 * Rows as CSV text: records ended by CRLF (RFC 4180), a field quoted when it holds the delimiter,
 * a quote or any line break. csv-stringify alone quotes only the record delimiter, so a bare LF
 * in a model's answer would start a new row in a spreadsheet.
 */
export function writeCsv(rows: readonly (readonly string[])[]): string {
  return stringify(rows as string[][], { record_delimiter: 'windows', quoted_match: /[\r\n]/ });
}

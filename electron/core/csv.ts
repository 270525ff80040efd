// CSV as RFC 4180 writes it, read and written without a library (none is kept in
// node_modules, and the format is small): fields separated by a delimiter, records by CRLF, LF
// or CR; a field in double quotes may hold delimiters, line breaks and doubled quotes. Every
// field keeps where it began, so a bad file is refused with its line and column.

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

/**
 * Every record of `text` (without a BOM: the caller decodes). Strict where RFC 4180 is: a quote
 * inside an unquoted field, text after a closing quote and a quote never closed are
 * CsvSyntaxError, because a spreadsheet would read such a file differently from us. Records with
 * no field but an empty one (blank lines) are kept for the caller to skip.
 */
export function readCsv(text: string, delimiter = sniffDelimiter(text)): CsvRecord[] {
  const records: CsvRecord[] = [];
  let line = 1;
  let i = 0;
  const end = text.length;
  while (i < end) {
    const record: CsvRecord = { line, fields: [] };
    let recordDone = false;
    while (!recordDone) {
      const field: CsvField = { value: '', line, column: record.fields.length + 1 };
      if (text[i] === '"') {
        const openedOn = line;
        i += 1;
        let value = '';
        // Whole runs up to the next quote at a time: a 2 MB file is read in milliseconds.
        for (;;) {
          const quote = text.indexOf('"', i);
          if (quote < 0)
            throw new CsvSyntaxError('a quoted field is never closed', openedOn, field.column);
          const run = text.slice(i, quote);
          line += lineBreaks(run);
          value += run;
          if (text[quote + 1] === '"') {
            value += '"';
            i = quote + 2;
            continue;
          }
          i = quote + 1;
          break;
        }
        field.value = value;
        const next = text[i];
        if (next !== undefined && next !== delimiter && next !== '\r' && next !== '\n')
          throw new CsvSyntaxError('there is text after a closing quote', line, field.column);
      } else {
        let stop = i;
        while (
          stop < end &&
          text[stop] !== delimiter &&
          text[stop] !== '\r' &&
          text[stop] !== '\n'
        ) {
          if (text[stop] === '"')
            throw new CsvSyntaxError(
              'a quote is inside a field that does not start with one',
              line,
              field.column,
            );
          stop += 1;
        }
        field.value = text.slice(i, stop);
        i = stop;
      }
      record.fields.push(field);
      if (text[i] === delimiter) {
        i += 1;
        if (i >= end) record.fields.push({ value: '', line, column: record.fields.length + 1 });
        else continue;
      }
      // A record ends at a line break or the end of the text.
      if (text[i] === '\r') i += text[i + 1] === '\n' ? 2 : 1;
      else if (text[i] === '\n') i += 1;
      line += 1;
      recordDone = true;
    }
    records.push(record);
  }
  return records;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR before one) as a formula;
 * such a value is written with an apostrophe first, which spreadsheets show as text, and which
 * `unguardFormula` takes off again when the file is read back (a value that already starts with
 * apostrophes gets one more, so the round trip is exact).
 */
export function guardFormula(value: string): string {
  return /^'*[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** The value `guardFormula` was given: one apostrophe fewer before a formula's first sign. */
export function unguardFormula(value: string): string {
  return /^'+[=+\-@\t\r]/.test(value) ? value.slice(1) : value;
}

/** One field as RFC 4180 writes it: quoted when it holds a delimiter, a quote or a line break. */
export function csvField(value: string, delimiter = ','): string {
  return value.includes(delimiter) || /["\r\n]/.test(value)
    ? `"${value.replace(/"/g, '""')}"`
    : value;
}

/** Records as CSV text: fields quoted where needed, records ended by CRLF (as RFC 4180 says). */
export function writeCsv(rows: readonly (readonly string[])[], delimiter = ','): string {
  return rows
    .map((row) => row.map((value) => csvField(value, delimiter)).join(delimiter) + '\r\n')
    .join('');
}

import { describe, expect, it } from 'vitest';
import { neutralizeFormula, restoreFormula } from '../../shared/spreadsheet-text.ts';
import { readCsv, sniffDelimiter, writeCsv } from './csv.ts';

const values = (text: string) => readCsv(text).map((r) => r.fields.map((f) => f.value));

/** The error readCsv throws for `text`, as message, line and column. */
function refusal(text: string): [string, number, number] | undefined {
  try {
    readCsv(text);
  } catch (error) {
    const e = error as { message: string; line: number; column: number };
    return [e.message, e.line, e.column];
  }
  return undefined;
}

describe('CSV', () => {
  it('reads records ended by CRLF, LF or CR, and quoted fields across lines', () => {
    expect(values('a,b\r\nc,d\ne,f\rg,"h\r\ni"\n')).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
      ['g', 'h\r\ni'],
    ]);
    const records = readCsv('a,"x\ny"\nb,c\n');
    expect(records.map((r) => r.line)).toEqual([1, 3]);
    // A field placed on the line it begins: after a quoted line break, and after mixed ends.
    const mixed = readCsv('a,"x\r\ny",z\rb\nc');
    expect(mixed.flatMap((r) => r.fields.map((f) => [f.value, f.line, f.column]))).toEqual([
      ['a', 1, 1],
      ['x\r\ny', 1, 2],
      ['z', 2, 3],
      ['b', 3, 1],
      ['c', 4, 1],
    ]);
  });

  it('keeps empty fields, a trailing empty field and blank lines', () => {
    expect(values('a,,\n\n,b')).toEqual([['a', '', ''], [''], ['', 'b']]);
  });

  it('refuses what a spreadsheet would read differently, with the line and column', () => {
    expect(refusal('question,kind\nWho?,party\n"When is it,date\n')).toEqual([
      'a quoted field is never closed',
      3,
      1,
    ]);
    expect(refusal('question,kind\nIs it "mutual"?,yes_no\n')).toEqual([
      'a quote is inside a field that does not start with one',
      2,
      1,
    ]);
    expect(refusal('a\n"b\nc"x,d')).toEqual(['there is text after a closing quote', 3, 1]);
    expect(refusal('a,b\nc,"d"e')).toEqual(['there is text after a closing quote', 2, 2]);
  });

  it('reads back what it writes, formulas guarded and restored', () => {
    const rows = [
      ['plain', 'with, comma', 'with "quotes"', 'line\nbreak', '', ' spaced '],
      ['=1+1', "'=x", '@a', '-2', '+3', 'fine'].map(neutralizeFormula),
    ];
    const text = writeCsv(rows);
    expect(values(text)).toEqual(rows);
    // Any line break is quoted, so no spreadsheet starts a row inside a field.
    expect(writeCsv([['a\nb', 'c\rd', 'e']])).toBe('"a\nb","c\rd",e\r\n');
    expect(values(text)[1]!.map(restoreFormula)).toEqual(['=1+1', "'=x", '@a', '-2', '+3', 'fine']);
  });

  it('finds a spreadsheet’s semicolons or tabs', () => {
    expect(sniffDelimiter('question;kind\n')).toBe(';');
    expect(sniffDelimiter('question\tkind\n')).toBe('\t');
    expect(sniffDelimiter('"a;b",c\n')).toBe(',');
    expect(sniffDelimiter('question\n')).toBe(',');
    expect(values('a;"b;c"\n')).toEqual([['a', 'b;c']]);
  });
});

import { describe, expect, it } from 'vitest';
import { guardFormula, readCsv, sniffDelimiter, unguardFormula, writeCsv } from './csv.ts';

const values = (text: string) => readCsv(text).map((r) => r.fields.map((f) => f.value));

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
  });

  it('keeps empty fields, a trailing empty field and blank lines', () => {
    expect(values('a,,\n\n,b')).toEqual([['a', '', ''], [''], ['', 'b']]);
  });

  it('reads back what it writes', () => {
    const rows = [
      ['plain', 'with, comma', 'with "quotes"', 'line\nbreak', '', ' spaced '],
      ['=1+1', "'=x", '@a', '-2', '+3', 'fine'].map(guardFormula),
    ];
    const text = writeCsv(rows);
    expect(values(text)).toEqual(rows);
    expect(values(text)[1]!.map(unguardFormula)).toEqual(['=1+1', "'=x", '@a', '-2', '+3', 'fine']);
  });

  it('finds a spreadsheet’s semicolons or tabs', () => {
    expect(sniffDelimiter('question;kind\n')).toBe(';');
    expect(sniffDelimiter('question\tkind\n')).toBe('\t');
    expect(sniffDelimiter('"a;b",c\n')).toBe(',');
    expect(sniffDelimiter('question\n')).toBe(',');
  });
});

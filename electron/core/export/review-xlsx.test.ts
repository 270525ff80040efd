// review.xlsx read back twice: by exceljs (what a user's spreadsheet shows) and as the sheets' XML
// (no formula anywhere, nothing XML forbids).
import { strFromU8, unzipSync } from 'fflate';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../../shared/visible-text.ts';
import {
  DOCUMENTS,
  HOSTILE,
  LONG_ANSWER,
  QUESTIONS,
  reviewFixture,
  rawControls,
} from './review-fixture.test-support.ts';
import { XLSX_CELL_CHARS, reviewToXlsx, xlsxText } from './review-xlsx.ts';

async function writeAndRead(): Promise<{ bytes: Uint8Array; book: ExcelJS.Workbook }> {
  const bytes = await reviewToXlsx(reviewFixture(), {
    exportedAt: Date.UTC(2026, 0, 7),
    appVersion: '1.2.3',
  });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-review-xlsx-'));
  try {
    const file = path.join(dir, 'review.xlsx');
    fs.writeFileSync(file, bytes);
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(file);
    return { bytes: new Uint8Array(fs.readFileSync(file)), book };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Every cell of a sheet as [address, value]. */
function cells(sheet: ExcelJS.Worksheet | undefined): [string, ExcelJS.CellValue][] {
  const out: [string, ExcelJS.CellValue][] = [];
  sheet?.eachRow((row) => {
    row.eachCell((cell) => out.push([cell.address, cell.value]));
  });
  return out;
}

describe('the review as XLSX', () => {
  it('has the matrix, citations and questions, header and first column frozen', async () => {
    const { book } = await writeAndRead();
    expect(book.worksheets.map((s) => s.name)).toEqual(['Review', 'Citations', 'Questions']);
    expect(book.creator).toBe('MemAgent Desktop 1.2.3');
    const review = book.getWorksheet('Review');
    expect(review?.views[0]).toMatchObject({ state: 'frozen', xSplit: 1, ySplit: 1 });
    expect(review?.getRow(1).values).toEqual([
      undefined,
      'Document',
      ...QUESTIONS.map((q) => q.text),
    ]);
    expect(review?.rowCount).toBe(1 + DOCUMENTS.length);
    expect(review?.getColumn(1).width).toBe(36);
    expect(review?.getRow(2).values).toEqual([
      undefined,
      'Acme supply agreement',
      'Acme Ltd; Buyer plc',
      '1 Mar 2024',
      '3 years',
      'Yes',
      'GBP 5,000,000',
      'England',
      '“Either party may terminate this Agreement for convenience on ninety days notice.”',
      '90',
    ]);
    expect(review?.getCell('I3').value).toBe('Failed');
    // A cell whose run did not read everything carries its coverage.
    expect(review?.getCell('I3').note).toBe(
      'Did not read the whole document: read 3 of 8 chunks, pp. 1–17.',
    );
    expect(review?.getCell('F4').value).toBe('Not stated');
    expect(review?.getCell('F4').note).toBe('Did not read the whole document: read 2 of 5 chunks.');
    expect(review?.getCell('B2').note).toBeUndefined();

    const citations = book.getWorksheet('Citations');
    expect(citations?.getRow(1).values).toEqual([
      undefined,
      'Document',
      'Question',
      'Page',
      'Printed page',
      'Section',
      'Quote',
      'Run ID',
    ]);
    expect(citations?.getRow(4).values).toEqual([
      undefined,
      'Acme supply agreement',
      'What is the initial term?',
      151,
      '149',
      'Clause 2 > Term',
      'an initial term of three (3) years',
      '00000000-0000-4000-8000-000000002000',
    ]);
    const evidence = reviewFixture().cells.reduce((n, c) => n + c.evidence.length, 0);
    expect(citations?.rowCount).toBe(1 + evidence);

    const questions = book.getWorksheet('Questions');
    expect(questions?.getRow(5).values).toEqual([
      undefined,
      4,
      'Does the contract renew automatically?',
      'yes_no',
      "Answer 'not stated' if the document does not say.",
      undefined,
      'Yes: 4\nNo: 1\nNot stated: 1',
      'Globex master services: No',
      0,
    ]);
  });

  it('writes every document and model string as a string, never a formula, nothing XML forbids', async () => {
    const { bytes, book } = await writeAndRead();
    const values = book.worksheets.flatMap((sheet) => cells(sheet).map(([, v]) => v));
    for (const v of values) expect(['string', 'number']).toContain(typeof v);
    const strings = values.filter((v): v is string => typeof v === 'string');
    for (const formula of [HOSTILE.hyperlink, HOSTILE.cmd, HOSTILE.sum, HOSTILE.minus, HOSTILE.tab])
      expect(strings).toContain(formula);
    expect(strings).toContain(HOSTILE.excelEscape);
    expect(strings).toContain(visibleText(HOSTILE.bidi));
    expect(strings.some((s) => s.includes(HOSTILE.script))).toBe(true);
    expect(strings.some((s) => s.includes(HOSTILE.cjk))).toBe(true);
    // The sheet XML a spreadsheet application reads, not what exceljs makes of it.
    const xml = new Map(
      Object.entries(unzipSync(new Uint8Array(bytes))).map(([name, data]) => [
        name,
        strFromU8(data),
      ]),
    );
    const sheets = [...xml.keys()].filter((name) => name.startsWith('xl/worksheets/sheet'));
    expect(sheets).toHaveLength(3);
    for (const name of sheets) expect(xml.get(name)).not.toMatch(/<f[\s>]/);
    for (const [name, text] of xml)
      expect([...rawControls(text), ...text.matchAll(/[\ufffe\uffff]/g)], name).toEqual([]);
  });

  it('keeps a 10,000-character answer whole and cuts only beyond what a cell holds', () => {
    expect(xlsxText(LONG_ANSWER)).toBe(LONG_ANSWER);
    const huge = xlsxText('x'.repeat(40_000));
    expect(huge).toHaveLength(XLSX_CELL_CHARS);
    expect(huge.endsWith('(cut: the JSON and HTML reports hold all of it)')).toBe(true);
    expect(xlsxText('a\uD800b\uFFFE')).toBe('ab');
    expect(xlsxText('😀')).toBe('😀');
  });
});

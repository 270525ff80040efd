// review.csv read back as a spreadsheet would: no field a formula, every string there as text.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../../shared/visible-text.ts';
import { LONG_CSV_COLUMNS, reviewToCsv } from './review-csv.ts';
import {
  DOCUMENTS,
  HOSTILE,
  LONG_ANSWER,
  QUESTIONS,
  reviewFixture,
  rawControls,
} from './review-fixture.test-support.ts';

/** Writes the CSV to a file and reads it back as bytes and as records. */
function writeAndRead(csv: string): { bytes: Buffer; records: string[][] } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-review-csv-'));
  try {
    const file = path.join(dir, 'review.csv');
    fs.writeFileSync(file, csv, 'utf8');
    const bytes = fs.readFileSync(file);
    return { bytes, records: parse(bytes, { bom: true, relax_column_count: false }) as string[][] };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function expectNoFormula(records: string[][]): void {
  for (const row of records)
    for (const field of row) {
      expect(field, field).not.toMatch(/^[=+\-@\t\r]/);
      expect(rawControls(field)).toEqual([]);
    }
}

describe('the review as CSV', () => {
  it('wide: a row per document, a column per question, UTF-8 with a BOM and CRLF', () => {
    const { bytes, records } = writeAndRead(reviewToCsv(reviewFixture()));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.toString('utf8')).toContain('\r\n');
    expect(records).toHaveLength(1 + DOCUMENTS.length);
    expect(records[0]).toEqual(['Document', 'Path', ...QUESTIONS.map((q) => q.text)]);
    expect(records[1]?.slice(0, 6)).toEqual([
      'Acme supply agreement',
      '/contracts/acme.pdf',
      'Acme Ltd; Buyer plc',
      '1 Mar 2024',
      '3 years',
      'Yes',
    ]);
    // States in place of answers.
    expect(records[2]?.[9]).toBe('Failed');
    expect(records[3]?.[4]).toBe('The initial term is three years unless (cut)');
    expect(records[4]?.slice(8)).toEqual(['Queued', 'Reading 1/3']);
    expect(records[5]?.[2]).toBe('株式会社東京商事; 買主');
  });

  it('neutralises every formula trigger and shows controls, in both layouts', () => {
    for (const layout of ['wide', 'long'] as const) {
      const { records } = writeAndRead(reviewToCsv(reviewFixture(), layout));
      expectNoFormula(records);
      const fields = records.flat();
      for (const formula of [
        HOSTILE.hyperlink,
        HOSTILE.cmd,
        HOSTILE.sum,
        HOSTILE.minus,
        HOSTILE.tab,
        HOSTILE.cr,
      ])
        expect(fields).toContain(formula === HOSTILE.cr ? '\\u000d=2+2' : `'${formula}`);
      expect(fields).toContain(visibleText(HOSTILE.bidi));
      expect(fields.join('\n')).toContain(visibleText(HOSTILE.controls));
      expect(fields.join('\n')).toContain(HOSTILE.script);
    }
  });

  it('long: a row per cell with state, value, the model words, coverage, pages, quotes and run', () => {
    const { records } = writeAndRead(reviewToCsv(reviewFixture(), 'long'));
    expect(records[0]).toEqual([...LONG_CSV_COLUMNS]);
    expect(records).toHaveLength(1 + 48);
    const row = (i: number) =>
      Object.fromEntries((records[0] ?? []).map((k, j) => [k, records[i]?.[j]]));
    expect(row(3)).toMatchObject({
      Document: 'Acme supply agreement',
      Question: 'What is the initial term?',
      Kind: 'duration',
      Status: 'Answered',
      Value: 'P3Y',
      'Shown as': '3 years',
      "Model's answer": 'Three years',
      'Read everything': 'yes',
      Coverage: 'read all 42 chunks, pp. 1–300',
      Pages: 'p. 149 (PDF page 151) · Clause 2 > Term',
      Quotes: '“an initial term of three (3) years”',
      'Run ID': '00000000-0000-4000-8000-000000002000',
    });
    expect(row(5)["Model's answer"]).toBe(LONG_ANSWER);
    expect(row(14)).toMatchObject({
      Status: 'Answered',
      'Differs from expected': 'yes',
      Value: 'New York',
    });
    expect(row(16)).toMatchObject({
      Status: 'Failed',
      Coverage: 'read 3 of 8 chunks, pp. 1–17',
      'Read everything': 'no',
    });
    expect(row(16).Error).toContain('HTTP 429');
    expect(row(21)).toMatchObject({ Status: 'Not stated', Coverage: 'read 2 of 5 chunks' });
  });
});

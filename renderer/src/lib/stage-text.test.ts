import { describe, expect, test } from 'vitest';
import { stageText } from './stage-text.ts';

const name = 'scan.pdf';

describe('stageText', () => {
  test('OCR pages done of the document’s pages', () => {
    expect(stageText({ name, stage: 'recognising', done: 3, total: 40 })).toBe(
      'Recognising scanned pages (OCR) 3 of 40 pages',
    );
    expect(stageText({ name, stage: 'extracting', done: 2, total: 1151 })).toBe(
      'Extracting text 2 of 1,151 pages',
    );
  });

  test('no count for a single unit or before one is known: "Extracting text…", not "0 of 1"', () => {
    expect(stageText({ name, stage: 'reading', done: 0, total: 1 })).toBe('Reading…');
    expect(stageText({ name, stage: 'extracting', done: 0, total: 1 })).toBe('Extracting text…');
    expect(stageText({ name, stage: 'extracting', done: 1, total: 1 })).toBe('Extracting text…');
    expect(stageText({ name, stage: 'recognising', done: 0, total: 1 })).toBe(
      'Recognising scanned pages (OCR)…',
    );
  });

  test('token counting has no unit', () => {
    expect(stageText({ name, stage: 'tokenizing', done: 5, total: 9 })).toBe(
      'Counting tokens 5 of 9',
    );
  });
});

import { describe, expect, test } from 'vitest';
import { stageText } from './stage-text.ts';

const name = 'scan.pdf';

describe('stageText', () => {
  test('OCR pages done of the document’s pages', () => {
    expect(stageText({ name, stage: 'recognising', done: 3, total: 40 })).toBe(
      'Recognising scanned pages (OCR) 3 of 40 pages',
    );
    expect(stageText({ name, stage: 'extracting', done: 1, total: 1 })).toBe(
      'Extracting text 1 of 1 page',
    );
  });

  test('no count before one is known (reading the file, the 0-of-1 placeholder)', () => {
    expect(stageText({ name, stage: 'reading', done: 0, total: 1 })).toBe('Reading');
    expect(stageText({ name, stage: 'recognising', done: 0, total: 1 })).toBe(
      'Recognising scanned pages (OCR)',
    );
  });

  test('token counting has no unit', () => {
    expect(stageText({ name, stage: 'tokenizing', done: 5, total: 9 })).toBe(
      'Counting tokens 5 of 9',
    );
  });
});

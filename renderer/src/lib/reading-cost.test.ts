import { describe, expect, test } from 'vitest';
import type { DocumentInfo } from '../../../shared/model.ts';
import { readingCost } from './reading-cost.ts';

const pdf = (more: Partial<DocumentInfo>): DocumentInfo => ({
  id: 'd',
  fileName: 'scan.pdf',
  title: 'Scan',
  format: 'pdf',
  chars: 1000,
  openedAt: 0,
  warnings: [],
  pageCount: 40,
  ...more,
});

describe('readingCost', () => {
  test('every page: the page count at about 3 s a page', () => {
    expect(readingCost('all-pages', pdf({}))).toBe(
      'All 40 pages are recognised: about 2 min 00 s (about 3 s a page on this machine).',
    );
  });

  test('pages without text: the scanned pages the current automatic reading found', () => {
    const info = pdf({ reading: { ocr: 'auto', languages: ['eng'] }, ocrPageCount: 12 });
    expect(readingCost('auto', info)).toBe(
      '12 of 40 pages have no text layer: about 36 s (about 3 s a page on this machine).',
    );
    expect(readingCost('auto', { ...info, ocrPageCount: 0 })).toMatch(/nothing needs OCR/);
  });

  test('pages without text, not known yet: at most every page', () => {
    const info = pdf({ reading: { ocr: 'off', languages: ['eng'] } });
    expect(readingCost('auto', info)).toMatch(
      /if all 40 are scans, about 2 min 00 s \(about 3 s a page/,
    );
    expect(readingCost('auto', pdf({}))).toMatch(/if all 40 are scans/);
  });

  test('off: seconds', () => {
    expect(readingCost('off', pdf({}))).toMatch(/^No OCR/);
  });
});

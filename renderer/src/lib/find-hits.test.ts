import { describe, expect, test } from 'vitest';
import { findHits } from './find-hits.ts';

describe('find in document', () => {
  test('case-insensitive, a space matches a line break, offsets into the text', () => {
    const text = 'The Cure period.\nA cure\nperiod of thirty days. (cure)';
    expect(findHits(text, 'cure period').map((h) => text.slice(h.start, h.end))).toEqual([
      'Cure period',
      'cure\nperiod',
    ]);
    expect(findHits(text, '(cure)')).toEqual([{ start: text.indexOf('('), end: text.length }]);
    expect(findHits(text, '  ')).toEqual([]);
  });
});

import { describe, expect, test } from 'vitest';
import { findHits, sectionPath } from './find-hits.ts';

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

  test('the section path of an offset', () => {
    const sections = [
      { title: 'Part 1', level: 1, start: 0 },
      { title: 'Terms', level: 2, start: 10 },
      { title: 'Part 2', level: 1, start: 50 },
      { title: 'Termination', level: 2, start: 60 },
    ];
    expect(sectionPath(sections, 20)).toBe('Part 1 > Terms');
    expect(sectionPath(sections, 65)).toBe('Part 2 > Termination');
    expect(sectionPath(sections, 55)).toBe('Part 2');
    expect(sectionPath(undefined, 5)).toBe('');
  });
});

// The page and section path of an offset: one implementation for the core, the evidence finder
// and the reader (its page indicator, find in document, the page view).
import { describe, expect, test } from 'vitest';
import { pageAt, sectionPath } from './text-location.ts';

describe('pageAt', () => {
  test('the last page starting at or before the offset; the last page past the end', () => {
    const text = 'Preface.\n\nTerms apply\nto all.\n\n\nTerms apply to all copies.';
    const pages = [
      { number: 1, label: 'i', start: 0, end: 10 },
      { number: 2, label: '1', start: 10, end: 32 },
      { number: 3, label: '2', start: 32, end: text.length },
    ];
    expect([0, 9, 10, 31, 32, text.length + 5].map((o) => pageAt(pages, o)?.number)).toEqual([
      1, 1, 2, 2, 3, 3,
    ]);
    expect(pageAt([], 3)).toBeUndefined();
    expect(pageAt(undefined, 3)).toBeUndefined();
  });

  test('with repeated printed labels', () => {
    const pages = [
      { number: 1, label: 'i', start: 0, end: 10 },
      { number: 2, label: 'ii', start: 10, end: 20 },
      { number: 3, label: '1', start: 20, end: 30 },
      { number: 4, label: '2', start: 30, end: 40 },
      { number: 5, label: '1', start: 40, end: 50 },
    ];
    expect(pageAt(pages, 25)?.number).toBe(3);
    expect(pageAt(pages, 49)?.number).toBe(5);
  });
});

describe('sectionPath', () => {
  test('the headings above an offset, outermost first', () => {
    const sections = [
      { title: 'Part 1', level: 1, start: 0 },
      { title: 'Terms', level: 2, start: 10 },
      { title: 'Part 2', level: 1, start: 50 },
      { title: 'Termination', level: 2, start: 60 },
    ];
    expect(sectionPath(sections, 20)).toBe('Part 1 > Terms');
    expect(sectionPath(sections, 65)).toBe('Part 2 > Termination');
    expect(sectionPath(sections, 55)).toBe('Part 2');
    expect(sectionPath(undefined, 5) ?? '').toBe('');
  });
});

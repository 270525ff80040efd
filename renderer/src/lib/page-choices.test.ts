import { describe, expect, test } from 'vitest';
import { pageChoices, pageName } from './page-choices.ts';

const pages = [
  { number: 1, label: 'i', start: 0, end: 10 },
  { number: 2, label: 'ii', start: 10, end: 20 },
  { number: 3, label: '1', start: 20, end: 30 },
  { number: 4, label: '2', start: 30, end: 40 },
  { number: 5, label: '1', start: 40, end: 50 },
];

describe('page choices', () => {
  test('a label printed on two pages, and the page at that position, are all offered', () => {
    expect(pageChoices(pages, '1')).toEqual([
      { page: 3, label: '1', by: 'label' },
      { page: 5, label: '1', by: 'label' },
      { page: 1, label: 'i', by: 'number' },
    ]);
    expect(pageChoices(pages, 'II')).toEqual([{ page: 2, label: 'ii', by: 'label' }]);
    expect(pageChoices(pages, '9')).toEqual([]);
    expect(pageChoices([{ number: 4, label: '4', start: 0, end: 1 }], '4')).toHaveLength(1);
  });

  test('names', () => {
    expect(pageName({ page: 3, label: '1' })).toBe('p. 1 (PDF page 3)');
    expect(pageName({ page: 3 })).toBe('p. 3');
  });
});

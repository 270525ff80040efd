// How much a memory changed from one chunk to the next.
import { describe, expect, test } from 'vitest';
import { changesOf, wordChange } from './memory-change.ts';
import { state } from './test-support.ts';

describe('memory change', () => {
  test('word change is 0 for the same text and 1 for disjoint text', () => {
    expect(wordChange('alpha beta gamma', 'alpha beta gamma')).toBe(0);
    expect(wordChange('alpha beta', 'gamma delta')).toBe(1);
    expect(wordChange('alpha beta gamma delta', 'alpha beta gamma epsilon')).toBeCloseTo(0.25);
  });

  test('a kept memory counts as unchanged', () => {
    expect(changesOf([state(0, 'alpha'), state(1, 'alpha', true)], 'No previous memory')).toEqual([
      1, 0,
    ]);
  });
});

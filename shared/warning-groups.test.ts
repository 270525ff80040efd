import { describe, expect, it } from 'vitest';
import { chunksNote, groupWarnings } from './warning-groups.ts';

describe('groupWarnings', () => {
  it('groups by kind in first-seen order, counts, keeps first and last message, names each chunk once', () => {
    const groups = groupWarnings([
      { code: 'retry', message: 'Retrying (attempt 2).' },
      { code: 'length-cut', chunk: 2, message: 'Cut at chunk 3.' },
      { code: 'retry', message: 'Retrying (attempt 3).' },
      // A chunk read again after a resume warns again: named once.
      { code: 'length-cut', chunk: 2, message: 'Cut at chunk 3.' },
      { code: 'length-cut', chunk: 6, message: 'Cut at chunk 7.' },
    ]);
    expect(groups).toEqual([
      {
        code: 'retry',
        count: 2,
        chunks: [],
        first: 'Retrying (attempt 2).',
        last: 'Retrying (attempt 3).',
      },
      {
        code: 'length-cut',
        count: 3,
        chunks: [3, 7],
        first: 'Cut at chunk 3.',
        last: 'Cut at chunk 7.',
      },
    ]);
  });

  it('lists at most eight chunks', () => {
    expect(chunksNote([])).toBe('');
    expect(chunksNote([4])).toBe(' (chunk 4)');
    expect(chunksNote([1, 2, 3, 4, 5, 6, 7, 8, 9])).toBe(' (chunks 1, 2, 3, 4, 5, 6, 7, 8, …)');
  });
});

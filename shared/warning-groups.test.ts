import { describe, expect, it } from 'vitest';
import {
  chunksNote,
  distinctWarnings,
  groupChunksNote,
  groupWarnings,
  warningLine,
} from './warning-groups.ts';

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

  it('says a run-wide note once, however often a resumed run was started', () => {
    const note = { code: 'generic-model', message: '“x” is not an RL-MemoryAgent model.' };
    const cut = { code: 'length-cut', chunk: 2, message: 'Cut at chunk 3.' };
    expect(distinctWarnings([note, cut, note, cut])).toEqual([note, cut, cut]);
    expect(groupWarnings([note, note]).map((g) => g.count)).toEqual([1]);
  });

  it('lists at most eight chunks', () => {
    expect(chunksNote([])).toBe('');
    expect(chunksNote([4])).toBe(' (chunk 4)');
    expect(chunksNote([1, 2, 3, 4, 5, 6, 7, 8, 9])).toBe(' (chunks 1, 2, 3, 4, 5, 6, 7, 8, …)');
  });

  it('names a chunk once: not after a message that names it already', () => {
    const cut = {
      code: 'length-cut',
      chunk: 11,
      message: 'The memory for chunk 12 was cut at 1024 tokens; the previous memory was kept.',
    };
    expect(warningLine(cut)).toBe(cut.message);
    expect(groupChunksNote(groupWarnings([cut])[0]!)).toBe('');
    // A message that does not name its chunk (chunk 1 is not chunk 12) is given it.
    const bare = { code: 'empty-memory', chunk: 0, message: 'Empty memory at chunk 12.' };
    expect(warningLine(bare)).toBe('Chunk 1: Empty memory at chunk 12.');
    expect(groupChunksNote(groupWarnings([bare])[0]!)).toBe(' (chunk 1)');
    // Several warnings of a kind list all their chunks.
    const two = groupWarnings([cut, { ...cut, chunk: 13, message: 'The memory for chunk 14 …' }]);
    expect(groupChunksNote(two[0]!)).toBe(' (chunks 12, 14)');
    expect(warningLine({ message: 'Retrying.' })).toBe('Retrying.');
  });
});

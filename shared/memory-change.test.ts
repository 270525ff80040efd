// How much a memory changed from one chunk to the next, and where the next change is.
import { describe, expect, test } from 'vitest';
import type { MemoryState } from './model.ts';
import { changeLabel, changesOf, nextChange, wordChange } from './memory-change.ts';

const state = (chunk: number, memory: string, kept = false): MemoryState => ({
  chunk,
  memory,
  usage: { promptTokens: 100, completionTokens: 10 },
  ms: 1000,
  kept,
});

describe('memory change', () => {
  test('counts the words added and removed', () => {
    expect(wordChange('alpha beta gamma', 'alpha beta gamma')).toEqual({ added: 0, removed: 0 });
    expect(wordChange('alpha beta', 'gamma delta epsilon')).toEqual({ added: 3, removed: 2 });
    expect(changeLabel(wordChange('alpha beta alpha', 'alpha beta delta'))).toBe('+1 −1 words');
    expect(changeLabel({ added: 0, removed: 0 })).toBe('no change');
  });

  test('a first chunk that found nothing is a small change; a kept memory is none', () => {
    const [first, found, kept] = changesOf([
      state(0, 'No relevant information found yet.'),
      state(1, 'The replacement bearing was ordered from the Harwick foundry in March 1907.'),
      state(2, 'The replacement bearing was ordered from the Harwick foundry in March 1907.', true),
    ]);
    expect(first!.added + first!.removed).toBeLessThan(found!.added + found!.removed);
    // The first state is counted from an empty memory, not from the prompt's placeholder.
    expect(first).toEqual({ added: 5, removed: 0 });
    expect(kept).toEqual({ added: 0, removed: 0 });
  });

  test('the next change skips memories that stayed the same, both ways', () => {
    const memories = [state(0, 'a'), state(1, 'a'), state(2, 'b'), state(3, 'b'), state(4, 'c')];
    expect(nextChange(memories, 0, 1)).toBe(2);
    expect(nextChange(memories, 2, 1)).toBe(4);
    expect(nextChange(memories, 4, 1)).toBeNull();
    expect(nextChange(memories, 4, -1)).toBe(2);
    expect(nextChange(memories, 2, -1)).toBeNull();
  });
});

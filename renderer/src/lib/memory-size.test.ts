// A memory's size: the server's token count of the reply that wrote it, estimated only without one.
import { describe, expect, test } from 'vitest';
import type { MemoryState } from '../../../shared/model.ts';
import { memorySize, memorySizeLabel } from './memory-size.ts';

const written = (chunk: number, memory: string, completionTokens: number, kept = false) =>
  ({ chunk, memory, usage: { promptTokens: 5000, completionTokens }, ms: 10, kept }) as MemoryState;

describe('memory size', () => {
  test('is the completion tokens of the reply that wrote it, a kept memory its writer’s', () => {
    const text = 'x'.repeat(2060); // ≈515 by characters ÷ 4
    const memories = [written(0, text, 1009), written(1, text, 1024, true)];
    expect(memorySizeLabel(memorySize(memories, 0))).toBe('1,009 tok');
    expect(memorySizeLabel(memorySize(memories, 1))).toBe('1,009 tok');
  });

  test('is estimated, and says so, without a count or with reasoning in the reply', () => {
    expect(memorySizeLabel(memorySize([written(0, 'a short memory', 0)], 0))).toBe('≈4 tok');
    expect(memorySize([written(0, 'a short memory', 900)], 0).counted).toBe(false);
    expect(memorySizeLabel(memorySize([written(0, 'No previous memory', 3000, true)], 0))).toBe(
      '≈5 tok',
    );
  });
});

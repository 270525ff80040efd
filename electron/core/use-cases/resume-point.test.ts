import { describe, expect, it } from 'vitest';
import { INITIAL_MEMORY, type ChunkInfo, type MemoryState } from '../../../shared/model.ts';
import { resumePoint, sameChunking } from './resume-point.ts';

const chunk = (index: number, start: number, end: number): ChunkInfo => ({
  index,
  start,
  end,
  tokens: end - start,
});
const memory = (k: number): MemoryState => ({
  chunk: k,
  memory: `after ${k}`,
  usage: { promptTokens: 1, completionTokens: 1 },
  ms: 1,
  kept: false,
});
const three = [chunk(0, 0, 10), chunk(1, 10, 20), chunk(2, 20, 25)];

describe('resumePoint', () => {
  it('continues after the last saved memory with the saved chunking', () => {
    expect(resumePoint(three, 3, [memory(0), memory(1)])).toEqual({
      chunks: three,
      startChunk: 2,
      startMemory: 'after 1',
    });
  });

  it('starts from the beginning when nothing was read', () => {
    expect(resumePoint(three, 3, [])).toEqual({
      chunks: three,
      startChunk: 0,
      startMemory: undefined,
    });
  });

  it('stops at a gap, and chunks again when the saved chunking is incomplete', () => {
    expect(resumePoint(three, 3, [memory(0), memory(2)]).startChunk).toBe(1);
    expect(resumePoint(three.slice(0, 2), 3, [memory(0)])).toEqual({
      chunks: undefined,
      startChunk: 0,
      startMemory: undefined,
    });
    expect(resumePoint([], 0, [])).toEqual({
      chunks: undefined,
      startChunk: 0,
      startMemory: undefined,
    });
  });

  it('uses the first memory when a chunk-1 memory text is missing', () => {
    const odd = [{ ...memory(0), memory: undefined as unknown as string }];
    expect(resumePoint(three, 3, odd).startMemory).toBe(INITIAL_MEMORY);
  });
});

describe('sameChunking', () => {
  it('compares where the chunks cut the text, not their token counts', () => {
    expect(
      sameChunking(
        three,
        three.map((c) => ({ ...c, tokens: 1 })),
      ),
    ).toBe(true);
    expect(sameChunking(three, three.slice(0, 2))).toBe(false);
    expect(sameChunking(three, [chunk(0, 0, 12), chunk(1, 12, 20), chunk(2, 20, 25)])).toBe(false);
  });
});

// The evidence trail: the chunk where the answer entered memory and stayed.
import { describe, expect, test } from 'vitest';
import type { ChunkInfo } from '../../../shared/model.ts';
import { evidenceTrail } from './evidence.ts';
import { state } from './test-support.ts';

describe('evidence trail', () => {
  test('the evidence trail names the chunk where the answer entered memory and stayed', () => {
    const memories = [
      state(0, 'nothing yet'),
      state(1, 'Harwick mentioned'),
      state(2, 'still nothing'),
      state(3, 'the foundry was Harwick'),
      state(4, 'Harwick foundry confirmed'),
    ];
    const chunks: ChunkInfo[] = memories.map((m) => ({
      index: m.chunk,
      start: m.chunk * 10,
      end: m.chunk * 10 + 10,
      tokens: 5,
      pages: { first: m.chunk + 1, last: m.chunk + 1 },
    }));
    const trail = evidenceTrail('Harwick foundry', memories, chunks);
    expect(trail.map((e) => e.chunk)).toEqual([3]);
    expect(trail[0]!.words.sort()).toEqual(['foundry', 'harwick']);
    expect(trail[0]!.pages).toEqual({ first: 4, last: 4 });
  });
});

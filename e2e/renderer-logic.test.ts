// The renderer's pure logic under Node (it runs in the e2e project because the unit project
// covers electron/, shared/ and sim/ only): rows of the virtual reader, memory change, the
// evidence trail, and how events fold into a run.
import { describe, expect, test } from 'vitest';
import type { ChunkInfo, MemoryState } from '../shared/model.ts';
import { evidenceTrail } from '../renderer/src/lib/evidence.ts';
import { changesOf, wordChange } from '../renderer/src/lib/memory-change.ts';
import { buildRows, pageRowOf, rowAt } from '../renderer/src/lib/reader-rows.ts';

const state = (chunk: number, memory: string, kept = false): MemoryState => ({
  chunk,
  memory,
  usage: { promptTokens: 100, completionTokens: 10 },
  ms: 1000,
  kept,
});

describe('reader rows', () => {
  const text =
    'First paragraph.\nSecond paragraph on page one.\n\nPage two starts here.\n' +
    'word '.repeat(1000);
  const p2 = text.indexOf('Page two');
  const pages = [
    { number: 1, start: 0, end: p2 },
    { number: 2, start: p2, end: text.length },
  ];
  const chunks: ChunkInfo[] = [
    { index: 0, start: 0, end: 30, tokens: 8 },
    { index: 1, start: 30, end: text.length, tokens: 1000 },
  ];

  test('paragraphs become rows, with page markers and chunk boundaries where they start', () => {
    const index = buildRows(text, pages, chunks);
    const kinds = index.rows.map((r) => r.kind);
    expect(kinds.slice(0, 3)).toEqual(['chunk', 'page', 'text']);
    expect(index.rows[index.pageRow.get(2)!]).toMatchObject({ kind: 'page', page: 2, start: p2 });
    expect(index.rows[index.chunkRow[1]!]).toMatchObject({ kind: 'chunk', start: 30 });
    // Every character of text is in exactly one text row (blank lines dropped), in order.
    const joined = index.rows
      .filter((r) => r.kind === 'text')
      .map((r) => text.slice(r.start, (r as { end: number }).end))
      .join('');
    expect(joined.replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    // Long paragraphs are split (no row longer than 1,200 characters).
    for (const r of index.rows)
      if (r.kind === 'text') expect(r.end - r.start).toBeLessThanOrEqual(1200);
  });

  test('a typed page finds its printed label first, then its page number', () => {
    const labelled = [
      { number: 1, label: 'i', start: 0, end: p2 },
      { number: 2, label: '1', start: p2, end: text.length },
    ];
    const index = buildRows(text, labelled, []);
    expect(index.rows[pageRowOf(index, '1')!]).toMatchObject({ page: 2, label: '1' });
    expect(index.rows[pageRowOf(index, 'I')!]).toMatchObject({ page: 1 });
    expect(index.rows[pageRowOf(index, '2')!]).toMatchObject({ page: 2 });
    expect(pageRowOf(index, '9')).toBeUndefined();
  });

  test('rowAt finds the row holding an offset', () => {
    const index = buildRows(text, pages, chunks);
    const row = index.rows[rowAt(index, p2 + 3)]!;
    expect(row.start).toBeLessThanOrEqual(p2 + 3);
    expect(row.kind === 'text' && row.end).toBeGreaterThan(p2 + 3);
  });

  test('14 million characters become rows in well under a second', () => {
    const big = ('A sentence of an ordinary book, long enough to wrap. '.repeat(20) + '\n').repeat(
      13_000,
    );
    const t0 = performance.now();
    const index = buildRows(big, [], []);
    expect(performance.now() - t0).toBeLessThan(1500);
    expect(index.rows.length).toBe(13_000);
  });
});

describe('memory change and evidence', () => {
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

// The renderer's pure logic under Node (it runs in the e2e project because the unit project
// covers electron/, shared/ and sim/ only): rows of the virtual reader, memory change, the
// evidence trail, and how events fold into a run.
import { describe, expect, test } from 'vitest';
import type { ChunkInfo, MemoryState, RunEvent } from '../shared/model.ts';
import { evidenceTrail } from '../renderer/src/lib/evidence.ts';
import { changesOf, wordChange } from '../renderer/src/lib/memory-change.ts';
import { buildRows, pageRowOf, rowAt } from '../renderer/src/lib/reader-rows.ts';
import { runStats } from '../renderer/src/lib/run-stats.ts';
import { applyEvent, emptyRun } from '../renderer/src/stores/run-view.ts';

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

describe('run view', () => {
  test('events fold into status, memories, partial memory and the answer', () => {
    const chunks: ChunkInfo[] = [0, 1, 2].map((i) => ({
      index: i,
      start: i * 100,
      end: i * 100 + 100,
      tokens: 1000,
    }));
    const events: RunEvent[] = [
      { type: 'started', runId: 'r', chunkCount: 3, chunks, startChunk: 0, model: 'm' },
      { type: 'chunk-started', runId: 'r', chunk: 0, start: 0, end: 100 },
      { type: 'memory-delta', runId: 'r', chunk: 0, delta: 'hel' },
      { type: 'memory-delta', runId: 'r', chunk: 0, delta: 'lo' },
    ];
    let run = emptyRun('r');
    events.forEach((e, i) => (run = applyEvent(run, e, i, 1000)));
    expect(run.status).toBe('running');
    expect(run.partial).toBe('hello');
    run = applyEvent(run, { type: 'chunk-done', runId: 'r', state: state(0, 'hello') }, 4, 2000);
    expect(run.partial).toBe('');
    expect(run.memories[0]?.memory).toBe('hello');
    run = applyEvent(run, { type: 'paused', runId: 'r', atChunk: 1 }, 5, 3000);
    run = applyEvent(run, { type: 'resumed', runId: 'r', atChunk: 1 }, 6, 5000);
    expect(run.pausedMs).toBe(2000);
    const stats = runStats(run, 6000);
    expect(stats).toMatchObject({
      done: 1,
      total: 3,
      elapsedMs: 3000,
      tokensPerSecond: 1000,
      etaMs: 2000,
    });
    run = applyEvent(
      run,
      {
        type: 'answer',
        runId: 'r',
        answer: 'A',
        response: '\\boxed{A}',
        usage: { promptTokens: 1, completionTokens: 1 },
        ms: 5,
      },
      7,
      7000,
    );
    run = applyEvent(
      run,
      {
        type: 'finished',
        runId: 'r',
        usage: { promptTokens: 1, completionTokens: 1 },
        elapsedMs: 6000,
      },
      8,
      7000,
    );
    expect(run).toMatchObject({ status: 'done', answer: 'A', response: '\\boxed{A}' });
  });

  test('a run that has not been chunked yet has no time left to show', () => {
    const run = emptyRun('r');
    expect(runStats(run, 1000)).toMatchObject({ done: 0, total: 0, etaMs: null });
  });

  test('cost is estimated from the profile prices and projected over the remaining chunks', () => {
    let run = emptyRun('r');
    const chunks: ChunkInfo[] = [0, 1, 2, 3].map((i) => ({
      index: i,
      start: i,
      end: i + 1,
      tokens: 10,
    }));
    run = applyEvent(
      run,
      { type: 'started', runId: 'r', chunkCount: 4, chunks, startChunk: 0, model: 'gpt' },
      0,
      0,
    );
    run = applyEvent(
      run,
      {
        type: 'chunk-done',
        runId: 'r',
        state: { ...state(0, 'm'), usage: { promptTokens: 1_000_000, completionTokens: 0 } },
      },
      1,
      10,
    );
    const profile = {
      id: 'p',
      name: 'p',
      kind: 'openai' as const,
      baseUrl: 'https://x',
      hasApiKey: true,
      inputPricePerMTok: 2,
      outputPricePerMTok: 8,
    };
    const stats = runStats(run, 20, profile);
    expect(stats.cost?.soFar).toBeCloseTo(2);
    // 4 chunks plus the final answer call, from 1 chunk's cost.
    expect(stats.cost?.projected).toBeCloseTo(10);
  });
});

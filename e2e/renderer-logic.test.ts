// How events fold into a run in the renderer, under Node. (The renderer's other pure logic is
// tested beside its code, renderer/src/lib/*.test.ts, in the unit project.)
import { describe, expect, test } from 'vitest';
import type { ChunkInfo, MemoryState, RunEvent } from '../shared/model.ts';
import { runStats } from '../renderer/src/lib/run-stats.ts';
import { applyEvent, emptyRun } from '../renderer/src/stores/run-view.ts';

const state = (chunk: number, memory: string, kept = false): MemoryState => ({
  chunk,
  memory,
  usage: { promptTokens: 100, completionTokens: 10 },
  ms: 1000,
  kept,
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

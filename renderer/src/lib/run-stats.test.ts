import { describe, expect, test } from 'vitest';
import type { ChunkInfo, RunEvent } from '../../../shared/model.ts';
import { applyRunEvent, emptyRunView, type RunView } from '../../../shared/run-view.ts';
import { runStats } from './run-stats.ts';
import { state } from './test-support.ts';

const at = (run: RunView, seq: number, event: RunEvent, now: number): RunView =>
  applyRunEvent(run, { seq, event }, now);

describe('run stats', () => {
  test('elapsed time leaves out the pause; speed follows from the chunks read; time left is the main process figure, counted down', () => {
    const chunks: ChunkInfo[] = [0, 1, 2].map((i) => ({
      index: i,
      start: i * 100,
      end: i * 100 + 100,
      tokens: 1000,
    }));
    let run = emptyRunView('r', 0);
    run = at(
      run,
      1,
      { type: 'started', runId: 'r', chunkCount: 3, chunks, startChunk: 0, model: 'm' },
      1000,
    );
    run = at(run, 2, { type: 'chunk-done', runId: 'r', state: state(0, 'hello') }, 2000);
    run = at(run, 3, { type: 'paused', runId: 'r', atChunk: 1 }, 3000);
    run = at(run, 4, { type: 'resumed', runId: 'r', atChunk: 1 }, 5000);
    // Before main sends a figure, none is shown (the renderer works none out of its own).
    expect(runStats(run, 6000)).toMatchObject({ etaMs: null, etaUnknown: null });
    run = at(
      run,
      5,
      { type: 'time-left', runId: 'r', left: { known: true, ms: 40_000, basis: 'run' } },
      5000,
    );
    expect(runStats(run, 6000)).toMatchObject({
      done: 1,
      total: 3,
      elapsedMs: 3000,
      tokensPerSecond: 1000,
      etaMs: 39_000,
    });
  });

  test('a reading run whose speeds are not known yet says so instead of a figure', () => {
    let run = emptyRunView('r', 0);
    run = at(
      run,
      1,
      { type: 'time-left', runId: 'r', left: { known: false, reason: 'first-chunks' } },
      1000,
    );
    expect(runStats(run, 2000)).toMatchObject({ etaMs: null, etaUnknown: 'first-chunks' });
    run = at(run, 2, { type: 'cancelled', runId: 'r', atChunk: 0 }, 3000);
    expect(runStats(run, 4000)).toMatchObject({ etaMs: null, etaUnknown: null });
  });

  test('a run that has not been chunked yet has no time left to show', () => {
    expect(runStats(emptyRunView('r', 0), 1000)).toMatchObject({ done: 0, total: 0, etaMs: null });
  });

  test('cost is estimated from the profile prices and projected over the remaining chunks', () => {
    const chunks: ChunkInfo[] = [0, 1, 2, 3].map((i) => ({
      index: i,
      start: i,
      end: i + 1,
      tokens: 10,
    }));
    let run = emptyRunView('r', 0);
    run = at(
      run,
      0,
      { type: 'started', runId: 'r', chunkCount: 4, chunks, startChunk: 0, model: 'gpt' },
      0,
    );
    run = at(
      run,
      1,
      {
        type: 'chunk-done',
        runId: 'r',
        state: { ...state(0, 'm'), usage: { promptTokens: 1_000_000, completionTokens: 0 } },
      },
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

// The one fold of run events (used by the renderer, the CLI's progress and the run registry).
import { describe, expect, test } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from './model.ts';
import type { ChunkInfo, MemoryState, RunEvent, RunSnapshot } from './model.ts';
import {
  applyRunEvent,
  applySnapshot,
  chunksBehind,
  emptyRunView,
  type RunView,
} from './run-view.ts';

const state = (chunk: number, memory: string): MemoryState => ({
  chunk,
  memory,
  usage: { promptTokens: 100, completionTokens: 10 },
  ms: 1000,
  kept: false,
});
const chunks: ChunkInfo[] = [0, 1, 2].map((i) => ({
  index: i,
  start: i * 100,
  end: i * 100 + 100,
  tokens: 1000,
}));

/** Folds events numbered from `firstSeq` at clock `now`. */
function fold(run: RunView, events: RunEvent[], firstSeq: number, now: number): RunView {
  return events.reduce((r, event, i) => applyRunEvent(r, { seq: firstSeq + i, event }, now), run);
}

describe('run view', () => {
  test('events fold into status, memories, partial memory and the answer', () => {
    let run = fold(
      emptyRunView('r', 0),
      [
        { type: 'started', runId: 'r', chunkCount: 3, chunks, startChunk: 0, model: 'm' },
        { type: 'chunk-started', runId: 'r', chunk: 0, start: 0, end: 100 },
        { type: 'memory-delta', runId: 'r', chunk: 0, delta: 'hel' },
        { type: 'memory-delta', runId: 'r', chunk: 0, delta: 'lo' },
      ],
      0,
      1000,
    );
    expect(run.status).toBe('running');
    expect(run.partial).toBe('hello');
    run = applyRunEvent(
      run,
      { seq: 4, event: { type: 'chunk-done', runId: 'r', state: state(0, 'hello') } },
      2000,
    );
    expect(run.partial).toBe('');
    expect(run.memories[0]?.memory).toBe('hello');
    run = applyRunEvent(run, { seq: 5, event: { type: 'paused', runId: 'r', atChunk: 1 } }, 3000);
    run = applyRunEvent(run, { seq: 6, event: { type: 'resumed', runId: 'r', atChunk: 1 } }, 5000);
    expect(run.pausedMs).toBe(2000);
    run = fold(
      run,
      [
        {
          type: 'answer',
          runId: 'r',
          answer: 'A',
          response: '\\boxed{A}',
          usage: { promptTokens: 1, completionTokens: 1 },
          ms: 5,
          cut: false,
        },
        {
          type: 'finished',
          runId: 'r',
          usage: { promptTokens: 1, completionTokens: 1 },
          elapsedMs: 6000,
          evidence: [],
        },
      ],
      7,
      7000,
    );
    expect(run).toMatchObject({ status: 'done', answer: 'A', response: '\\boxed{A}' });
  });

  test('an event already folded in (seq not above the last) changes nothing', () => {
    const started: RunEvent = {
      type: 'started',
      runId: 'r',
      chunkCount: 3,
      chunks,
      startChunk: 0,
      model: 'm',
    };
    const done: RunEvent = { type: 'chunk-done', runId: 'r', state: state(0, 'm0') };
    let run = fold(emptyRunView('r', 0), [started, done], 1, 10);
    const before = run;
    run = applyRunEvent(run, { seq: 2, event: done }, 20);
    expect(run).toBe(before);
    expect(run.usage.promptTokens).toBe(100); // not counted twice
  });

  test('a run another process reads says so until a snapshot no longer names it', () => {
    const snap = (status: 'running' | 'done', readBy?: string): RunSnapshot => ({
      summary: {
        id: 'r',
        documentId: 'd',
        origin: 'cli',
        question: 'q',
        settings: DEFAULT_RUN_SETTINGS,
        status,
        chunkCount: 3,
        chunksDone: status === 'done' ? 3 : 1,
        createdAt: 0,
        usage: { promptTokens: 0, completionTokens: 0 },
      },
      chunks,
      memories: [state(0, 'm0')],
      warnings: [],
      seq: 0,
      ...(readBy === undefined ? {} : { readBy }),
    });
    let run = applySnapshot(
      emptyRunView('r', 0),
      snap('running', 'memagent in a terminal (pid 7)'),
    );
    expect(run.readBy).toBe('memagent in a terminal (pid 7)');
    run = applySnapshot(run, snap('done'));
    expect(run.readBy).toBeUndefined();
    expect(run.status).toBe('done');
  });

  test('a snapshot merged with later events applies each event once, and carries a pending pause', () => {
    const snap: RunSnapshot = {
      summary: {
        id: 'r',
        documentId: 'd',
        origin: 'app',
        question: 'q',
        settings: DEFAULT_RUN_SETTINGS,
        status: 'running',
        chunkCount: 3,
        chunksDone: 1,
        createdAt: 0,
        usage: { promptTokens: 100, completionTokens: 10 },
      },
      chunks,
      memories: [state(0, 'm0')],
      partialMemory: 'par',
      warnings: [],
      pauseRequested: true,
      seq: 7,
    };
    let run = applySnapshot(emptyRunView('r', 0), snap);
    expect(run).toMatchObject({
      pauseRequested: true,
      partial: 'par',
      currentChunk: 1,
      lastSeq: 7,
    });
    // Events up to seq 7 are in the snapshot already; 8 and 9 are new.
    run = applyRunEvent(
      run,
      { seq: 7, event: { type: 'memory-delta', runId: 'r', chunk: 1, delta: 'par' } },
      1,
    );
    run = applyRunEvent(
      run,
      { seq: 8, event: { type: 'memory-delta', runId: 'r', chunk: 1, delta: 'tial' } },
      1,
    );
    expect(run.partial).toBe('partial');
    run = applyRunEvent(run, { seq: 9, event: { type: 'paused', runId: 'r', atChunk: 2 } }, 1);
    expect(run).toMatchObject({ status: 'paused', pauseRequested: false });
    // A snapshot older than what is folded in only fills the summary.
    const stale = applySnapshot(run, { ...snap, seq: 3, memories: [] });
    expect(stale.memories[0]?.memory).toBe('m0');
    expect(stale.lastSeq).toBe(9);
  });

  test('a pause asked for shows until it takes effect, or until it is withdrawn', () => {
    let run = fold(
      emptyRunView('r', 0),
      [
        { type: 'started', runId: 'r', chunkCount: 3, chunks, startChunk: 0, model: 'm' },
        { type: 'pause-requested', runId: 'r', requested: true },
      ],
      1,
      0,
    );
    expect(run.pauseRequested).toBe(true);
    run = applyRunEvent(
      run,
      { seq: 3, event: { type: 'pause-requested', runId: 'r', requested: false } },
      0,
    );
    expect(run).toMatchObject({ pauseRequested: false, status: 'running' });
  });

  test('chunks behind a resumed run count those it skipped and those it read', () => {
    const run = fold(
      emptyRunView('r', 0),
      [
        { type: 'started', runId: 'r', chunkCount: 3, chunks, startChunk: 1, model: 'm' },
        { type: 'chunk-done', runId: 'r', state: state(1, 'm1') },
      ],
      1,
      0,
    );
    expect(chunksBehind(run)).toEqual([0, 1]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { createLlmClient } from '../llm/client.ts';
import { RunScheduler } from './scheduler.ts';
import { EventLog, QUESTION, SETTINGS, needleDocument, paragraphChunks } from './test-support.ts';

let sim: SimServer;
const text = needleDocument(8, 5);
const chunks = paragraphChunks(text, 2); // 4 chunks

// Slow enough that runs overlap visibly: each memory reply of ~20 tokens takes ~100 ms.
const SLOW = {
  prefillTokensPerSec: Infinity,
  decodeTokensPerSec: 200,
  aggregateDecodeTokensPerSec: Infinity,
  maxBatch: 256,
  overheadMs: 10,
};

beforeAll(async () => {
  sim = await startSimLlm({ latency: SLOW });
});
afterAll(async () => {
  await sim.close();
});

const client = () =>
  createLlmClient({ kind: 'vllm', baseUrl: sim.baseUrl, maxRetries: 0, timeoutMs: 10_000 });

function start(scheduler: RunScheduler, runId: string, log: EventLog) {
  return scheduler.start({
    runId,
    text,
    chunks,
    question: QUESTION,
    settings: SETTINGS,
    client: client(),
    onEvent: log.push,
  });
}

describe('RunScheduler', () => {
  it('runs 4 at once by default; the 5th waits for a free slot', async () => {
    const scheduler = new RunScheduler();
    const logs = Array.from({ length: 5 }, () => new EventLog());
    const from = sim.requests.length;
    const ends: number[] = [];
    const runs = logs.map((log, i) =>
      scheduler.start({
        runId: `run-${i}`,
        text,
        chunks,
        question: i === 4 ? `${QUESTION} ANSWER-FIVE` : QUESTION,
        settings: SETTINGS,
        client: client(),
        onEvent: (e) => {
          log.push(e);
          if (e.type === 'finished') ends[i] = Date.now();
        },
      }),
    );
    expect(scheduler.runningCount).toBe(4);
    expect(scheduler.queuedCount).toBe(1);
    const outcomes = await Promise.all(runs);
    expect(outcomes.map((o) => o.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(outcomes.map((o) => o.answer)).toEqual(Array(5).fill('AMBER-4471'));
    for (const log of logs) expect(log.terminals()).toHaveLength(1);

    // The server saw the first 4 runs in flight together, never all 5.
    const timings = sim.timings.slice(from);
    let running = 0;
    let peak = 0;
    const marks = timings.flatMap((t) => [
      { at: t.receivedAt, d: 1 },
      { at: t.finishedAt ?? Infinity, d: -1 },
    ]);
    marks.sort((a, b) => a.at - b.at || a.d - b.d);
    for (const m of marks) peak = Math.max(peak, (running += m.d));
    expect(peak).toBe(4);
    // The 5th run's first request reached the server only after one of the first four ended.
    const fifthFirst = sim.requests.slice(from).find((r) => r.raw.includes('ANSWER-FIVE'));
    const firstEnd = Math.min(...ends.slice(0, 4));
    expect(fifthFirst?.receivedAt).toBeGreaterThanOrEqual(firstEnd);
    expect(logs[4]!.events[0]?.type).toBe('started');
  });

  it('refuses a second start of the same run id', async () => {
    const scheduler = new RunScheduler({ concurrency: 1 });
    const log = new EventLog();
    const run = start(scheduler, 'same', log);
    expect(() => start(scheduler, 'same', new EventLog())).toThrow(/already queued or running/);
    await run;
    // Once ended, the id may run again (a resume).
    await expect(start(scheduler, 'same', new EventLog())).resolves.toMatchObject({
      status: 'done',
    });
  });

  it('cancels a queued run with exactly one cancelled event and no request', async () => {
    const scheduler = new RunScheduler({ concurrency: 1 });
    const first = new EventLog();
    const queued = new EventLog();
    const a = start(scheduler, 'a', first);
    const b = start(scheduler, 'b', queued);
    expect(scheduler.cancel('b')).toBe(true);
    expect(await b).toMatchObject({ status: 'cancelled' });
    expect(queued.events).toEqual([{ type: 'cancelled', runId: 'b', atChunk: 0 }]);
    expect(scheduler.cancel('b')).toBe(false);
    expect((await a).status).toBe('done');
    expect(queued.events).toHaveLength(1);
  });

  it('cancels a running run promptly and frees its slot for the queue', async () => {
    const scheduler = new RunScheduler({ concurrency: 1 });
    const first = new EventLog();
    const second = new EventLog();
    const a = start(scheduler, 'a', first);
    const b = start(scheduler, 'b', second);
    await first.waitFor((e) => e.type === 'memory-delta');
    scheduler.cancel('a');
    expect((await a).status).toBe('cancelled');
    expect(first.terminals()).toEqual([expect.objectContaining({ type: 'cancelled' })]);
    expect((await b).status).toBe('done');
  });

  it('pauses at a chunk boundary and resumes by run id', async () => {
    const scheduler = new RunScheduler();
    const log = new EventLog();
    const run = start(scheduler, 'p', log);
    await log.waitFor((e) => e.type === 'chunk-started');
    expect(scheduler.pause('p')).toBe(true);
    const paused = await log.waitFor((e) => e.type === 'paused');
    expect(paused).toEqual({ type: 'paused', runId: 'p', atChunk: 1 });
    // The chunk in flight finished before the pause took effect; nothing else is read.
    expect(log.of('chunk-done')).toHaveLength(1);
    expect(log.of('chunk-started')).toHaveLength(1);
    expect(scheduler.resume('p')).toBe(true);
    expect((await run).status).toBe('done');
    expect(log.of('resumed')).toEqual([{ type: 'resumed', runId: 'p', atChunk: 1 }]);
    expect(scheduler.pause('p')).toBe(false);
  });

  it('an outside abort signal cancels like cancel()', async () => {
    const scheduler = new RunScheduler();
    const log = new EventLog();
    const controller = new AbortController();
    const run = scheduler.start({
      runId: 'x',
      text,
      chunks,
      question: QUESTION,
      settings: SETTINGS,
      client: client(),
      onEvent: log.push,
      signal: controller.signal,
    });
    await log.waitFor((e) => e.type === 'started');
    controller.abort();
    expect((await run).status).toBe('cancelled');
    expect(log.terminals()).toHaveLength(1);
  });

  it('rejects a concurrency below 1', () => {
    expect(() => new RunScheduler({ concurrency: 0 })).toThrow(/at least 1/);
  });
});

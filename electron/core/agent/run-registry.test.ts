import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Events } from '../../../shared/api.ts';
import type { RunEvent } from '../../../shared/model.ts';
import { applyRunEvent, emptyRunView } from '../../../shared/run-view.ts';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { CoreError } from '../errors.ts';
import { createLlmClient } from '../llm/client.ts';
import type { LlmClient } from '../llm/types.ts';
import { BackendLimits } from '../jobs/backend-limits.ts';
import { RunRegistry, type PreparedRun, type RunJournal, type StoredRun } from './run-registry.ts';
import { EventLog, QUESTION, SETTINGS, needleDocument, paragraphChunks } from './test-support.ts';

let sim: SimServer;
const text = needleDocument(8, 5);
const chunks = paragraphChunks(text, 2); // 4 chunks

// Slow enough that runs overlap: each memory reply of ~20 tokens takes ~100 ms.
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

/** Counts chat requests where the run makes them, and how many are in flight at once. */
function countingClient() {
  const inner = createLlmClient({
    kind: 'vllm',
    baseUrl: sim.baseUrl,
    maxRetries: 0,
    timeoutMs: 10_000,
  });
  const counts = { requests: 0, inFlight: 0, peak: 0 };
  const client: LlmClient = {
    ...inner,
    chat: async (request) => {
      counts.requests += 1;
      counts.inFlight += 1;
      counts.peak = Math.max(counts.peak, counts.inFlight);
      try {
        return await inner.chat(request);
      } finally {
        counts.inFlight -= 1;
      }
    },
  };
  return { client, counts };
}

/** A registry whose events go to one log per run, plus every numbered event in send order. */
function setUp(options: { concurrency?: number; journal?: RunJournal } = {}) {
  const logs = new Map<string, EventLog>();
  const sent: Events['run:event'][] = [];
  const registry = new RunRegistry({
    ...options,
    emit: (_owner, payload) => {
      sent.push(payload);
      logOf(payload.event.runId).push(payload.event);
    },
  });
  const logOf = (runId: string): EventLog => {
    const log = logs.get(runId) ?? new EventLog();
    logs.set(runId, log);
    return log;
  };
  return { registry, logOf, sent };
}

function prepared(client: LlmClient, question = QUESTION): PreparedRun {
  return { text, chunks, question, settings: SETTINGS, client };
}

describe('RunRegistry', () => {
  it('runs 4 at once by default; the 5th waits for a free slot', async () => {
    const { registry, logOf, sent } = setUp();
    const { client, counts } = countingClient();
    const runs = [0, 1, 2, 3, 4].map((i) =>
      registry.launch(`run-${i}`, { owner: 'w', prepare: () => prepared(client) }),
    );
    await logOf('run-0').waitFor((e) => e.type === 'started');
    expect(registry.counts).toEqual({ running: 4, queued: 1 });
    const outcomes = await Promise.all(runs);
    expect(outcomes.map((o) => o.status)).toEqual(['done', 'done', 'done', 'done', 'done']);
    expect(outcomes.map((o) => o.answer)).toEqual(Array(5).fill('AMBER-4471'));
    for (let i = 0; i < 5; i += 1) expect(logOf(`run-${i}`).terminals()).toHaveLength(1);

    // Never more than 4 requests in flight, and the 5th run started only after one had ended.
    expect(counts.peak).toBe(4);
    const order = sent.map((p) => `${p.event.runId}:${p.event.type}`);
    const firstEnd = Math.min(...[0, 1, 2, 3].map((i) => order.indexOf(`run-${i}:finished`)));
    expect(order.indexOf('run-4:started')).toBeGreaterThan(firstEnd);
    expect(logOf('run-4').events[0]?.type).toBe('started');
  });

  it('gives a waiting run of higher priority the next free slot', async () => {
    const { registry, sent } = setUp({ concurrency: 1 });
    const { client } = countingClient();
    const first = registry.launch('first', { owner: 'w', prepare: () => prepared(client) });
    const low = registry.launch('low', { owner: 'w', prepare: () => prepared(client) });
    const high = registry.launch('high', {
      owner: 'w',
      priority: 10,
      prepare: () => prepared(client),
    });
    await Promise.all([first, low, high]);
    const starts = sent.filter((p) => p.event.type === 'started').map((p) => p.event.runId);
    expect(starts).toEqual(['first', 'high', 'low']);
  });

  it('refuses a second launch of a live run id, and allows it once the run has ended', async () => {
    const { registry } = setUp({ concurrency: 1 });
    const { client } = countingClient();
    const run = registry.launch('same', { owner: 'w', prepare: () => prepared(client) });
    expect(() => registry.launch('same', { owner: 'w', prepare: () => prepared(client) })).toThrow(
      /already going/,
    );
    await run;
    await expect(
      registry.launch('same', { owner: 'w', prepare: () => prepared(client) }),
    ).resolves.toMatchObject({ status: 'done' });
  });

  it('cancels a queued run with exactly one cancelled event and no request', async () => {
    const { registry, logOf } = setUp({ concurrency: 1 });
    const a = countingClient();
    const b = countingClient();
    const first = registry.launch('a', { owner: 'w', prepare: () => prepared(a.client) });
    const queued = registry.launch('b', { owner: 'w', prepare: () => prepared(b.client) });
    await logOf('a').waitFor((e) => e.type === 'started');
    expect(registry.counts.queued).toBe(1);
    registry.cancel('b');
    expect(await queued).toMatchObject({ status: 'cancelled' });
    expect(logOf('b').events).toEqual([{ type: 'cancelled', runId: 'b', atChunk: 0 }]);
    expect(b.counts.requests).toBe(0);
    expect(() => registry.cancel('b')).toThrow(/does not exist/);
    expect((await first).status).toBe('done');
    expect(logOf('b').events).toHaveLength(1);
  });

  it('cancels a running run promptly and frees its slot for the queue', async () => {
    const { registry, logOf } = setUp({ concurrency: 1 });
    const { client } = countingClient();
    const a = registry.launch('a', { owner: 'w', prepare: () => prepared(client) });
    const b = registry.launch('b', { owner: 'w', prepare: () => prepared(client) });
    await logOf('a').waitFor((e) => e.type === 'memory-delta');
    registry.cancel('a');
    expect((await a).status).toBe('cancelled');
    expect(logOf('a').terminals()).toEqual([expect.objectContaining({ type: 'cancelled' })]);
    expect((await b).status).toBe('done');
  });

  it('cancels a run while it is being prepared, without starting it', async () => {
    const { registry, logOf } = setUp();
    const { counts } = countingClient();
    let preparing!: () => void;
    const started = new Promise<void>((resolve) => (preparing = resolve));
    const run = registry.launch('p', {
      owner: 'w',
      prepare: (signal) =>
        new Promise<PreparedRun>((resolve, reject) => {
          preparing();
          signal.addEventListener('abort', () => reject(signal.reason), { once: true });
          void resolve; // never resolves by itself: the document is still being read
        }),
    });
    await started;
    registry.cancel('p');
    expect(await run).toMatchObject({ status: 'cancelled', atChunk: 0 });
    expect(logOf('p').events).toEqual([{ type: 'cancelled', runId: 'p', atChunk: 0 }]);
    expect(counts.requests).toBe(0);
  });

  it('ends a run whose preparation fails with one error event from the registry', async () => {
    const { registry, logOf } = setUp();
    const outcome = await registry.launch('bad', {
      owner: 'w',
      prepare: () => {
        throw new CoreError('Damaged', 'The document is damaged.');
      },
    });
    expect(outcome).toMatchObject({ status: 'error', error: { kind: 'Damaged' } });
    expect(logOf('bad').events).toEqual([
      {
        type: 'error',
        runId: 'bad',
        error: { kind: 'Damaged', message: 'The document is damaged.' },
        atChunk: 0,
      },
    ]);
  });

  it('pauses at a chunk boundary, shows the pending pause meanwhile, and resumes by run id', async () => {
    const stored = new Map<string, StoredRun>();
    const journal: RunJournal = { record: () => undefined, stored: (id) => stored.get(id) };
    const { registry, logOf } = setUp({ journal });
    const { client, counts } = countingClient();
    stored.set('p', {
      summary: {
        id: 'p',
        documentId: 'd',
        origin: 'app',
        question: QUESTION,
        settings: SETTINGS,
        status: 'running',
        chunkCount: chunks.length,
        chunksDone: 0,
        createdAt: 0,
        usage: { promptTokens: 0, completionTokens: 0 },
      },
      chunks,
      memories: [],
      warnings: [],
    });
    const log = logOf('p');
    const run = registry.launch('p', { owner: 'w', prepare: () => prepared(client) });
    await log.waitFor((e) => e.type === 'chunk-started');
    registry.pause('p');
    // Asked during a chunk: a late subscriber's snapshot says the pause is pending.
    expect(log.of('pause-requested')).toEqual([
      { type: 'pause-requested', runId: 'p', requested: true },
    ]);
    expect(registry.snapshot('p').pauseRequested).toBe(true);
    let atPause = -1;
    const paused = await log.waitFor((e) => {
      if (e.type === 'paused') atPause = counts.requests;
      return e.type === 'paused';
    });
    expect(paused).toEqual({ type: 'paused', runId: 'p', atChunk: 1 });
    // The chunk in flight finished before the pause took effect; no request followed it.
    expect(atPause).toBe(1);
    expect(counts.requests).toBe(1);
    expect(log.of('chunk-done')).toHaveLength(1);
    expect(log.of('chunk-started')).toHaveLength(1);
    expect(registry.snapshot('p').pauseRequested).toBeUndefined();
    registry.resume('p');
    expect((await run).status).toBe('done');
    expect(log.of('resumed')).toEqual([{ type: 'resumed', runId: 'p', atChunk: 1 }]);
    expect(() => registry.pause('p')).toThrow(/not going/);
  });

  it('withdraws a pause asked for during a chunk when resumed before the boundary', async () => {
    const { registry, logOf } = setUp();
    const { client } = countingClient();
    const log = logOf('w');
    const run = registry.launch('w', { owner: 'w', prepare: () => prepared(client) });
    await log.waitFor((e) => e.type === 'chunk-started');
    registry.pause('w');
    registry.resume('w');
    expect((await run).status).toBe('done');
    expect(log.of('pause-requested').map((e) => e.requested)).toEqual([true, false]);
    expect(log.of('paused')).toHaveLength(0);
    // Folded, the run shows no pending pause.
    let view = emptyRunView('w', 0);
    log.events.forEach((event, i) => (view = applyRunEvent(view, { seq: i + 1, event }, 0)));
    expect(view.pauseRequested).toBe(false);
  });

  it('numbers every event per run, and an emitter that throws never ends a run', async () => {
    const seqs: number[] = [];
    const events: RunEvent[] = [];
    const registry = new RunRegistry({
      emit: (_owner, { seq, event }) => {
        seqs.push(seq);
        events.push(event);
        throw new Error('the window is gone');
      },
    });
    const { client } = countingClient();
    const outcome = await registry.launch('t', { owner: 'w', prepare: () => prepared(client) });
    expect(outcome.status).toBe('done');
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    expect(events.at(-1)?.type).toBe('finished');
  });

  it('an outside cancel of every run (Ctrl-C) ends each with one cancelled event', async () => {
    const { registry, logOf } = setUp({ concurrency: 1 });
    const { client } = countingClient();
    const runs = ['x', 'y'].map((id) =>
      registry.launch(id, { owner: 'w', prepare: () => prepared(client) }),
    );
    await logOf('x').waitFor((e) => e.type === 'started');
    await registry.cancelWhere(() => true);
    expect((await Promise.all(runs)).map((o) => o.status)).toEqual(['cancelled', 'cancelled']);
    expect(logOf('x').terminals()).toHaveLength(1);
    expect(logOf('y').terminals()).toHaveLength(1);
  });

  it('prepares a queued run only once it holds a slot: 12 launches, one text load at a time', async () => {
    const fast = await startSimLlm({ latency: 'zero' });
    try {
      const client = createLlmClient({ kind: 'vllm', baseUrl: fast.baseUrl, maxRetries: 0 });
      const { registry, logOf } = setUp({ concurrency: 1 });
      let preparing = 0;
      let peak = 0;
      let prepares = 0;
      const prepare = async (): Promise<PreparedRun> => {
        prepares += 1;
        preparing += 1;
        peak = Math.max(peak, preparing);
        // The document's text and chunks take a moment to load (another task's turn comes).
        await new Promise((resolve) => setImmediate(resolve));
        preparing -= 1;
        return prepared(client);
      };
      const ids = Array.from({ length: 12 }, (_, i) => `q${i}`);
      const runs = ids.map((id) => registry.launch(id, { owner: 'w', prepare }));
      await logOf('q0').waitFor((e) => e.type === 'started');
      // Eleven runs wait for the one slot and have loaded nothing.
      expect(registry.counts).toEqual({ running: 1, queued: 11 });
      expect(prepares).toBe(1);
      // A run cancelled while queued ends with its one `cancelled` event, never prepared.
      registry.cancel('q11');
      const outcomes = await Promise.all(runs);
      expect(outcomes.map((o) => o.status)).toEqual([...Array(11).fill('done'), 'cancelled']);
      expect(logOf('q11').events).toEqual([{ type: 'cancelled', runId: 'q11', atChunk: 0 }]);
      expect(prepares).toBe(11);
      expect(peak).toBe(1);
    } finally {
      await fast.close();
    }
  });

  it('moves a queued run up when its priority changes', async () => {
    const { registry, sent } = setUp({ concurrency: 1 });
    const { client } = countingClient();
    const launch = (id: string) =>
      registry.launch(id, { owner: 'w', prepare: () => prepared(client) });
    const runs = ['first', 'a', 'b', 'looked-at'].map(launch);
    registry.setPriority('looked-at', 5);
    await Promise.all(runs);
    const starts = sent.filter((p) => p.event.type === 'started').map((p) => p.event.runId);
    expect(starts).toEqual(['first', 'looked-at', 'a', 'b']);
    expect(() => registry.setPriority('first', 1)).toThrow(/does not exist/);
  });

  it('shares a backend fairly: a question asked after a queued job of many runs goes next', async () => {
    const { registry, sent } = setUp({ concurrency: 1 });
    const { client } = countingClient();
    const launch = (id: string, group?: string) =>
      registry.launch(id, {
        owner: 'w',
        ...(group === undefined ? {} : { group }),
        prepare: () => prepared(client),
      });
    const runs = [
      ...['job-1', 'job-2', 'job-3', 'job-4'].map((id) => launch(id, 'review')),
      launch('question'),
    ];
    await Promise.all(runs);
    const starts = sent.filter((p) => p.event.type === 'started').map((p) => p.event.runId);
    expect(starts).toEqual(['job-1', 'question', 'job-2', 'job-3', 'job-4']);
  });

  it('two registries on one backend share its limit', async () => {
    const limits = new BackendLimits();
    limits.setLimit('sim', 2);
    const app = new RunRegistry({ limits, emit: () => undefined });
    const check = new RunRegistry({ limits, emit: () => undefined, kind: 'eval-row' });
    const { client, counts } = countingClient();
    const launch = (registry: RunRegistry, id: string) =>
      registry.launch(id, { owner: 'w', backend: 'sim', prepare: () => prepared(client) });
    const outcomes = await Promise.all([
      ...['a1', 'a2', 'a3'].map((id) => launch(app, id)),
      ...['c1', 'c2', 'c3'].map((id) => launch(check, id)),
    ]);
    expect(outcomes.every((o) => o.status === 'done')).toBe(true);
    expect(counts.peak).toBe(2);
  });

  it('rejects a concurrency below 1', () => {
    expect(() => setUp({ concurrency: 0 })).toThrow(/at least 1/);
  });
});

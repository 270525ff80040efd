import { deadUrl } from '../../../sim/dead-url.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CallResponse, Events } from '../../../shared/api.ts';
import { INITIAL_MEMORY, type BackendProfile, type MemoryState } from '../../../shared/model.ts';
import { applyRunEvent, applySnapshot, emptyRunView } from '../../../shared/run-view.ts';
import { openStore } from '../store/store.ts';
import {
  SMALL_CHUNKS,
  bookText,
  chatPrompts,
  openBookAndProfile,
  startHarness,
  stopWhenChunkDone,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('runs through the service', () => {
  it('runs a question to its answer with numbered events, one terminal event, and a stored history', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    const summary = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    expect(summary.status).toBe('queued');
    const end = await h.finished(summary.id);
    expect(end.type).toBe('finished');

    const events = h.runEvents(summary.id);
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    expect(
      events.filter((e) => ['finished', 'error', 'cancelled'].includes(e.event.type)),
    ).toHaveLength(1);
    const started = events.find((e) => e.event.type === 'started')?.event;
    if (started?.type !== 'started') throw new Error('no started event');
    expect(started.chunkCount).toBeGreaterThanOrEqual(4);

    const snap = await h.ok('runs:get', { runId: summary.id });
    expect(snap.summary).toMatchObject({
      status: 'done',
      chunkCount: started.chunkCount,
      chunksDone: started.chunkCount,
    });
    expect(snap.summary.answer).toContain('4711');
    expect(snap.memories.map((m) => m.chunk)).toEqual([...Array(started.chunkCount).keys()]);
    expect(snap.chunks).toHaveLength(started.chunkCount);
    expect(snap.response).toContain('4711');
    expect(snap.seq).toBe(events.length);
    expect(snap.summary.usage.promptTokens).toBeGreaterThan(0);
    // The simulator is not an RL-MemoryAgent model: the user is told.
    expect(snap.warnings.some((w) => w.code === 'generic-model')).toBe(true);
    const listed = await h.ok('runs:list', { documentId });
    expect(listed.map((r) => r.id)).toEqual([summary.id]);
  });

  it('sends run events only to the window that started the run', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    const a = await h.ok(
      'runs:start',
      { documentId, question: 'Who set the code?', settings: SMALL_CHUNKS },
      'window-a',
    );
    const b = await h.ok(
      'runs:start',
      { documentId, question: 'What is the vault code?', settings: SMALL_CHUNKS },
      'window-b',
    );
    await Promise.all([h.finished(a.id), h.finished(b.id)]);
    const runEvents = h.emitted.filter((e) => e.name === 'run:event');
    for (const e of runEvents) {
      const { event } = e.payload as Events['run:event'];
      expect(e.target).toBe(event.runId === a.id ? 'window-a' : 'window-b');
    }
    expect(h.runEvents(a.id, 'window-a').length).toBeGreaterThan(5);
    expect(h.runEvents(b.id, 'window-b').length).toBeGreaterThan(5);
  });

  it('keeps a run going when its window is gone (sending to it throws)', async () => {
    h = await startHarness({ brokenTarget: 'closed-window' });
    const { documentId } = await openBookAndProfile(h);
    const run = await h.ok(
      'runs:start',
      { documentId, question: 'What is the vault code?', settings: SMALL_CHUNKS },
      'closed-window',
    );
    expect((await h.finished(run.id)).type).toBe('finished');
    const snap = await h.ok('runs:get', { runId: run.id });
    expect(snap.summary).toMatchObject({ status: 'done', answer: '4711' });
  });

  it('gives a late subscriber a snapshot that merges with later events without loss or repetition', async () => {
    h = await startHarness({
      sim: {
        latency: {
          prefillTokensPerSec: 200_000,
          decodeTokensPerSec: 2_000,
          aggregateDecodeTokensPerSec: 100_000,
          maxBatch: 8,
          overheadMs: 1,
        },
      },
    });
    const { documentId } = await openBookAndProfile(h);
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    const harness = h;
    // Subscriber A asks in the very event of chunk 2's first streamed delta (the call computes
    // its snapshot synchronously); subscriber B asks a moment later, while events keep coming.
    let snapA: Promise<CallResponse<'runs:get'>> | undefined;
    await harness.waitFor('run:event', (p) => {
      if (p.event.runId !== run.id || p.event.type !== 'memory-delta' || p.event.chunk !== 2)
        return false;
      snapA = harness.call('runs:get', { runId: run.id });
      return true;
    });
    const a = await snapA;
    const b = await h.call('runs:get', { runId: run.id });
    if (!a?.ok || !b.ok) throw new Error('runs:get failed');
    expect(a.value.summary.status).toBe('running');
    expect(a.value.memories.map((m) => m.chunk)).toEqual([0, 1]);
    expect(a.value.partialMemory).toBeTruthy();
    await h.finished(run.id);
    const final = await h.ok('runs:get', { runId: run.id });

    // Rebuild the run the way the renderer does (the shared fold): the snapshot, then every
    // event sent; those the snapshot covers (seq <= snap.seq) are dropped by the fold.
    for (const snap of [a.value, b.value]) {
      const reading = snap.memories.length;
      const later = h.runEvents(run.id).filter((e) => e.seq > snap.seq);
      expect(later[0]?.seq).toBe(snap.seq + 1);
      let view = applySnapshot(emptyRunView(run.id, 0), snap);
      let partial = view.partial;
      for (const payload of h.runEvents(run.id)) {
        view = applyRunEvent(view, payload, 0);
        if (payload.event.type === 'memory-delta' && payload.event.chunk === reading)
          partial = view.partial;
      }
      expect(view.memories).toEqual(final.memories);
      expect(view.answer).toBe(final.summary.answer);
      const read = final.memories[reading] as MemoryState;
      if (snap.partialMemory !== undefined && !read.kept) expect(partial).toBe(read.memory);
    }
  });

  it('commits each memory before the next request, survives a shutdown mid-run and continues from (k, memory k)', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    // Stop the service right when chunk 3 is reported done: no ending is recorded, as in a crash.
    await stopWhenChunkDone(h, run.id, () => 2);
    const requestsBefore = chatPrompts(h).length;
    expect(
      h.runEvents(run.id).some((e) => ['finished', 'error', 'cancelled'].includes(e.event.type)),
    ).toBe(false);

    // The database holds the three memories, committed; the run is left "running".
    const raw = openStore(h.dir);
    expect(raw.runs.get(run.id)?.status).toBe('running');
    const saved = raw.runs.memories(run.id);
    raw.close();
    expect(saved.map((m) => m.chunk)).toEqual([0, 1, 2]);

    h.reopen();
    const after = await h.ok('runs:get', { runId: run.id });
    expect(after.summary.status).toBe('interrupted');
    expect(after.memories).toEqual(saved);
    const chunkCount = after.summary.chunkCount;

    const continued = await h.ok('runs:continue', { runId: run.id }, 'window-2');
    expect(continued.status).toBe('queued');
    const end = await h.finished(run.id);
    expect(end.type).toBe('finished');
    const events = h.runEvents(run.id, 'window-2');
    const started = events.find((e) => e.event.type === 'started')?.event;
    expect(started).toMatchObject({ type: 'started', startChunk: 3, chunkCount });
    expect(
      events
        .filter((e) => e.event.type === 'chunk-started')
        .map((e) => (e.event as { chunk: number }).chunk),
    ).toEqual([...Array(chunkCount - 3).keys()].map((i) => i + 3));

    // The first prompt after the restart carries memory 3 (after chunk index 2) and chunk index 3.
    const prompts = chatPrompts(h).slice(requestsBefore);
    const memory2 = saved[2]?.memory as string;
    expect(prompts[0]).toContain(`<memory>\n${memory2}\n</memory>`);
    const doc = await h.ok('documents:get', { documentId });
    const chunk3 = after.chunks[3] as { start: number; end: number };
    expect(prompts[0]).toContain(
      `<section>\n${doc.document.text.slice(chunk3.start, chunk3.end)}\n</section>`,
    );
    // The chunks left, the final call, and the quote check (on for a local vLLM profile) about
    // the chunk the answer came from: found through the memories of the first session too.
    expect(prompts).toHaveLength(chunkCount - 3 + 1 + 1);
    expect(prompts.at(-1)).toMatch(/Supporting sentences:\n$/);

    const final = await h.ok('runs:get', { runId: run.id });
    expect(final.summary.status).toBe('done');
    expect(final.memories.map((m) => m.chunk)).toEqual([...Array(chunkCount).keys()]);
    expect(final.memories.slice(0, 3)).toEqual(saved);
    expect(final.summary.answer).toContain('4711');
    // Started twice with the same model: the generic-model note is said once, in one line.
    const notes = final.warnings.filter((w) => w.code === 'generic-model');
    expect(notes).toHaveLength(1);
    expect(notes[0]?.message).toMatch(/^“.+” is not an RL-MemoryAgent model: [^\n]+\.$/);
  });

  it('continues a run interrupted during its final call with the final call only', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    await stopWhenChunkDone(h, run.id, (chunkCount) => chunkCount - 1);
    const before = chatPrompts(h).length;
    h.reopen();
    const snap = await h.ok('runs:get', { runId: run.id });
    expect(snap.summary).toMatchObject({
      status: 'interrupted',
      chunksDone: snap.summary.chunkCount,
    });
    expect(snap.summary.answer).toBeUndefined();
    await h.ok('runs:continue', { runId: run.id });
    expect((await h.finished(run.id)).type).toBe('finished');
    const prompts = chatPrompts(h).slice(before);
    // The final call, then the quote check's one request.
    expect(prompts).toHaveLength(2);
    expect(prompts[1]).toMatch(/Supporting sentences:\n$/);
    expect(prompts[0]).toContain(
      `<memory>\n${snap.memories.at(-1)?.memory}\n</memory>\n\nYour answer:\n`,
    );
    expect((await h.ok('runs:get', { runId: run.id })).summary.answer).toBe('4711');
  });

  it('pauses at a chunk boundary, resumes, cancels with one terminal event, and continues a cancelled run', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    const harness = h;
    await harness.waitFor('run:event', (p) => {
      if (p.event.runId === run.id && p.event.type === 'chunk-done' && p.event.state.chunk === 0) {
        void harness.call('runs:pause', { runId: run.id });
        return true;
      }
      return false;
    });
    const paused = await h.waitFor(
      'run:event',
      (p) => p.event.runId === run.id && p.event.type === 'paused',
    );
    expect(paused.event).toMatchObject({ atChunk: 1 });
    const snap = await h.ok('runs:get', { runId: run.id });
    expect(snap.summary.status).toBe('paused');
    expect(snap.memories).toHaveLength(1);
    const chatsWhilePaused = chatPrompts(h).length;

    await h.ok('runs:resume', { runId: run.id });
    await h.waitFor(
      'run:event',
      (p) => p.event.runId === run.id && p.event.type === 'chunk-done' && p.event.state.chunk === 1,
    );
    expect(chatPrompts(h).length).toBeGreaterThan(chatsWhilePaused);
    await h.ok('runs:cancel', { runId: run.id });
    const end = await h.finished(run.id);
    expect(end.type).toBe('cancelled');
    const cancelled = await h.ok('runs:get', { runId: run.id });
    expect(cancelled.summary.status).toBe('cancelled');
    expect(
      h.runEvents(run.id).filter((e) => ['finished', 'error', 'cancelled'].includes(e.event.type)),
    ).toHaveLength(1);
    // Pausing a run that is not going is a clear error value.
    const bad = await h.call('runs:pause', { runId: run.id });
    expect(bad).toMatchObject({ ok: false, error: { kind: 'BadUsage' } });

    const k = cancelled.memories.length;
    await h.ok('runs:continue', { runId: run.id });
    await h.waitFor('run:event', (p) => p.event.runId === run.id && p.event.type === 'finished');
    const events = h.runEvents(run.id);
    // Sequence numbers keep growing across the continuation, so a renderer's merge still works.
    expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
    const started = events.filter((e) => e.event.type === 'started').at(-1)?.event;
    expect(started).toMatchObject({ startChunk: k });
    const done = await h.ok('runs:get', { runId: run.id });
    expect(done.summary.status).toBe('done');
    const repeat = await h.call('runs:continue', { runId: run.id });
    expect(repeat).toMatchObject({ ok: false, error: { kind: 'BadUsage' } });
    await h.ok('runs:delete', { runId: run.id });
    expect(await h.call('runs:get', { runId: run.id })).toMatchObject({
      ok: false,
      error: { kind: 'NotFound' },
    });
    expect(await h.ok('runs:list', { documentId })).toEqual([]);
  });

  it("starts from the initial memory and reports a backend that is down as the run's one error", async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    await h.ok('settings:save-profile', {
      profile: {
        id: 'down',
        name: 'Down',
        kind: 'vllm',
        baseUrl: await deadUrl(),
        hasApiKey: false,
        timeoutMs: 2000,
        maxRetries: 0,
      },
    });
    const run = await h.ok('runs:start', {
      documentId,
      question: 'q?',
      settings: SMALL_CHUNKS,
      profileId: 'down',
    });
    const end = await h.finished(run.id);
    expect(end).toMatchObject({ type: 'error', error: { kind: 'BackendUnavailable' } });
    const snap = await h.ok('runs:get', { runId: run.id });
    expect(snap.summary).toMatchObject({ status: 'error', error: { kind: 'BackendUnavailable' } });

    const test = await h.ok('backend:test', { profileId: 'down' });
    expect(test.ok).toBe(false);
    expect(test.error?.kind).toBe('BackendUnavailable');

    const good = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    await h.finished(good.id);
    expect(chatPrompts(h)[0]).toContain(`<memory>\n${INITIAL_MEMORY}\n</memory>`);
  });

  it("a timed-out run's hint points to the backend's timeout in Settings", async () => {
    h = await startHarness();
    const { documentId, profileId } = await openBookAndProfile(h);
    const profile = (await h.ok('settings:get', {})).profiles.find((p) => p.id === profileId);
    await h.ok('settings:save-profile', {
      profile: { ...(profile as BackendProfile), timeoutMs: 1000, maxRetries: 0 },
    });
    h.sim.setOptions({ faults: [{ kind: 'stall' }] });
    const run = await h.ok('runs:start', { documentId, question: 'q?', settings: SMALL_CHUNKS });
    expect(await h.finished(run.id)).toMatchObject({
      type: 'error',
      error: {
        kind: 'BackendFailed',
        message: 'The LLM server did not answer within 1 s.',
        hint: "The server may be overloaded: run fewer questions at once, or raise this backend's timeout in Settings.",
      },
    });
  });

  it('does not warn about an RL-MemoryAgent model and lists models in the connection test', async () => {
    h = await startHarness({ sim: { model: 'BytedTsinghua-SIA/RL-MemoryAgent-14B' } });
    const { documentId, profileId } = await openBookAndProfile(h);
    const test = await h.ok('backend:test', { profileId });
    expect(test).toMatchObject({
      ok: true,
      models: ['BytedTsinghua-SIA/RL-MemoryAgent-14B'],
      model: 'BytedTsinghua-SIA/RL-MemoryAgent-14B',
      genericModel: false,
    });
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    await h.finished(run.id);
    const snap = await h.ok('runs:get', { runId: run.id });
    expect(snap.summary.model).toBe('BytedTsinghua-SIA/RL-MemoryAgent-14B');
    expect(snap.warnings.filter((w) => w.code === 'generic-model')).toEqual([]);
  });
  it('starts a queued run the user prioritises before the runs queued earlier', async () => {
    // One run at a time; the first run's first request is never answered, so it holds the slot.
    const harness = await startHarness({
      deps: { concurrency: 1 },
      sim: { faults: [{ kind: 'stall', next: 1 }] },
    });
    h = harness;
    // A short book: the order of the runs is what matters, not their reading.
    const { documentId } = await openBookAndProfile(harness, bookText(6));
    const start = (question: string) =>
      harness.ok('runs:start', { documentId, question, settings: SMALL_CHUNKS });
    const first = await start('What is the vault code?');
    // Its request has reached the simulator (and is the one that stalls).
    await vi.waitFor(() => expect(chatPrompts(harness)).toHaveLength(1), { timeout: 10_000 });
    const queued = [
      await start('Who set the vault code?'),
      await start('When was it set?'),
      await start('Where is the vault?'),
    ];
    expect(await harness.call('runs:prioritise', { runId: queued[2]?.id ?? '' })).toEqual({
      ok: true,
      value: null,
    });
    await harness.ok('runs:cancel', { runId: first.id });
    const ends = await Promise.all(queued.map((r) => harness.finished(r.id)));
    expect(ends.map((e) => e.type)).toEqual(['finished', 'finished', 'finished']);
    const startedOrder = harness.emitted
      .filter((e) => e.name === 'run:event')
      .map((e) => (e.payload as Events['run:event']).event)
      .filter((e) => e.type === 'started')
      .map((e) => e.runId);
    expect(startedOrder).toEqual([first.id, queued[2]?.id, queued[0]?.id, queued[1]?.id]);
    // A run that has ended has nothing to move: no error for the view that asked.
    expect(await harness.call('runs:prioritise', { runId: first.id })).toEqual({
      ok: true,
      value: null,
    });
  });
});

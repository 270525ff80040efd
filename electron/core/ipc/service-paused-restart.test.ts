// A run or job paused when its process ends (the app quits; Ctrl-C in `memagent ask` ends the
// same way) stays paused in the library, with no reader: the next start shows it paused, its
// Resume (or the job's Continue) reads on from the last saved memory, and no chunk read before
// is asked of the backend again.
import { afterEach, describe, expect, it } from 'vitest';
import {
  SMALL_CHUNKS,
  chatPrompts,
  openBookAndProfile,
  startHarness,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('paused, then the app quits', () => {
  it('the run is still paused on the next start, and Resume reads only the chunks left', async () => {
    h = await startHarness({ sim: { latency: 'h100-14b' } });
    const harness = h;
    const { documentId } = await openBookAndProfile(harness);
    const run = await harness.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    await harness.waitFor(
      'run:event',
      (p) => p.event.runId === run.id && p.event.type === 'chunk-done',
    );
    await harness.ok('runs:pause', { runId: run.id });
    const paused = await harness.waitFor(
      'run:event',
      (p) => p.event.runId === run.id && p.event.type === 'paused',
    );
    const at = (paused.event as { atChunk: number }).atChunk;
    await harness.service.dispose();

    harness.reopen();
    const after = await harness.ok('runs:get', { runId: run.id });
    expect(after.summary.status).toBe('paused');
    expect(after.readBy).toBeUndefined();
    expect(after.memories.map((m) => m.chunk)).toEqual([...Array(at).keys()]);
    const [counts] = await harness.ok('runs:counts', {});
    expect(counts).toMatchObject({ documentId, paused: 1 });

    const before = chatPrompts(harness).length;
    await harness.ok('runs:resume', { runId: run.id }, 'window-2');
    expect((await harness.finished(run.id)).type).toBe('finished');
    const started = harness
      .runEvents(run.id, 'window-2')
      .find((e) => e.event.type === 'started')?.event;
    expect(started).toMatchObject({ startChunk: at });
    // The chunks left, the final call and the quote check: nothing read before is asked again.
    const chunkCount = after.summary.chunkCount;
    expect(chatPrompts(harness).slice(before)).toHaveLength(chunkCount - at + 2);
    const final = await harness.ok('runs:get', { runId: run.id });
    expect(final.summary.status).toBe('done');
    expect(final.memories.slice(0, at)).toEqual(after.memories);
  });

  it('a paused job is still paused on the next start, not live, and Continue finishes it', async () => {
    h = await startHarness({ sim: { latency: 'h100-14b' } });
    const harness = h;
    const { documentId, profileId } = await openBookAndProfile(harness);
    const job = await harness.ok('jobs:start', {
      documentIds: [documentId],
      questions: ['What is the vault code?', 'Who set it?'],
      settings: SMALL_CHUNKS,
      profileId,
    });
    await harness.waitFor('run:event', (p) => p.event.type === 'chunk-done');
    await harness.ok('jobs:pause', { jobId: job.id });
    await harness.waitFor('job:updated', (j) => j.id === job.id && j.state === 'paused');
    const runs = await harness.ok('runs:list', { documentId });
    for (const r of runs)
      if (r.status !== 'done' && r.status !== 'queued')
        await harness.waitFor(
          'run:event',
          (p) => p.event.runId === r.id && p.event.type === 'paused',
        );
    await harness.service.dispose();

    harness.reopen();
    const [listed] = (await harness.ok('jobs:list', {})).filter((j) => j.id === job.id);
    expect(listed).toMatchObject({ state: 'paused', live: false });
    await harness.ok('jobs:continue', { jobId: job.id });
    const done = await harness.waitFor(
      'job:updated',
      (j) => j.id === job.id && j.state === 'done' && !j.live,
    );
    expect(done.counts).toMatchObject({ total: 2, done: 2 });
  });
});

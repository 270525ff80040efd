// The app's jobs (jobs:* calls): questions asked together as one stored job, driven in the
// service on its one registry; paused, resumed, cancelled and continued as a whole, also after
// the service stopped in the middle as a crash leaves it.
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '../../../shared/jobs.ts';
import {
  SMALL_CHUNKS,
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

const QUESTIONS = ['What is the vault code?', 'Who set the vault code?', 'When was it set?'];

const jobState = (harness: Harness, jobId: string, state: JobView['state']) =>
  harness.waitFor('job:updated', (j) => j.id === jobId && j.state === state && !j.live);

describe('jobs in the app', () => {
  it('three questions together are one job, listed, answered, every window told', async () => {
    h = await startHarness();
    const { documentId, profileId } = await openBookAndProfile(h);
    const job = await h.ok('jobs:start', {
      documentIds: [documentId],
      questions: QUESTIONS,
      settings: SMALL_CHUNKS,
      profileId,
    });
    expect(job).toMatchObject({ kind: 'questions', title: '3 questions about book', live: true });
    const done = await jobState(h, job.id, 'done');
    expect(done.counts).toMatchObject({ total: 3, done: 3, failed: 0, queued: 0, reading: 0 });
    const [listed] = await h.ok('jobs:list', {});
    expect(listed).toMatchObject({ id: job.id, state: 'done', live: false });
    // Job events go to every window; run events to the window that started the job.
    expect(
      h.emitted.filter((e) => e.name === 'job:updated').every((e) => e.target === undefined),
    ).toBe(true);
    expect(h.emitted.filter((e) => e.name === 'run:event').every((e) => e.target === 'w1')).toBe(
      true,
    );
  });

  it('pauses, resumes and cancels as a whole, then continues to the end', async () => {
    h = await startHarness({ sim: { latency: 'h100-14b' } });
    const { documentId, profileId } = await openBookAndProfile(h);
    const job = await h.ok('jobs:start', {
      documentIds: [documentId],
      questions: QUESTIONS,
      settings: SMALL_CHUNKS,
      profileId,
    });
    await h.waitFor('run:event', (p) => p.event.type === 'chunk-done');
    await h.ok('jobs:pause', { jobId: job.id });
    await h.waitFor('job:updated', (j) => j.id === job.id && j.state === 'paused');
    await h.ok('jobs:resume', { jobId: job.id });
    await h.waitFor('job:updated', (j) => j.id === job.id && j.state === 'running');
    await h.ok('jobs:cancel', { jobId: job.id });
    const cancelled = await jobState(h, job.id, 'cancelled');
    expect(cancelled.counts.done).toBeLessThan(3);
    const again = await h.call('jobs:pause', { jobId: job.id });
    expect(again).toMatchObject({
      ok: false,
      error: { message: 'This job is not going in this app.' },
    });

    await h.ok('jobs:continue', { jobId: job.id });
    const done = await jobState(h, job.id, 'done');
    expect(done.counts).toMatchObject({ total: 3, done: 3 });
  });

  it('a job the service left in the middle (a crash) is interrupted, and continues', async () => {
    h = await startHarness();
    const { documentId, profileId } = await openBookAndProfile(h);
    const job = await h.ok('jobs:start', {
      documentIds: [documentId],
      questions: QUESTIONS,
      settings: SMALL_CHUNKS,
      profileId,
    });
    const first = await h.waitFor('run:event', (p) => p.event.type === 'started');
    await stopWhenChunkDone(h, first.event.runId, () => 1);
    h.reopen();
    const [listed] = await h.ok('jobs:list', {});
    expect(listed).toMatchObject({ id: job.id, state: 'interrupted', live: false });
    expect(listed?.counts.done).toBe(0);
    const before = await h.ok('runs:list', { documentId });
    const saved = before.reduce((n, r) => n + r.chunksDone, 0);
    expect(saved).toBeGreaterThan(0);
    const requestsBefore = h.sim.requests.length;
    await h.ok('jobs:continue', { jobId: job.id });
    const done = await jobState(h, job.id, 'done');
    expect(done.counts).toMatchObject({ total: 3, done: 3 });
    // Exactly the chunks not saved before the stop were read (memory updates end with the
    // template's "Updated memory:"; the final answers and quote checks do not).
    const chunks = before[0]?.chunkCount ?? 0;
    const memoryUpdates = h.sim.requests
      .slice(requestsBefore)
      .filter((r) => r.path.endsWith('/chat/completions'))
      .filter((r) =>
        ((r.body as { messages: { content: string }[] }).messages[0]?.content ?? '').includes(
          'Updated memory:',
        ),
      ).length;
    expect(memoryUpdates).toBe(3 * chunks - saved);
  });
});

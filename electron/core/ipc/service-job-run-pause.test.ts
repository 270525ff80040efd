// One run of a job paused from the Ask screen (runs:pause, not jobs:pause): the job goes on
// reading its other runs and says so ("Running", 1 paused); it is Paused only when every run
// it has left is paused; a paused run holds no slot of the backend, and once resumed it reads
// again within the backend's limit. Also the job's chunk progress, sent while it reads.
import { afterEach, describe, expect, it } from 'vitest';
import type { JobView } from '../../../shared/jobs.ts';
import {
  SMALL_CHUNKS,
  openBookAndProfile,
  startHarness,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const QUESTIONS = ['What is the vault code?', 'Who set the vault code?', 'When was it set?'];

/** A job of three questions on a backend that reads one at a time; its first run paused. */
async function jobWithOneRunPaused(harness: Harness) {
  const { documentId, profileId } = await openBookAndProfile(harness);
  const job = await harness.ok('jobs:start', {
    documentIds: [documentId],
    questions: QUESTIONS,
    settings: SMALL_CHUNKS,
    profileId,
  });
  const first = await harness.waitFor('run:event', (p) => p.event.type === 'chunk-done');
  const pausedRun = first.event.runId;
  await harness.ok('runs:pause', { runId: pausedRun });
  await harness.waitFor(
    'run:event',
    (p) => p.event.runId === pausedRun && p.event.type === 'paused',
  );
  return { job, pausedRun };
}

const listed = async (harness: Harness, jobId: string): Promise<JobView | undefined> =>
  (await harness.ok('jobs:list', {})).find((j) => j.id === jobId);

describe('one run of a job paused', () => {
  it('leaves the job running its other runs; Paused once only paused runs are left', async () => {
    h = await startHarness({ sim: { latency: 'h100-14b' }, deps: { concurrency: 1 } });
    const harness = h;
    const { job, pausedRun } = await jobWithOneRunPaused(harness);
    expect(await listed(harness, job.id)).toMatchObject({
      state: 'running',
      live: true,
      counts: { total: 3, paused: 1 },
    });

    // The backend reads one run at a time, and the paused one gave its slot up: the others read.
    const others = harness.ok('runs:list', { documentId: job.documentId ?? '' });
    const ids = (await others).map((r) => r.id).filter((id) => id !== pausedRun);
    expect(ids).toHaveLength(2);
    for (const id of ids) expect((await harness.finished(id)).type).toBe('finished');

    // Only the paused run is left: nothing reads, and the job says so; still live here.
    const waiting = await harness.waitFor(
      'job:updated',
      (j) => j.id === job.id && j.counts.done === 2 && j.state === 'paused',
    );
    expect(waiting).toMatchObject({ live: true, counts: { paused: 1, queued: 0, reading: 1 } });

    // The job's Resume resumes a run paused on its own too.
    await harness.ok('jobs:resume', { jobId: job.id });
    const done = await harness.waitFor(
      'job:updated',
      (j) => j.id === job.id && j.state === 'done' && !j.live,
    );
    expect(done.counts).toMatchObject({ total: 3, done: 3, paused: 0 });
    expect(done.chunks.read).toBe(done.chunks.total);
    expect(harness.sim.peakRunning).toBe(1);
  });

  it('a run resumed while another reads waits for a slot: the limit holds', async () => {
    h = await startHarness({ sim: { latency: 'h100-14b' }, deps: { concurrency: 1 } });
    const harness = h;
    const { job, pausedRun } = await jobWithOneRunPaused(harness);
    const other = await harness.waitFor(
      'run:event',
      (p) => p.event.runId !== pausedRun && p.event.type === 'chunk-done',
    );
    await harness.ok('runs:resume', { runId: pausedRun });
    const end = await harness.waitFor(
      'job:updated',
      (j) => j.id === job.id && j.state === 'done' && !j.live,
    );
    expect(end.counts).toMatchObject({ total: 3, done: 3 });
    // Never two requests at once on a backend of one slot, though two runs were between chunks.
    expect(harness.sim.peakRunning).toBe(1);
    // The resumed run read on once the other had ended: its chunks after the pause come later.
    const events = harness.emitted
      .filter((e) => e.name === 'run:event')
      .map((e) => e.payload as { event: { type: string; runId: string } });
    const resumedAt = events.findIndex(
      (p) => p.event.runId === pausedRun && p.event.type === 'resumed',
    );
    const otherEnd = events.findIndex(
      (p) => p.event.runId === other.event.runId && p.event.type === 'finished',
    );
    expect(resumedAt).toBeGreaterThan(otherEnd);
  });

  it("sends the job's chunk progress while it reads, and the total once it is done", async () => {
    h = await startHarness({ sim: { latency: 'h100-14b' } });
    const { documentId, profileId } = await openBookAndProfile(h);
    const job = await h.ok('jobs:start', {
      documentIds: [documentId],
      questions: QUESTIONS,
      settings: SMALL_CHUNKS,
      profileId,
    });
    expect(job).toMatchObject({ documentId, chunks: { read: 0 } });
    const done = await h.waitFor('job:updated', (j) => j.id === job.id && j.state === 'done');
    const runs = await h.ok('runs:list', { documentId });
    const perRun = runs[0]?.chunkCount ?? 0;
    expect(perRun).toBeGreaterThan(2);
    expect(done.chunks).toEqual({ read: 3 * perRun, total: 3 * perRun, unplanned: 0 });
    // While it read, the progress went up in steps, never down, and never past the total.
    const reads = h.emitted
      .filter((e) => e.name === 'job:updated')
      .map((e) => e.payload as JobView)
      .filter((j) => j.id === job.id)
      .map((j) => j.chunks.read);
    expect(new Set(reads.filter((r) => r > 0 && r < 3 * perRun)).size).toBeGreaterThan(1);
    expect(reads).toEqual([...reads].sort((a, b) => a - b));
  });
});

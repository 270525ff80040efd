import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Events } from '../../../shared/api.ts';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { openStore, type Store } from '../store/store.ts';
import { registerWriter, type Writer } from '../store/writers.ts';
import { paragraphChunks } from '../agent/test-support.ts';
import { createFixtureJob, fixtureLauncher, fixtureText } from './job-fixture.test-support.ts';
import { driveJob } from './job-group.ts';

let dir: string;
let store: Store;
let writer: Writer;
let sim: SimServer;
beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-job-group-'));
  store = openStore(dir);
  writer = registerWriter(store.db, 'cli');
  sim = await startSimLlm();
});
afterEach(async () => {
  writer.close();
  store.close();
  await sim.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The chat prompts the simulator received that ask question number `asked` of document `d`. */
const promptsOf = (question: string) =>
  sim.requests
    .map((r) => (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '')
    .filter((p) => p.includes(question));

describe('a job driven as one', () => {
  it('reads every run of a documents × questions job, a window at a time, and ends done', async () => {
    const job = createFixtureJob(store, writer.id, 2, 3, 4);
    const launcher = fixtureLauncher(store, sim.baseUrl, 2);
    let mostLive = 0;
    const group = driveJob({
      store,
      writer,
      jobId: job.jobId,
      launchRun: launcher.launchRun,
      controls: launcher.registry,
      window: 2,
      onChange: () => {
        const counts = store.jobs.get(job.jobId)?.counts;
        mostLive = Math.max(mostLive, (counts?.reading ?? 0) + launcher.registry.counts.queued);
      },
    });
    expect(store.jobs.get(job.jobId)?.state).toBe('running');
    const end = await group.ended;
    expect(end.state).toBe('done');
    const stored = store.jobs.get(job.jobId);
    expect(stored).toMatchObject({
      state: 'done',
      counts: { total: 6, done: 6, failed: 0, queued: 0, reading: 0 },
    });
    expect(stored?.endedAt).toBeDefined();
    expect(mostLive).toBeLessThanOrEqual(2);
    for (const runId of job.runIds) {
      const run = store.runs.get(runId);
      expect(run?.answer).toMatch(/^470[01]$/);
    }
    expect(sim.peakRunning).toBeLessThanOrEqual(2);
  });

  it('pauses its live runs and holds the waiting ones, then goes on from where it paused', async () => {
    const job = createFixtureJob(store, writer.id, 1, 4, 5);
    const paused = new Set<string>();
    let onPaused!: () => void;
    const allPaused = new Promise<void>((resolve) => (onPaused = resolve));
    const launcher = fixtureLauncher(store, sim.baseUrl, 2, ({ event }: Events['run:event']) => {
      if (event.type === 'chunk-done' && event.state.chunk === 0 && paused.size === 0)
        group.pause();
      if (event.type === 'paused') {
        paused.add(event.runId);
        if (paused.size === 2) onPaused();
      }
    });
    const group = driveJob({
      store,
      writer,
      jobId: job.jobId,
      launchRun: launcher.launchRun,
      controls: launcher.registry,
      window: 2,
    });
    await allPaused;
    expect(store.jobs.get(job.jobId)).toMatchObject({
      state: 'paused',
      counts: { reading: 2, paused: 2, queued: 2 },
    });
    // The two waiting questions sent nothing: they hold no slot and no request.
    const [, , third, fourth] = job.runIds.map((id) => store.runs.get(id)?.question ?? '');
    expect(promptsOf(third as string)).toEqual([]);
    expect(promptsOf(fourth as string)).toEqual([]);
    const before = sim.requests.length;
    group.resume();
    const end = await group.ended;
    expect(end.state).toBe('done');
    expect(store.jobs.get(job.jobId)?.counts.done).toBe(4);
    // Nothing was read twice: 5 chunks and the answer per question, in all.
    expect(sim.requests.length).toBe(4 * 6);
    expect(before).toBeLessThan(4 * 6);
  });

  it('cancels its live and waiting runs and ends cancelled; continuing it reads only what is left', async () => {
    const job = createFixtureJob(store, writer.id, 1, 4, 4);
    const launcher = fixtureLauncher(store, sim.baseUrl, 2, ({ event }: Events['run:event']) => {
      if (event.type === 'chunk-done' && event.state.chunk === 1) group.cancel();
    });
    const group = driveJob({
      store,
      writer,
      jobId: job.jobId,
      launchRun: launcher.launchRun,
      controls: launcher.registry,
      window: 2,
    });
    const end = await group.ended;
    expect(end.state).toBe('cancelled');
    const counts = store.jobs.get(job.jobId)?.counts;
    expect(counts).toMatchObject({ total: 4, done: 0, cancelled: 4, queued: 0, reading: 0 });
    const saved = job.runIds.map((id) => store.runs.memories(id).length);
    expect(saved.slice(2)).toEqual([0, 0]);

    // Read on on a second server, so a request the cancel cut short cannot be counted.
    const other = await startSimLlm();
    const again = fixtureLauncher(store, other.baseUrl, 2);
    const continued = driveJob({
      store,
      writer,
      jobId: job.jobId,
      launchRun: again.launchRun,
      controls: again.registry,
      window: 2,
    });
    expect(continued.runIds).toEqual(job.runIds);
    expect((await continued.ended).state).toBe('done');
    const chunksLeft = saved.reduce((sum, k) => sum + (4 - k), 0);
    // Each question's remaining chunks and its answer: no saved chunk is read again.
    expect(other.requests.length).toBe(chunksLeft + 4);
    await other.close();
  });

  it('ends failed when a run fails, and continuing it reads that run alone', async () => {
    const job = createFixtureJob(store, writer.id, 1, 3, 2);
    sim.setOptions({ faults: [{ kind: 'bad-request', next: 1 }] });
    const launcher = fixtureLauncher(store, sim.baseUrl, 1);
    const first = driveJob({
      store,
      writer,
      jobId: job.jobId,
      launchRun: launcher.launchRun,
      controls: launcher.registry,
      window: 1,
    });
    expect((await first.ended).state).toBe('failed');
    expect(store.jobs.get(job.jobId)?.counts).toMatchObject({ done: 2, failed: 1 });
    const again = fixtureLauncher(store, sim.baseUrl, 1);
    const second = driveJob({
      store,
      writer,
      jobId: job.jobId,
      launchRun: again.launchRun,
      controls: again.registry,
      window: 1,
    });
    expect(second.runIds).toEqual([job.runIds[0]]);
    expect((await second.ended).state).toBe('done');
    expect(() =>
      driveJob({
        store,
        writer,
        jobId: job.jobId,
        launchRun: again.launchRun,
        controls: again.registry,
        window: 1,
      }),
    ).toThrow(/already done/);
  });

  it('refuses a job another live process is driving', () => {
    const other = registerWriter(store.db, 'app');
    try {
      const job = createFixtureJob(store, other.id, 1, 1, 1);
      store.jobs.setState(job.jobId, 'running', Date.now());
      const launcher = fixtureLauncher(store, sim.baseUrl, 1);
      expect(() =>
        driveJob({
          store,
          writer,
          jobId: job.jobId,
          launchRun: launcher.launchRun,
          controls: launcher.registry,
          window: 1,
        }),
      ).toThrow(/being read by the MemAgent app/);
    } finally {
      other.close();
    }
  });
});

describe('the order a job launches its runs in', () => {
  /**
   * A job over three documents of 2, 4 and 6 chunks (listed shortest first, as a table may list
   * them), two questions each, read one run at a time: the questions in the order they were read.
   */
  async function readOrder(order?: 'job') {
    const job = createFixtureJob(store, writer.id, 3, 2, 4);
    job.runIds.forEach((runId, i) => {
      const d = Math.floor(i / 2);
      store.runs.setChunks(runId, paragraphChunks(fixtureText(d, 2 + 2 * d), 3));
    });
    const launcher = fixtureLauncher(store, sim.baseUrl, 1);
    const group = driveJob({
      store,
      writer,
      jobId: job.jobId,
      launchRun: launcher.launchRun,
      controls: launcher.registry,
      window: 1,
      ...(order ? { order } : {}),
    });
    expect((await group.ended).state).toBe('done');
    // The runs stay listed in the job's order; only their launch differs.
    expect(group.runIds).toEqual(job.runIds);
    const read = sim.requests.map(
      (r) =>
        /building (\d)\? \(asked (\d)\)/.exec(JSON.stringify(r.body))?.slice(1).join('.') ?? '',
    );
    return [...new Set(read)];
  }

  it('launches the longest documents’ runs first, so they do not read alone at the end', async () => {
    expect(await readOrder()).toEqual(['2.1', '2.2', '1.1', '1.2', '0.1', '0.2']);
  });

  it("launches them in the job's order when asked to", async () => {
    expect(await readOrder('job')).toEqual(['0.1', '0.2', '1.1', '1.2', '2.1', '2.2']);
  });

  it('counts what a run continued part-way has left, not its length', async () => {
    const job = createFixtureJob(store, writer.id, 1, 3, 4);
    // The first question has read 3 of its 4 chunks: it has the least left, so it goes last.
    const [first] = job.runIds as [string];
    for (let chunk = 0; chunk < 3; chunk += 1) {
      store.runs.saveMemory(first, {
        chunk,
        memory: 'The vault code of building 0 is 4700.',
        usage: { promptTokens: 100, completionTokens: 10 },
        ms: 1,
        kept: false,
      });
    }
    const launcher = fixtureLauncher(store, sim.baseUrl, 1);
    const group = driveJob({
      store,
      writer,
      jobId: job.jobId,
      launchRun: launcher.launchRun,
      controls: launcher.registry,
      window: 1,
    });
    expect((await group.ended).state).toBe('done');
    const read = sim.requests.map((r) => /\(asked (\d)\)/.exec(JSON.stringify(r.body))?.[1] ?? '');
    expect([...new Set(read)]).toEqual(['2', '3', '1']);
    // The first question read only its last chunk and its answer.
    expect(read.filter((q) => q === '1')).toHaveLength(2);
  });
});

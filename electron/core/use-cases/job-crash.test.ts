import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { openStore, type Store } from '../store/store.ts';
import { registerWriter, type Writer } from '../store/writers.ts';
import { chunkRequestKeys, fixtureLauncher } from './job-fixture.test-support.ts';
import { driveJob } from './job-group.ts';

let sims: SimServer[] = [];
let store: Store | undefined;
let writer: Writer | undefined;
let dir: string | undefined;
afterEach(async () => {
  writer?.close();
  store?.close();
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

// About 20 ms a chunk, so the kill lands in the middle of the job.
const LATENCY = {
  prefillTokensPerSec: 100_000,
  decodeTokensPerSec: 5_000,
  aggregateDecodeTokensPerSec: 100_000,
  maxBatch: 8,
  overheadMs: 5,
};

describe('a job whose process is killed', () => {
  it('shows interrupted, and continuing it reads no finished run again and at most the chunks in flight', async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-job-crash-'));
    const first = await startSimLlm({ latency: LATENCY });
    const second = await startSimLlm();
    sims = [first, second];
    const [documents, questions, chunks, window] = [3, 4, 6, 4];
    const child = spawn(
      process.execPath,
      [
        path.join(import.meta.dirname, 'job-crash-child.test-support.ts'),
        dir,
        first.baseUrl,
        ...[documents, questions, chunks, window].map(String),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Killed once some runs have finished and others are half read.
    const jobId = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const committed = out.match(/^chunk-done /gm)?.length ?? 0;
        if (committed >= 2 * chunks * window - 2) {
          child.kill('SIGKILL');
          resolve(/^job (\S+)$/m.exec(out)?.[1] ?? '');
        }
      });
      child.on('exit', (code) => reject(new Error(`child exited early (${code}): ${stderr}`)));
    });
    await new Promise((resolve) => child.once('exit', resolve));

    // A new process opens the library as the CLI and the app do.
    store = openStore(dir);
    writer = registerWriter(store.db, 'cli');
    const self = writer;
    store.runs.markInterrupted((owner) => self.isAlive(owner));
    store.jobs.markInterrupted((owner) => self.isAlive(owner));
    const job = store.jobs.get(jobId);
    expect(job?.state).toBe('interrupted');
    const total = documents * questions;
    expect(job?.counts.total).toBe(total);
    expect(job?.counts.done).toBeGreaterThan(0);
    expect(job?.counts.done).toBeLessThan(total);
    const runs = store.jobs.runs(jobId);
    const finished = new Set(runs.filter((r) => r.status === 'done').map((r) => r.id));
    const saved = new Map(runs.map((r) => [r.id, store?.runs.memories(r.id).length ?? 0]));

    const launcher = fixtureLauncher(store, second.baseUrl, window);
    const startChunks = new Map<string, number | undefined>();
    const group = driveJob({
      store,
      writer,
      jobId,
      launchRun: launcher.launchRun,
      controls: launcher.registry,
      window,
      onRunEnd: (runId, _outcome, from) => startChunks.set(runId, from?.startChunk),
    });
    expect(group.runIds).toHaveLength(total - finished.size);
    expect(group.runIds.some((id) => finished.has(id))).toBe(false);
    const end = await group.ended;
    expect(end.state).toBe('done');
    expect(store.jobs.get(jobId)?.counts.done).toBe(total);

    const question = (runId: string) => store?.runs.get(runId)?.question ?? '';
    const before = chunkRequestKeys(first.requests);
    const after = chunkRequestKeys(second.requests);
    // No finished run sends anything; every other run continues after its last saved memory.
    for (const run of runs) {
      const sent = after.filter((k) => k.startsWith(`${question(run.id)}#`));
      if (finished.has(run.id)) {
        expect(sent).toEqual([]);
        continue;
      }
      const k = saved.get(run.id) ?? 0;
      expect(sent).toEqual(
        Array.from({ length: chunks - k }, (_, i) => `${question(run.id)}#${k + i}`),
      );
      expect(startChunks.get(run.id)).toBe(k);
    }
    // Chunks read twice: requested before the kill but never committed, one per live run at most.
    const readAgain = after.filter((key) => before.includes(key));
    expect(readAgain.length).toBeLessThanOrEqual(window);
  });
});

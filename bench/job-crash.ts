// A job of documents × questions SIGKILLed mid-way, then continued in a new process: how many
// chunk requests were sent again (only those in flight at the kill may be), and whether any
// finished run was read again (none may be). Several kill points, one line each.
// `npm exec -- node bench/job-crash.ts [--documents 3] [--questions 4] [--chunks 6] [--window 4] [--trials 5]`
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  chunkRequestKeys,
  fixtureLauncher,
} from '../electron/core/use-cases/job-fixture.test-support.ts';
import { driveJob } from '../electron/core/use-cases/job-group.ts';
import { openStore } from '../electron/core/store/store.ts';
import { registerWriter } from '../electron/core/store/writers.ts';
import { startSimLlm } from '../sim/server.ts';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '3' },
    questions: { type: 'string', default: '4' },
    chunks: { type: 'string', default: '6' },
    window: { type: 'string', default: '4' },
    trials: { type: 'string', default: '5' },
  },
});
const [documents, questions, chunks, window, trials] = [
  values.documents,
  values.questions,
  values.chunks,
  values.window,
  values.trials,
].map(Number) as [number, number, number, number, number];
const total = documents * questions;
// About 20 ms a chunk request, so the kill lands while runs are reading.
const LATENCY = {
  prefillTokensPerSec: 100_000,
  decodeTokensPerSec: 5_000,
  aggregateDecodeTokensPerSec: 100_000,
  maxBatch: 64,
  overheadMs: 5,
};
const child = path.join(
  import.meta.dirname,
  '../electron/core/use-cases/job-crash-child.test-support.ts',
);

console.log(
  `job: ${documents} documents × ${questions} questions, ${chunks} chunks each (${total * chunks} chunk requests), ${window} runs at once`,
);
for (let trial = 1; trial <= trials; trial += 1) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-bench-job-'));
  const first = await startSimLlm({ latency: LATENCY });
  const second = await startSimLlm();
  try {
    // Kill points spread over the job: after 15 %, 30 %, ... of its chunk commits.
    const killAfter = Math.round(((total * chunks) / (trials + 1)) * trial);
    const proc = spawn(
      process.execPath,
      [child, dir, first.baseUrl, ...[documents, questions, chunks, window].map(String)],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const jobId = await new Promise<string>((resolve, reject) => {
      let out = '';
      proc.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if ((out.match(/^chunk-done /gm)?.length ?? 0) >= killAfter) {
          proc.kill('SIGKILL');
          resolve(/^job (\S+)$/m.exec(out)?.[1] ?? '');
        }
      });
      proc.on('exit', () => reject(new Error('the job ended before the kill')));
    });
    await new Promise((resolve) => proc.once('exit', resolve));

    const store = openStore(dir);
    const writer = registerWriter(store.db, 'cli');
    store.runs.markInterrupted((owner) => writer.isAlive(owner));
    store.jobs.markInterrupted((owner) => writer.isAlive(owner));
    const state = store.jobs.get(jobId)?.state;
    const runs = store.jobs.runs(jobId);
    const finished = new Set(runs.filter((r) => r.status === 'done').map((r) => r.id));
    const committed = runs.reduce((sum, r) => sum + store.runs.memories(r.id).length, 0);
    const launcher = fixtureLauncher(store, second.baseUrl, window);
    const end = await driveJob({
      store,
      writer,
      jobId,
      launchRun: launcher.launchRun,
      controls: launcher.registry,
      window,
    }).ended;
    const before = chunkRequestKeys(first.requests);
    const after = chunkRequestKeys(second.requests);
    const again = after.filter((k) => before.includes(k)).length;
    const finishedQuestions = new Set(
      [...finished].map((id) => store.runs.get(id)?.question ?? ''),
    );
    const finishedAgain = after.filter((k) => finishedQuestions.has(k.split('#')[0] ?? '')).length;
    console.log(
      `kill after ${killAfter} commits: job ${state}, ${finished.size}/${total} runs done, ${committed} chunks saved; continued → ${end.state}: ${after.length} chunk requests, ${again} read again (${window} runs were in flight), ${finishedAgain} for finished runs`,
    );
    writer.close();
    store.close();
  } finally {
    await first.close();
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

// 500 queued runs as one stored job (issue 23): 50 documents × 10 questions in a real library,
// driven by the job driver through one RunRegistry (journal, BackendLimits at concurrency C),
// each run prepared only once it holds a slot, against sim-llm's latency model in a child
// process. Measures (1) wall time against the latency model's ideal for the very calls made,
// (2) the driving process's peak RSS for the full job and for a tenth of it (5 × 10), and
// (3) a SIGKILL at about half of the chunk commits, then the job continued in a new process:
// finished runs read again, chunk requests sent again. Prints figures, asserts nothing.
// `npm exec -- node bench/job-scale.ts [--documents 50] [--questions 10] [--concurrency 8]
//   [--chunk-tokens 1000] [--small-documents 5] [--kill-at 0.5] [--no-kill] [--speed 8]
//   [--no-stream] [--node-flags=--max-old-space-size=96] [--v8-defaults]`
// Each phase's driving process is a child (this file with --role drive), so its peak RSS is its
// own; the documents and the job are entered beforehand by this process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { PerformanceObserver, constants as perfConstants } from 'node:perf_hooks';
import { DEFAULT_RUN_SETTINGS, type DocumentInfo, type RunSettings } from '../shared/model.ts';
import { openStore } from '../electron/core/store/store.ts';
import { writeTransaction } from '../electron/core/store/write-transaction.ts';
import { registerWriter } from '../electron/core/store/writers.ts';
import { driveJob } from '../electron/core/use-cases/job-group.ts';
import { jobLauncher } from '../electron/core/use-cases/job-launcher.ts';
import { createRun, runBackendOf } from '../electron/core/use-cases/start-run.ts';
import { createCliRunParts } from '../electron/cli/cli-run-parts.ts';
import { enterFile } from '../electron/cli/job-documents.test-support.ts';
import { LONG_JOB_V8_FLAGS } from '../electron/core/v8-flags.ts';
import { replayLatency, type ReplayCall } from '../sim/latency-replay.ts';
import { H100_14B, type LatencyModel } from '../sim/options.ts';
import {
  benchProfile,
  benchTexts,
  maxRssMb,
  openDriving,
  sampleRss,
  spawnDriving,
  writeResult,
} from './driving-child.ts';
import { startChildSim, type SimCall } from './engine-sim.ts';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '50' },
    questions: { type: 'string', default: '10' },
    concurrency: { type: 'string', default: '8' },
    'chunk-tokens': { type: 'string', default: '1000' },
    'small-documents': { type: 'string', default: '5' },
    'kill-at': { type: 'string', default: '0.5' },
    'no-kill': { type: 'boolean', default: false },
    speed: { type: 'string', default: '8' },
    // Read without streaming the memory (as evaluation does): what the streamed deltas cost.
    'no-stream': { type: 'boolean', default: false },
    // V8 flags for the driving process, after the product's (LONG_JOB_V8_FLAGS, which the CLI
    // and the app start with), e.g. --node-flags=--max-old-space-size=96
    'node-flags': { type: 'string', default: '' },
    // The driving process on V8's default heap sizing, without the product's flags.
    'v8-defaults': { type: 'boolean', default: false },
    // Internal: this file as the driving child process.
    role: { type: 'string' },
    dir: { type: 'string' },
    'base-url': { type: 'string' },
    job: { type: 'string' },
  },
});
const concurrency = Number(values.concurrency);
const chunkTokens = Number(values['chunk-tokens']);
const questions = Number(values.questions);

/**
 * The h100-14b preset (one H100, a 14B model under vLLM) `--speed` (default 8) times faster in every rate: the
 * same shape (shared prefill, per-sequence decode, aggregate ceiling), but a 500-run job takes
 * about a minute instead of eight, which this 2-core machine can afford three times. Faster
 * still, and the client's own CPU (prompts, SQLite commits, JSON) would start to count.
 */
const speed = Number(values.speed);
const BENCH_MODEL: LatencyModel = {
  prefillTokensPerSec: H100_14B.prefillTokensPerSec * speed,
  decodeTokensPerSec: H100_14B.decodeTokensPerSec * speed,
  aggregateDecodeTokensPerSec: H100_14B.aggregateDecodeTokensPerSec * speed,
  maxBatch: H100_14B.maxBatch,
  overheadMs: H100_14B.overheadMs,
};

const SETTINGS: RunSettings = {
  ...DEFAULT_RUN_SETTINGS,
  chunkTokens,
  // A tokenizer of its own, so chunking sends the simulator no /tokenize requests.
  tokenizer: 'qwen',
};

const questionOf = (d: number, q: number) =>
  `Which serial did the keeper of ledger ${q} write in document ${d}?`;

/** Document `d`: 4 to 8 chunks of `chunkTokens` (about 4.3 characters a token), facts spread. */
function makeText(d: number): string {
  const chars = (4 + (d % 5)) * chunkTokens * 4.1;
  const parts: string[] = [];
  let length = 0;
  for (let i = 0; length < chars; i += 1) {
    let p = `Document ${d}, paragraph ${i}: the days pass quietly by the river, and nothing in particular happens to anyone.`;
    if (i % 23 === 7) p += ` The keeper of ledger ${i % 10} wrote serial ${d * 1000 + i}.`;
    parts.push(p);
    length += p.length + 2;
  }
  return parts.join('\n\n');
}

/**
 * Enters `documents` files as `memagent ask FILE` does (open-document.ts, extracted by the
 * app's extractor) and one job of documents × questions, every run created by createRun
 * (queued, no chunking yet: it is made when the run is prepared). Returns the job's id.
 */
async function setUp(dir: string, documents: number, baseUrl: string): Promise<string> {
  const store = openStore(dir);
  const writer = registerWriter(store.db, 'cli');
  const texts = benchTexts(store, dir);
  const parts = { ...createCliRunParts({ concurrency }), store, writer, now: Date.now };
  const profile = benchProfile(baseUrl);
  const infos: DocumentInfo[] = [];
  for (let d = 0; d < documents; d += 1) {
    const file = path.join(dir, 'files', `report-${d}.txt`);
    infos.push(await enterFile(store, texts, file, makeText(d)));
  }
  const jobId = randomUUID();
  writeTransaction(store.db, () => {
    store.jobs.create({
      id: jobId,
      kind: 'review',
      title: `${documents} documents × ${questions} questions`,
      createdAt: Date.now(),
      backend: runBackendOf(profile),
      settings: { concurrency },
      owner: writer.id,
    });
    let item = 0;
    infos.forEach((info, d) => {
      for (let q = 0; q < questions; q += 1) {
        const run = createRun(parts, {
          info,
          question: questionOf(d, q),
          settings: SETTINGS,
          profile,
          origin: 'cli',
        });
        store.jobs.addRun(jobId, run.id, item++);
      }
    });
  })();
  await parts.close();
  writer.close();
  store.close();
  return jobId;
}

/**
 * The driving process: claims the job (continuing it when an earlier process was killed) and
 * drives it through one registry; prints each committed chunk, then one line of results.
 */
async function drive(dir: string, baseUrl: string, jobId: string): Promise<void> {
  let preparing = 0;
  let peakPreparing = 0;
  const { store, writer, texts, parts, profile, registry, close } = openDriving({
    dir,
    baseUrl,
    concurrency,
    // As every command does on start: what a dead process left reading is interrupted.
    beforeParts: (s, w) => {
      s.runs.markInterrupted((owner) => w.isAlive(owner));
      s.jobs.markInterrupted((owner) => w.isAlive(owner));
    },
    emit: (event) => {
      // Printed after the journal committed it: the parent kills between two commits.
      if (event.type === 'chunk-done') process.stdout.write(`chunk-done\n`);
    },
  });
  let peakNewSpace = 0;
  const rss = sampleRss(() => {
    const young = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
    peakNewSpace = Math.max(peakNewSpace, young?.space_size ?? 0);
  });
  // What V8's collections cost the job: a young-generation bound must not buy memory with time.
  const gcs = { minor: { count: 0, ms: 0 }, major: { count: 0, ms: 0 } };
  const gcObserver = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      const kind = (e as { detail?: { kind?: number } }).detail?.kind;
      const g = kind === perfConstants.NODE_PERFORMANCE_GC_MINOR ? gcs.minor : gcs.major;
      g.count += 1;
      g.ms += e.duration;
    }
  });
  gcObserver.observe({ entryTypes: ['gc'] });
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const statusCounts = new Map<string, number>();
  const group = driveJob({
    store,
    writer,
    jobId,
    controls: registry,
    onRunEnd: (_runId, outcome) =>
      statusCounts.set(outcome.status, (statusCounts.get(outcome.status) ?? 0) + 1),
    // Enough launched to keep every slot busy; the rest wait in the driver, holding nothing.
    window: concurrency * 2,
    // The core use case (job-launcher.ts); only the count of preparations at once (slot held,
    // client, text, chunking) is the benchmark's, so its registry's launch is wrapped.
    launchRun: jobLauncher({
      parts,
      registry: {
        launch: (runId, options) =>
          registry.launch(runId, {
            ...options,
            async prepare(signal) {
              preparing += 1;
              peakPreparing = Math.max(peakPreparing, preparing);
              try {
                return await options.prepare(signal);
              } finally {
                preparing -= 1;
              }
            },
          }),
      },
      texts,
      jobId,
      profile,
      owner: 'bench',
      onPrepared: (_runId, ready) => {
        if (values['no-stream']) ready.prepared.streamMemory = false;
      },
    }),
  });
  const end = await group.ended;
  const wallMs = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  rss.stop();
  gcObserver.disconnect();
  // What is still held once the job has ended (the child runs with --expose-gc).
  (globalThis as { gc?: () => void }).gc?.();
  const held = process.memoryUsage();
  if (process.env.JOB_SCALE_SNAPSHOT) v8.writeHeapSnapshot(process.env.JOB_SCALE_SNAPSHOT);
  const statuses: Record<string, number> = {};
  for (const [status, n] of statusCounts) statuses[status] = n;
  const atPeak = rss.atPeak;
  const result = {
    state: end.state,
    launched: end.ran,
    statuses,
    wallMs,
    peakPreparing,
    rssBeforeMb: rss.rssBefore / 2 ** 20,
    peakRssMb: rss.peakRss / 2 ** 20,
    maxRssMb: maxRssMb(),
    // Where the peak was: V8's heap (used and reserved), buffers outside it, and the rest
    // (native: SQLite, the tokenizer, malloc arenas, code).
    atPeakMb: {
      heapUsed: atPeak.heapUsed / 2 ** 20,
      heapTotal: atPeak.heapTotal / 2 ** 20,
      external: atPeak.external / 2 ** 20,
      arrayBuffers: atPeak.arrayBuffers / 2 ** 20,
    },
    heapAfterGcMb: held.heapUsed / 2 ** 20,
    rssAfterGcMb: held.rss / 2 ** 20,
    cpuMs: (cpu.user + cpu.system) / 1000,
    peakNewSpaceMb: peakNewSpace / 2 ** 20,
    gcs,
  };
  writeResult(result);
  await close();
}

type DriveResult = {
  state: string;
  launched: number;
  statuses: Record<string, number>;
  wallMs: number;
  peakPreparing: number;
  rssBeforeMb: number;
  peakRssMb: number;
  maxRssMb: number;
  heapAfterGcMb: number;
  rssAfterGcMb: number;
  cpuMs: number;
  peakNewSpaceMb: number;
  gcs: { minor: { count: number; ms: number }; major: { count: number; ms: number } };
  atPeakMb: { heapUsed: number; heapTotal: number; external: number; arrayBuffers: number };
};

/** Runs the driving child; with `killAfter`, SIGKILLs it after that many committed chunks. */
async function runDriver(
  dir: string,
  baseUrl: string,
  jobId: string,
  killAfter?: number,
): Promise<{ result?: DriveResult; commits: number; killed: boolean }> {
  let commits = 0;
  const { result, killed } = await spawnDriving<DriveResult>({
    script: import.meta.filename,
    nodeFlags: [
      '--expose-gc',
      ...(values['v8-defaults'] ? [] : LONG_JOB_V8_FLAGS),
      ...(values['node-flags'] ? values['node-flags'].split(' ') : []),
    ],
    args: [
      ...['--dir', dir, '--base-url', baseUrl, '--job', jobId],
      ...['--concurrency', String(concurrency), '--chunk-tokens', String(chunkTokens)],
      ...['--questions', String(questions)],
      ...(values['no-stream'] ? ['--no-stream'] : []),
    ],
    onLine: (line, kill) => {
      if (line !== 'chunk-done') return;
      commits += 1;
      if (killAfter !== undefined && commits >= killAfter) kill();
    },
  });
  return { ...(result ? { result } : {}), commits, killed };
}

/** Each run's calls, one chain per question, in the order the chains started. */
function chainsOf(calls: readonly SimCall[]): ReplayCall[][] {
  const chains = new Map<string, ReplayCall[]>();
  for (const c of [...calls].sort((a, b) => a.receivedAt - b.receivedAt)) {
    let chain = chains.get(c.question);
    if (!chain) chains.set(c.question, (chain = []));
    chain.push({ promptTokens: c.promptTokens, pacedTokens: c.pacedTokens });
  }
  return [...chains.values()];
}

interface Phase {
  runs: number;
  commits: number;
  calls: number;
  wallMs: number;
  simSpanMs: number;
  idealMs: number;
  result: DriveResult;
}

/** A whole job of `documents` × questions, driven to its end in one process. */
async function fullJob(documents: number): Promise<Phase> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-job-scale-'));
  const sim = await startChildSim({ latency: BENCH_MODEL, tokenCounting: 'approx' });
  try {
    const jobId = await setUp(dir, documents, sim.baseUrl);
    const { result, commits } = await runDriver(dir, sim.baseUrl, jobId);
    if (!result) throw new Error('the driving process ended without its result');
    const calls = await sim.calls();
    const first = Math.min(...calls.map((c) => c.receivedAt));
    const last = Math.max(...calls.map((c) => c.finishedAt ?? c.receivedAt));
    return {
      runs: documents * questions,
      commits,
      calls: calls.length,
      wallMs: result.wallMs,
      simSpanMs: last - first,
      idealMs: replayLatency(chainsOf(calls), concurrency, BENCH_MODEL),
      result,
    };
  } finally {
    await sim.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The job killed after `killAfter` chunk commits, then continued in a new process. */
async function killAndContinue(documents: number, killAfter: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-job-scale-kill-'));
  const first = await startChildSim({ latency: BENCH_MODEL, tokenCounting: 'approx' });
  const second = await startChildSim({ latency: BENCH_MODEL, tokenCounting: 'approx' });
  try {
    const jobId = await setUp(dir, documents, first.baseUrl);
    const killed = await runDriver(dir, first.baseUrl, jobId, killAfter);
    // What the kill left, as the library says.
    const store = openStore(dir);
    const runs = store.jobs.runs(jobId);
    const finished = new Set(
      runs.filter((r) => r.status === 'done').map((r) => store.runs.get(r.id)?.question ?? ''),
    );
    const saved = runs.reduce((sum, r) => sum + store.runs.memories(r.id).length, 0);
    const reading = runs.filter((r) => r.status === 'running').length;
    store.close();
    // The continuing process reads from the second simulator, so its requests are its own.
    const continued = await runDriver(dir, second.baseUrl, jobId);
    const key = (c: SimCall) => `${c.question}#${c.section ?? ''}`;
    const before = new Set((await first.calls()).filter((c) => c.section).map(key));
    const after = await second.calls();
    const afterChunks = after.filter((c) => c.section !== undefined);
    const after2 = openStore(dir);
    const allDone = after2.jobs.runs(jobId).filter((r) => r.status === 'done').length;
    const totalChunks = after2.jobs
      .runs(jobId)
      .reduce((sum, r) => sum + after2.runs.memories(r.id).length, 0);
    after2.close();
    return {
      killAfter,
      commitsBeforeKill: killed.commits,
      savedAtKill: saved,
      finishedAtKill: finished.size,
      readingAtKill: reading,
      continued: continued.result,
      requestsAfter: after.length,
      chunkRequestsAfter: afterChunks.length,
      chunksSentAgain: afterChunks.filter((c) => before.has(key(c))).length,
      finishedReadAgain: after.filter((c) => finished.has(c.question)).length,
      doneAtEnd: allDone,
      chunksAtEnd: totalChunks,
    };
  } finally {
    await first.close();
    await second.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (values.role === 'drive') {
  await drive(values.dir as string, values['base-url'] as string, values.job as string);
} else {
  const documents = Number(values.documents);
  const small = Number(values['small-documents']);
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const mb = (x: number) => x.toFixed(0);
  console.log(
    `job-scale benchmark — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(
    `latency model: h100-14b × ${speed} (prefill ${BENCH_MODEL.prefillTokensPerSec}/s shared, decode ${BENCH_MODEL.decodeTokensPerSec}/s a sequence, ${BENCH_MODEL.aggregateDecodeTokensPerSec}/s in all, ${BENCH_MODEL.overheadMs} ms a request); concurrency ${concurrency}, chunks of ≤${chunkTokens} qwen tokens, window ${concurrency * 2}`,
  );
  const flags = [...(values['v8-defaults'] ? [] : LONG_JOB_V8_FLAGS), values['node-flags']];
  console.log(`driving process's V8 flags: ${flags.join(' ').trim() || "V8's defaults"}`);
  const report = (label: string, p: Phase) => {
    console.log(
      `${label}: ${p.runs} runs → ${p.result.state} ${JSON.stringify(p.result.statuses)}; ${p.commits} chunks, ${p.calls} requests; prepares at once ≤ ${p.result.peakPreparing}`,
    );
    console.log(
      `  wall ${s(p.wallMs)} s (simulator busy from first request to last reply ${s(p.simSpanMs)} s); ideal ${s(p.idealMs)} s; ratio ${(p.wallMs / p.idealMs).toFixed(3)} (goal ≤ 1.05)`,
    );
    console.log(
      `  RSS ${mb(p.result.rssBeforeMb)} MB before driving, peak ${mb(p.result.peakRssMb)} MB sampled, max RSS ${mb(p.result.maxRssMb)} MB; after the job and a full GC: heap ${mb(p.result.heapAfterGcMb)} MB, RSS ${mb(p.result.rssAfterGcMb)} MB`,
    );
    const at = p.result.atPeakMb;
    console.log(
      `  at the peak: V8 heap ${mb(at.heapUsed)} MB used of ${mb(at.heapTotal)} MB reserved, external ${mb(at.external)} MB (array buffers ${mb(at.arrayBuffers)} MB), the rest ${mb(p.result.peakRssMb - at.heapTotal - at.external)} MB native`,
    );
    const { minor, major } = p.result.gcs;
    console.log(
      `  CPU ${(p.result.cpuMs / 1000).toFixed(1)} s; new space at most ${mb(p.result.peakNewSpaceMb)} MB; scavenges ${minor.count} (${minor.ms.toFixed(0)} ms), full collections ${major.count} (${major.ms.toFixed(0)} ms)`,
    );
  };
  const smallPhase = await fullJob(small);
  report(`${small} × ${questions}`, smallPhase);
  const big = await fullJob(documents);
  report(`${documents} × ${questions}`, big);
  console.log(
    `max RSS ${documents * questions} runs / ${small * questions} runs: ${(big.result.maxRssMb / smallPhase.result.maxRssMb).toFixed(3)} (goal ≤ 1.2, and < 1024 MB)`,
  );
  if (!values['no-kill']) {
    const k = await killAndContinue(documents, Math.round(big.commits * Number(values['kill-at'])));
    console.log(
      `SIGKILL after ${k.commitsBeforeKill} of ${big.commits} chunk commits: ${k.finishedAtKill} runs done, ${k.readingAtKill} reading, ${k.savedAtKill} chunks saved`,
    );
    console.log(
      `continued in a new process → ${k.continued?.state} ${JSON.stringify(k.continued?.statuses)} in ${s(k.continued?.wallMs ?? 0)} s (max RSS ${mb(k.continued?.maxRssMb ?? 0)} MB): ${k.requestsAfter} requests, ${k.chunkRequestsAfter} chunk requests, ${k.chunksSentAgain} chunk requests sent again (≤ ${concurrency} runs were in flight), ${k.finishedReadAgain} requests for runs finished before the kill`,
    );
    console.log(
      `at the end: ${k.doneAtEnd}/${documents * questions} runs done, ${k.chunksAtEnd} chunks saved (the uninterrupted job: ${big.commits})`,
    );
  }
}

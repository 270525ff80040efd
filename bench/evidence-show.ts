// What `memagent show` costs for a run over the large book, now that it reads the run's stored
// passages instead of finding them again in the text it read:
//   npm exec -- node bench/evidence-show.ts DIR [--checkout REPO] [--times N] [--in-process]
// The first call makes DIR/memagent.db: `memagent ask` (REPO's build, default this one) over the
// corpus book (../shared/corpus/cplusplus-annotations.pdf, 1,151 pages) against the simulator.
// Then `show RUN` N times (default 5) under /usr/bin/time: the median wall time and the largest
// peak RSS. REPO may be an export of an older commit (node_modules linked in) to measure before.
// --in-process (this build's library): what one view of the run costs in the process, the old
// way (the text from the cache, then findEvidence) against reading the stored list.
import { execFile, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs, promisify } from 'node:util';
import { findEvidence } from '../shared/evidence.ts';
import { createDocumentCache } from '../electron/core/documents/cache.ts';
import { openStore } from '../electron/core/store/store.ts';
import { startSimLlm } from '../sim/server.ts';

const { values, positionals } = parseArgs({
  options: {
    checkout: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    times: { type: 'string', default: '5' },
    'in-process': { type: 'boolean', default: false },
  },
  allowPositionals: true,
});
const dir = positionals[0];
if (!dir) throw new Error('usage: bench/evidence-show.ts DIR [--checkout REPO] [--times N]');
const repo = path.resolve(values.checkout);
const db = path.join(dir, 'memagent.db');
const book = path.resolve(import.meta.dirname, '../../shared/corpus/cplusplus-annotations.pdf');
const cli = path.join(repo, 'electron/cli/main.ts');
const node = process.execPath;
fs.mkdirSync(dir, { recursive: true });

const runFile = path.join(dir, 'run-id');
if (!fs.existsSync(runFile)) {
  const sim = await startSimLlm({ latency: 'zero' });
  try {
    const t0 = performance.now();
    // Not execFileSync: the simulator answers from this process's event loop.
    const { stdout } = await promisify(execFile)(
      node,
      [cli, 'ask', book, '-q', 'What does the book say about templates?', '--db', db, '--json'],
      { env: { ...process.env, MEMAGENT_BASE_URL: sim.baseUrl }, maxBuffer: 1 << 30 },
    );
    const asked = JSON.parse(stdout) as {
      runId: string;
      chunks: unknown[];
      evidence: unknown[];
    };
    fs.writeFileSync(runFile, asked.runId);
    console.log(
      `made run ${asked.runId}: ${asked.chunks.length} chunks, ${asked.evidence.length} passages, ${Math.round(performance.now() - t0)} ms`,
    );
  } finally {
    await sim.close();
  }
}
const runId = fs.readFileSync(runFile, 'utf8').trim();

const walls: number[] = [];
let peak = 0;
for (let i = 0; i < Number(values.times); i += 1) {
  const r = spawnSync('/usr/bin/time', ['-f', '%e %M', node, cli, 'show', runId, '--db', db], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  if (r.status !== 0) throw new Error(`show failed: ${r.stderr}`);
  const [wall, rss] = (r.stderr.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  walls.push(wall ?? 0);
  peak = Math.max(peak, rss ?? 0);
  if (i === 0) console.log(r.stdout.split('\n').slice(0, 14).join('\n'));
}
walls.sort((a, b) => a - b);
console.log(
  `show ×${walls.length}: median ${walls[Math.floor(walls.length / 2)]?.toFixed(2)} s (min ${walls[0]?.toFixed(2)}, max ${walls.at(-1)?.toFixed(2)}), peak RSS ${Math.round(peak / 1024)} MB`,
);

if (values['in-process']) {
  const store = openStore(dir, db);
  try {
    const run = store.runs.get(runId);
    const info = run && store.documents.get(run.documentId);
    if (!run?.answer || !info) throw new Error('the run has no answer or document');
    const cache = createDocumentCache(path.join(dir, 'cache'));
    const heap0 = process.memoryUsage().heapUsed;
    let t = performance.now();
    const text = await cache.get(run.textKey ?? info.id);
    if (!text) throw new Error('the text is not in the cache');
    const loadMs = performance.now() - t;
    const heap = process.memoryUsage().heapUsed - heap0;
    t = performance.now();
    const derived = findEvidence({
      question: run.question,
      answer: run.answer,
      memories: store.runs.memories(runId),
      chunks: store.runs.chunks(runId),
      document: text,
      quotes: store.quotes.get(runId)?.quotes ?? [],
    });
    const findMs = performance.now() - t;
    t = performance.now();
    const stored = store.runs.evidence(runId);
    const readMs = performance.now() - t;
    if (JSON.stringify(stored) !== JSON.stringify(derived))
      throw new Error('the stored list differs from the derivation');
    console.log(
      `one view in process: text ${text.text.length.toLocaleString('en-US')} chars from the cache ${loadMs.toFixed(0)} ms (+${Math.round(heap / 2 ** 20)} MB heap), findEvidence ${findMs.toFixed(0)} ms; the stored list ${readMs.toFixed(2)} ms`,
    );
  } finally {
    store.close();
  }
}

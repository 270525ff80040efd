// Peak memory of `memagent eval` (the CLI, in its own process) on a set of 3.5M-token rows
// against a zero-latency sim-llm, at a realistic concurrency; beside it, what reading the data
// file naively costs (JSON.parse of the whole file, as upstream's json.load does), and the time
// and memory of `memagent make-eval` building that set from the book. The set goes to a temp
// folder and is removed afterwards.
// `npm exec -- node bench/eval-memory.ts [--rows 8] [--length 3.5m] [--concurrency 4,8]`
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startChildSim } from './engine-sim.ts';
import {
  loadAverage,
  machineLine,
  REPO,
  runMeasured,
  makeEvalSet,
  runMemagent,
  type Measured,
} from './run-measured.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '8' },
    length: { type: 'string', default: '3.5m' },
    concurrency: { type: 'string', default: '4,8' },
    book: {
      type: 'string',
      default: path.join(REPO, '../shared/corpus/cplusplus-annotations.pdf'),
    },
  },
});
const TASKS = ['niah_single', 'niah_multikey', 'vt', 'multihop'];
const rows = Number(values.rows);
if (rows % TASKS.length !== 0) throw new Error(`--rows must be a multiple of ${TASKS.length}`);

const figures = (m: Measured) =>
  `${(m.wallMs / 1000).toFixed(1)} s wall, ${m.cpuSec.toFixed(1)} s CPU, peak RSS ${m.maxRssMb.toFixed(0)} MB`;

const dir = mkdtempSync(path.join(os.tmpdir(), 'memagent-eval-memory-'));
try {
  console.log(`eval memory benchmark — ${machineLine()}`);
  // A JSON array, as upstream's sets are: the form a naive reader parses whole.
  const set = path.join(dir, 'set.json');
  const made = await makeEvalSet({
    book: values.book,
    set,
    length: values.length,
    tasks: TASKS,
    rows,
  });
  const size = statSync(set).size;
  console.log(
    `make-eval: ${rows} rows of ${values.length} tokens (${TASKS.join(', ')}) from ${path.basename(values.book)}: ${figures(made)}; file ${(size / 1e6).toFixed(1)} MB (${(size / rows / 1e6).toFixed(1)} MB a row)`,
  );

  const naive = await runMeasured([
    '-e',
    'const rows = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8")); console.log(rows.length);',
    set,
  ]);
  if (naive.code !== 0) throw new Error(`the naive reader exited ${naive.code}`);
  console.log(`peer: JSON.parse of the whole file in a fresh Node: ${figures(naive)}`);

  for (const c of values.concurrency.split(',').map(Number)) {
    // Exact token counting would only add simulator CPU on this 2-core machine; its memory and
    // time are not the eval's.
    const sim = await startChildSim({ latency: 'zero', tokenCounting: 'approx' });
    try {
      const load = loadAverage();
      const run = await runMemagent([
        'eval',
        set,
        '--base-url',
        sim.baseUrl,
        '--concurrency',
        String(c),
        '--out',
        path.join(dir, `results-${c}.jsonl`),
        '--json',
      ]);
      if (run.code !== 0) throw new Error(`memagent eval exited ${run.code}:\n${run.stderrTail}`);
      const stats = await sim.stats();
      console.log(
        `eval, concurrency ${c} (load average ${load} → ${loadAverage()}): ${figures(run)}; ${stats.requests} requests, simulator peak running ${stats.peakRunning}, simulator peak RSS ${stats.maxRssMb.toFixed(0)} MB (apart); scores ${run.stdout.trim()}`,
      );
    } finally {
      await sim.close();
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// What `memagent show` costs for a run over the large book, now that it reads the run's stored
// passages instead of finding them again in the text it read:
//   npm exec -- node bench/evidence-show.ts DIR [--checkout REPO] [--times N]
// The first call makes DIR/memagent.db: `memagent ask` (REPO's build, default this one) over the
// corpus book (../shared/corpus/cplusplus-annotations.pdf, 1,151 pages) against the simulator.
// Then `show RUN` N times (default 5) under /usr/bin/time: the median wall time and the largest
// peak RSS. REPO may be an export of an older commit (node_modules linked in) to measure before.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startSimLlm } from '../sim/server.ts';

const { values, positionals } = parseArgs({
  options: {
    checkout: { type: 'string', default: path.resolve(import.meta.dirname, '..') },
    times: { type: 'string', default: '5' },
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
    const out = execFileSync(
      node,
      [cli, 'ask', book, '-q', 'What does the book say about templates?', '--db', db, '--json'],
      {
        env: { ...process.env, MEMAGENT_BASE_URL: sim.baseUrl },
        maxBuffer: 1 << 30,
        stdio: ['ignore', 'pipe', 'ignore'],
      },
    );
    const asked = JSON.parse(out.toString()) as {
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

// How long `memagent --version` takes to start and exit, each way the command is started:
// through `npm run` in the checkout, through the installed bin (on a Node that runs the CLI in
// its own process, and on Node 20, which hands it to Node 24 with the V8 flags), and directly.
// Wall time (median, min) and CPU time (user + system, median), since a busy machine stretches
// wall time but hardly the CPU a start costs.
//   node bench/cli-start.ts [N]      (default N = 10; Linux: uses /usr/bin/time for CPU)
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LONG_JOB_V8_FLAGS } from '../electron/core/v8-flags.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runs = Number(process.argv[2] ?? 10);
const node24 = path.join(root, 'node_modules/node/bin/node');
const systemNode = execFileSync('sh', ['-c', 'command -v node'], {
  encoding: 'utf8',
  env: {
    ...process.env,
    PATH: (process.env.PATH ?? '')
      .split(':')
      .filter((p) => !p.includes('node_modules'))
      .join(':'),
  },
}).trim();
const bin = path.join(root, 'bin/memagent.js');
const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'memagent-start-'));

const ways: { name: string; cwd: string; argv: string[] }[] = [
  {
    name: 'npm run memagent -- --version',
    cwd: root,
    argv: ['npm', 'run', '-s', 'memagent', '--', '--version'],
  },
  {
    name: 'bin, Node 24 + flags (in process)',
    cwd: elsewhere,
    argv: [node24, ...LONG_JOB_V8_FLAGS, bin, '--version'],
  },
  {
    name: `bin, system Node ${execFileSync(systemNode, ['--version'], { encoding: 'utf8' }).trim()} (re-exec)`,
    cwd: elsewhere,
    argv: [systemNode, bin, '--version'],
  },
  {
    name: 'bin, Node 24 without flags (re-exec)',
    cwd: elsewhere,
    argv: [node24, bin, '--version'],
  },
  {
    name: 'node main.ts directly',
    cwd: root,
    argv: [node24, ...LONG_JOB_V8_FLAGS, 'electron/cli/main.ts', '--version'],
  },
];

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
const timeFile = path.join(elsewhere, 'time.txt');
console.log(
  `${runs} starts each; load average ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores`,
);
for (const way of ways) {
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const r = spawnSync('/usr/bin/time', ['-o', timeFile, '-f', '%e %U %S', ...way.argv], {
      cwd: way.cwd,
      encoding: 'utf8',
    });
    if (r.status !== 0 || !r.stdout.startsWith('memagent '))
      throw new Error(`${way.name}: ${r.stderr}`);
    const [e, u, s] = readFileSync(timeFile, 'utf8')
      .trim()
      .split('\n')
      .at(-1)!
      .split(' ')
      .map(Number);
    wall.push(e!);
    cpu.push(u! + s!);
  }
  console.log(
    `${way.name.padEnd(44)} wall median ${median(wall).toFixed(2)} s, min ${Math.min(...wall).toFixed(2)} s; CPU median ${median(cpu).toFixed(2)} s`,
  );
}
rmSync(elsewhere, { recursive: true, force: true });

// How long `memagent` takes to start and exit, each way the command is started: through `npm run`
// in the checkout (the peer), through the installed bin on the TypeScript sources and on the built
// bundle (out/cli, built first: `npm run build -- --only=cli`), the bundle as the app's launcher
// starts it, and on Node 20, which hands it to Node 24; for `--version`, `--help` and a real
// command (`runs --json` on an empty library). Wall time and CPU time (user + system of the whole
// process tree), p50 and p95, since a busy machine stretches wall time but hardly the CPU a start
// costs. Every way runs once before it is timed (a warm compile cache, as after the first start).
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
const bundle = path.join(root, 'out/cli/memagent.js');
const elsewhere = mkdtempSync(path.join(os.tmpdir(), 'memagent-start-'));
const built = spawnSync(node24, [path.join(root, 'scripts/build-electron.ts'), '--only=cli'], {
  cwd: root,
  encoding: 'utf8',
});
if (built.status !== 0) throw new Error(`The CLI build failed: ${built.stderr}`);

const sources = { MEMAGENT_CLI_SOURCES: '1' };
interface Way {
  name: string;
  cwd: string;
  argv: string[];
  env?: Record<string, string>;
}
const inProcess = [node24, ...LONG_JOB_V8_FLAGS];
const ways: Way[] = [
  ...['--version', '--help'].flatMap((arg): Way[] => [
    {
      name: `npm run memagent -- ${arg}`,
      cwd: root,
      argv: ['npm', 'run', '-s', 'memagent', '--', arg],
    },
    { name: `bin ${arg}, sources`, cwd: elsewhere, argv: [...inProcess, bin, arg], env: sources },
    { name: `bin ${arg}, bundle`, cwd: elsewhere, argv: [...inProcess, bin, arg] },
    {
      name: `bundle ${arg} (the app's launcher)`,
      cwd: elsewhere,
      argv: [...inProcess, bundle, arg],
    },
  ]),
  {
    name: `bin --version, system Node ${execFileSync(systemNode, ['--version'], { encoding: 'utf8' }).trim()}, bundle`,
    cwd: elsewhere,
    argv: [systemNode, bin, '--version'],
  },
  {
    name: 'npm run memagent -- runs --json',
    cwd: root,
    argv: ['npm', 'run', '-s', 'memagent', '--', 'runs', '--json'],
  },
  {
    name: 'bin runs --json, sources',
    cwd: elsewhere,
    argv: [...inProcess, bin, 'runs', '--json'],
    env: sources,
  },
  { name: 'bin runs --json, bundle', cwd: elsewhere, argv: [...inProcess, bin, 'runs', '--json'] },
];

/** The p-th percentile (nearest rank). */
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.max(0, Math.ceil((p / 100) * xs.length) - 1)] ?? NaN;
const timeFile = path.join(elsewhere, 'time.txt');
const library = path.join(elsewhere, 'empty-library');

function start(way: Way): { wall: number; cpu: number } {
  const r = spawnSync('/usr/bin/time', ['-o', timeFile, '-f', '%e %U %S', ...way.argv], {
    cwd: way.cwd,
    encoding: 'utf8',
    env: { ...process.env, MEMAGENT_USER_DATA_DIR: library, ...way.env },
  });
  if (r.status !== 0 || r.stdout === '') throw new Error(`${way.name}: ${r.stderr}`);
  const [e, u, s] = readFileSync(timeFile, 'utf8')
    .trim()
    .split('\n')
    .at(-1)!
    .split(' ')
    .map(Number);
  return { wall: e!, cpu: u! + s! };
}

console.log(
  `${runs} starts each; load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on ${os.cpus().length} cores, ${new Date().toISOString().slice(0, 10)}`,
);
console.log(`${'started as'.padEnd(52)} wall p50  p95 | CPU p50  p95 (s)`);
for (const way of ways) {
  start(way);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t = start(way);
    wall.push(t.wall);
    cpu.push(t.cpu);
  }
  const f = (x: number) => x.toFixed(2).padStart(5);
  console.log(
    `${way.name.padEnd(52)} ${f(percentile(wall, 50))} ${f(percentile(wall, 95))} | ${f(percentile(cpu, 50))} ${f(percentile(cpu, 95))}`,
  );
}
console.log(
  `load average after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
rmSync(elsewhere, { recursive: true, force: true });

// Runs a command in its own process under GNU time (`/usr/bin/time`), for benchmarks that
// measure what users run (`memagent eval`, `memagent make-eval`) from the outside: wall time
// from spawn to exit, and the process's peak resident memory as the kernel counted it.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(REPO, 'electron/cli/main.ts');

export interface Measured {
  code: number | null;
  /** Spawn to exit, milliseconds. */
  wallMs: number;
  /** CPU time of the process (user + system), seconds. */
  cpuSec: number;
  /** Peak resident set size, MB (GNU time's %M). */
  maxRssMb: number;
  stdout: string;
  /** The last lines of stderr (a progress line redraws itself many times). */
  stderrTail: string;
}

/** Runs `node ARGS` (this Node) under GNU time. */
export async function runMeasured(args: readonly string[]): Promise<Measured> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'memagent-measured-'));
  const timeFile = path.join(dir, 'time.txt');
  try {
    const t0 = performance.now();
    const child = spawn(
      '/usr/bin/time',
      ['-f', '%M %U %S', '-o', timeFile, process.execPath, ...args],
      { cwd: REPO, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => {
      stderr = (stderr + d).slice(-4000);
    });
    const [code] = (await once(child, 'exit')) as [number | null];
    const wallMs = performance.now() - t0;
    const [rssKb, user, system] = readFileSync(timeFile, 'utf8').trim().split(/\s+/).map(Number);
    return {
      code,
      wallMs,
      cpuSec: (user ?? 0) + (system ?? 0),
      maxRssMb: (rssKb ?? 0) / 1024,
      stdout,
      stderrTail: stderr
        .split(/[\r\n]+/)
        .slice(-6)
        .join('\n'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `memagent ARGS` (electron/cli/main.ts) as `npm run memagent` runs it, measured. */
export function runMemagent(args: readonly string[]): Promise<Measured> {
  return runMeasured([CLI, ...args]);
}

/** The machine's load average, as `uptime` prints it. */
export const loadAverage = (): string =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** One line naming the machine, Node and the time, for a bench's header. */
export function machineLine(): string {
  const cpus = os.cpus();
  return `${new Date().toISOString()} — ${cpus[0]?.model ?? 'cpu'} ×${cpus.length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, load average ${loadAverage()}`;
}

/**
 * `memagent make-eval` of `rows` rows of `length` tokens from `book` into `set`, spread evenly
 * over `tasks` (seed 1), measured; throws with make-eval's last words when it fails.
 */
export async function makeEvalSet(input: {
  book: string;
  set: string;
  length: string;
  tasks: readonly string[];
  rows: number;
}): Promise<Measured> {
  const { book, set, length, tasks, rows } = input;
  const made = await runMemagent([
    'make-eval',
    book,
    '-o',
    set,
    '--lengths',
    length,
    '--tasks',
    tasks.join(','),
    '--rows',
    String(rows / tasks.length),
    '--seed',
    '1',
    '--json',
  ]);
  if (made.code !== 0) throw new Error(`make-eval exited ${made.code}:\n${made.stderrTail}`);
  return made;
}

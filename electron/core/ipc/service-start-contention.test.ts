// The app starting while terminals use its library: real second processes on the same SQLite
// file. A start must never fail because another process is writing or reading the library.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable, Writable } from 'node:stream';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { toAppError } from '../errors.ts';
import { DATABASE_FILE } from '../store/database.ts';
import { createMemorySecretStore } from '../store/secret-store.ts';
import { openStore } from '../store/store.ts';
import { createService } from './create-service.ts';

type Child = ChildProcessByStdio<Writable, Readable, null>;

const here = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(here, '..', 'store', 'library-child.test-support.ts');

let dir: string;
let children: Child[];
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-start-'));
  children = [];
});
afterEach(async () => {
  await Promise.all(children.map(stop));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A second process in `mode` on `file`, once it printed `ready`. */
async function child(mode: string, file: string, ready: string, ...rest: string[]) {
  const proc = spawn(process.execPath, [CHILD, mode, file, ...rest], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  children.push(proc);
  await new Promise<void>((resolve, reject) => {
    let out = '';
    proc.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes(ready)) resolve();
    });
    proc.on('error', reject);
    proc.on('close', (code) => reject(new Error(`child ${mode} ended (${code}): ${out}`)));
  });
  return proc;
}

function stop(proc: Child): Promise<void> {
  if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
  const closed = new Promise<void>((resolve) => proc.on('close', () => resolve()));
  proc.stdin.end();
  return closed;
}

/** Starts the app's service over `dataDir`: its error value, or 'started'. */
async function startApp(dataDir: string): Promise<string> {
  try {
    const service = createService({
      dataDir,
      secrets: createMemorySecretStore(),
      emit: () => undefined,
    });
    await service.dispose();
    return 'started';
  } catch (error) {
    const value = toAppError(error);
    return `${value.kind}: ${value.message}`;
  }
}

describe('the app starting while a terminal uses its library', () => {
  it('a first start while a terminal writes the library as fast as it can: every one of 20 starts', async () => {
    const results: string[] = [];
    for (let trial = 0; trial < 20; trial += 1) {
      const dataDir = path.join(dir, `trial-${trial}`);
      fs.mkdirSync(dataDir);
      const terminal = await child('churn', path.join(dataDir, DATABASE_FILE), 'writing');
      results.push(await startApp(dataDir));
      await stop(terminal);
    }
    expect(results.filter((r) => r !== 'started')).toEqual([]);
  }, 120_000);

  it('a terminal holding a snapshot while a third process writes: the app starts', async () => {
    const file = path.join(dir, DATABASE_FILE);
    openStore(dir).close();
    const reader = await child('read', file, 'reading');
    const writer = await child('churn', file, 'writing');
    expect(await startApp(dir)).toBe('started');
    await stop(writer);
    await stop(reader);
  });
});

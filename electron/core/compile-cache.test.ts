import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = `
import module from 'node:module';
import { Worker } from 'node:worker_threads';
import { enableCompileCache } from ${JSON.stringify(new URL('./compile-cache.ts', import.meta.url).href)};
enableCompileCache();
// Evaluated as a module too (the worker inherits --input-type=module).
const worker = new Worker(
  "import m from 'node:module'; import { parentPort } from 'node:worker_threads';" +
    "parentPort.postMessage(m.getCompileCacheDir() ?? 'none');",
  { eval: true },
);
worker.once('message', (dir) => {
  console.log(JSON.stringify({ main: module.getCompileCacheDir(), worker: dir }));
  void worker.terminate();
});
`;

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('enableCompileCache', () => {
  it('gives the worker threads started afterwards the same cache, in the temporary folder', () => {
    dir = mkdtempSync(join(tmpdir(), 'memagent-compile-cache-'));
    const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: dir };
    delete env.NODE_COMPILE_CACHE;
    delete env.NODE_DISABLE_COMPILE_CACHE;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    const { main, worker } = JSON.parse(run.stdout) as { main: string; worker: string };
    expect(main.startsWith(join(dir, 'node-compile-cache'))).toBe(true);
    expect(worker).toBe(main);
    // The compiled modules were written there when the process ended.
    expect(readdirSync(main).length).toBeGreaterThan(0);
  });
});

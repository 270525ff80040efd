import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { findWorkerEntries, rewriteUrlReferences } from './build-electron-urls.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-build-urls-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function write(relative: string, text: string): string {
  const file = path.join(dir, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
  return file;
}

describe('rewriteUrlReferences', () => {
  it('points worker scripts and data files next to the bundle', () => {
    const module = path.join(dir, 'core/documents/worker-host.ts');
    const code = [
      "new Worker(new URL('./worker-entry.ts', import.meta.url), { workerData });",
      'const vocab = new URL("../../assets/tokenizers/qwen.json", import.meta.url);',
    ].join('\n');
    const result = rewriteUrlReferences(code, module);
    expect(result?.code).toBe(
      [
        'new Worker(new URL("./documents-worker-entry.js", import.meta.url), { workerData });',
        'const vocab = new URL("./assets/tokenizers-qwen.json", import.meta.url);',
      ].join('\n'),
    );
    expect(result?.refs.map((r) => [r.kind, path.relative(dir, r.file)])).toEqual([
      ['worker', 'core/documents/worker-entry.ts'],
      ['asset', 'assets/tokenizers/qwen.json'],
    ]);
  });

  it('leaves absolute URLs, template expressions and other code alone', () => {
    const code =
      "new URL('https://x/y', import.meta.url); new URL(`./${name}.ts`, import.meta.url); new URL('./a.ts', base);";
    expect(rewriteUrlReferences(code, path.join(dir, 'a.ts'))).toBeNull();
  });
});

describe('findWorkerEntries', () => {
  it('finds workers anywhere in the tree, also workers started by workers, but not from tests', () => {
    write(
      'core/documents/worker-host.ts',
      "new Worker(new URL('./worker-entry.ts', import.meta.url));",
    );
    write(
      'core/documents/worker-entry.ts',
      "new Worker(new URL('../tokenize/encode-worker.ts', import.meta.url));",
    );
    write('core/tokenize/encode-worker.ts', 'export {};');
    write('core/agent/run.test.ts', "new Worker(new URL('./fixture-worker.ts', import.meta.url));");
    const entries = findWorkerEntries([path.join(dir, 'core')]);
    expect(
      Object.fromEntries(Object.entries(entries).map(([k, v]) => [k, path.relative(dir, v)])),
    ).toEqual({
      'documents-worker-entry': 'core/documents/worker-entry.ts',
      'tokenize-encode-worker': 'core/tokenize/encode-worker.ts',
    });
  });

  it('refuses two different workers that would share an output name', () => {
    write(
      'a/x/host.ts',
      "new URL('./w.ts', import.meta.url); new URL('../../b/x/w.ts', import.meta.url);",
    );
    write('a/x/w.ts', '');
    write('b/x/w.ts', '');
    expect(() => findWorkerEntries([path.join(dir, 'a')])).toThrow(/both be bundled as x-w\.js/);
  });
});

import { describe, expect, it } from 'vitest';
import { totalsLines, totalsOf, type JsonReport } from './test-totals.ts';

const ROOT = '/repo';

/** A report of `files` (shaped as Vitest 5 writes them), its counts summed as Vitest does. */
function report(files: JsonReport['testResults']): JsonReport {
  const all = files.flatMap((f) => f.assertionResults);
  const count = (status: string) => all.filter((t) => t.status === status).length;
  return {
    numPassedTests: count('passed'),
    numFailedTests: count('failed'),
    numPendingTests: count('skipped') + count('pending'),
    numTodoTests: count('todo'),
    testResults: files,
  };
}

const tests = (status: string, n: number) => Array.from({ length: n }, () => ({ status }));

const passing = {
  name: `${ROOT}/a.test.ts`,
  status: 'passed',
  message: '',
  assertionResults: [...tests('passed', 3), ...tests('skipped', 1)],
};
const failing = {
  name: `${ROOT}/b.test.ts`,
  status: 'failed',
  message: '',
  assertionResults: [...tests('passed', 2), ...tests('failed', 1)],
};
// An import that throws: Vitest lists no test of the file.
const unloadable = {
  name: `${ROOT}/electron/c.test.ts`,
  status: 'failed',
  message: 'Cannot find module ./gone.ts\n    at import',
  assertionResults: [],
};
// A file-level beforeAll that throws: every test of the file is reported as skipped.
const setupFailed = {
  name: `${ROOT}/electron/cli/cli-ocr.test.ts`,
  status: 'failed',
  message: 'spawnSync pdftoppm ENOENT',
  assertionResults: tests('skipped', 6),
};

describe('the totals line of npm test', () => {
  it('counts passed, failed and skipped tests as Vitest reports them', () => {
    expect(totalsLines(totalsOf(report([passing, failing]), ROOT))).toEqual([
      '5 passed, 1 failed, 1 skipped',
    ]);
  });

  it('counts a file that failed to load as a failure, and names it on a line of its own', () => {
    expect(totalsLines(totalsOf(report([passing, unloadable]), ROOT))).toEqual([
      'failed to load or set up: electron/c.test.ts (Cannot find module ./gone.ts)',
      '3 passed, 1 failed, 1 skipped',
    ]);
  });

  it('counts the tests of a file whose setup failed as failed, not skipped', () => {
    expect(totalsLines(totalsOf(report([passing, failing, setupFailed]), ROOT))).toEqual([
      'failed to load or set up: electron/cli/cli-ocr.test.ts (spawnSync pdftoppm ENOENT)',
      '5 passed, 7 failed, 1 skipped',
    ]);
  });

  it('counts a failed file with no message as failed all the same', () => {
    const silent = { ...unloadable, message: undefined };
    expect(totalsOf(report([silent]), ROOT)).toEqual({
      passed: 0,
      failed: 1,
      skipped: 0,
      notRun: [{ file: 'electron/c.test.ts', reason: 'no message' }],
    });
  });
});

// `npm test`: runs every Vitest project in one run (the e2e project's globalSetup builds the
// renderer it drives, once) and ends with one line of totals across all suites:
// `N passed, N failed, N skipped`.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  numFailedTestSuites: number;
}

function run(command: string, args: string[]): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

const extra = process.argv.slice(2);

const dir = mkdtempSync(path.join(tmpdir(), 'memagent-test-'));
const reportFile = path.join(dir, 'report.json');
const status = run('npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${reportFile}`,
  ...extra,
]);

let totals = '0 passed, 1 failed';
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  // A suite that fails to load has no failed tests but is a failure all the same.
  const failed =
    report.numFailedTests + (report.numFailedTests === 0 ? report.numFailedTestSuites : 0);
  totals = `${report.numPassedTests} passed, ${failed} failed, ${report.numPendingTests + report.numTodoTests} skipped`;
} catch (error) {
  console.error(`No test report was written (${String(error)}).`);
}
rmSync(dir, { recursive: true, force: true });
console.log(totals);
process.exit(status);

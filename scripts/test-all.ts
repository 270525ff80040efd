// `npm test`: runs every Vitest project in one run (the e2e project's globalSetup builds the
// renderer it drives, once) and ends with one line of totals across all suites:
// `N passed, N failed, N skipped`, after a line for each file that failed to load
// (scripts/test-totals.ts).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { totalsLines, totalsOf, type JsonReport } from './test-totals.ts';

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

let totals = ['0 passed, 1 failed'];
try {
  const report = JSON.parse(readFileSync(reportFile, 'utf8')) as JsonReport;
  // A file that fails to load (or whose setup throws) counts as failed, and is named.
  totals = totalsLines(totalsOf(report, process.cwd()));
} catch (error) {
  console.error(`No test report was written (${String(error)}).`);
}
rmSync(dir, { recursive: true, force: true });
for (const line of totals) console.log(line);
process.exit(status);

// The totals line `npm test` ends with, from Vitest's JSON report. A test file that fails to load
// (an import that throws) or whose setup fails (a file-level beforeAll) reports its tests nowhere
// or as skipped: such a file counts as failed, never as nothing or as a skip.
import path from 'node:path';

/** The parts of Vitest's JSON report (`--reporter=json`) the totals are made of. */
export interface JsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: {
    name: string;
    status: string;
    message?: string | undefined;
    assertionResults: { status: string }[];
  }[];
}

export interface Totals {
  passed: number;
  failed: number;
  skipped: number;
  /** Files that failed before any of their tests ran, relative to the root, with why. */
  notRun: { file: string; reason: string }[];
}

/**
 * The totals of `report`: a failed file none of whose tests failed did not run its tests (it
 * failed to load, or its setup threw); its tests count as failed, and the file as at least one.
 */
export function totalsOf(report: JsonReport, root: string): Totals {
  let failed = report.numFailedTests;
  let skipped = report.numPendingTests + report.numTodoTests;
  const notRun: Totals['notRun'] = [];
  for (const file of report.testResults) {
    if (file.status !== 'failed') continue;
    if (file.assertionResults.some((t) => t.status === 'failed')) continue;
    // Vitest reports the tests of a file whose setup threw as skipped: they never ran.
    const unrun = file.assertionResults.filter((t) => t.status !== 'passed').length;
    skipped -= unrun;
    failed += Math.max(1, unrun);
    const reason = (file.message ?? '').split('\n')[0]?.trim() || 'no message';
    notRun.push({ file: path.relative(root, file.name), reason });
  }
  return { passed: report.numPassedTests, failed, skipped, notRun };
}

/** The lines the run ends with: one per file that did not run, then the totals. */
export function totalsLines(totals: Totals): string[] {
  return [
    ...totals.notRun.map(({ file, reason }) => `failed to load or set up: ${file} (${reason})`),
    `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`,
  ];
}

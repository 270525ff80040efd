import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_A, FILE_B, tempDir, writeResults } from '../core/eval/report.test-support.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';

let tmp: ReturnType<typeof tempDir>;
let a: string;
let b: string;
beforeAll(() => {
  tmp = tempDir('memagent-cli-report-');
  a = writeResults(tmp.dir, 'a.jsonl', FILE_A);
  b = writeResults(tmp.dir, 'b.jsonl', FILE_B);
});
afterAll(() => tmp.remove());

describe('memagent report', () => {
  it('writes the Markdown and the chart, and prints each file in a line', async () => {
    const dir = path.join(tmp.dir, 'two');
    // A real process, end to end; the rest of the file runs the command in process.
    const r = await runCli(['report', a, b, '-o', dir, '--label', 'mini', '--label', '14B']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toEqual([
      'mini: sub-EM 66.67%, EM 33.33%, F1 52.08% over 12 rows (1 failed, counted as 0)',
      '14B: sub-EM 50.00%, EM 50.00%, F1 50.00% over 2 rows',
      `wrote ${path.join(dir, 'report.md')}`,
      `wrote ${path.join(dir, 'accuracy.svg')}`,
      '',
    ]);
    expect(readFileSync(path.join(dir, 'report.md'), 'utf8')).toContain('## mini');
    expect(readFileSync(path.join(dir, 'accuracy.svg'), 'utf8')).toMatch(/^<svg /);
  });

  it('--json gives the percentages per file and length; files are found from where typed', async () => {
    const r = await runCliInProcess(['report', 'a.jsonl', '--json'], { INIT_CWD: tmp.dir });
    expect(r.code, r.stderr).toBe(0);
    const json = JSON.parse(r.stdout) as {
      markdown: string;
      results: {
        label: string;
        n: number;
        failed: number;
        sub_em: number;
        lengths: { column: string; sub_em: number }[];
      }[];
    };
    // Without -o: ./eval-report where the command was typed.
    expect(json.markdown).toBe(path.join(tmp.dir, 'eval-report', 'report.md'));
    expect(existsSync(json.markdown)).toBe(true);
    expect(json.results[0]).toMatchObject({ label: 'a', n: 12, failed: 1 });
    expect(json.results[0]?.lengths.map((l) => [l.column, l.sub_em])).toEqual([
      ['7K', 75],
      ['14K', 50],
    ]);
  });

  it('refuses missing files and wrong labels with one sentence and a hint', async () => {
    const missing = await runCliInProcess([
      'report',
      path.join(tmp.dir, 'gone.jsonl'),
      '-o',
      tmp.dir,
    ]);
    expect(missing.code).toBe(3);
    expect(missing.stderr).toBe(
      `memagent: The results file ${path.join(tmp.dir, 'gone.jsonl')} does not exist.\nhint: Check the path; \`memagent eval --out FILE\` writes results files.\n`,
    );
    const labels = await runCliInProcess(['report', a, b, '--label', 'one']);
    expect(labels.code).toBe(2);
    expect(labels.stderr).toMatch(
      /^memagent: --label was given 1 time for 2 results files; give one per file, in the same order\.\nhint: Run `memagent report --help`/,
    );
    const none = await runCliInProcess(['report']);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/^memagent: report needs one or more results files/);
  });
});

// make-eval → eval → report as one capability: a set made from a real document, evaluated
// against the simulator with --out and --report, then reported again by `memagent report`.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import type { RowResult } from '../core/eval/results-file.ts';
import { repoRoot, runCli, startCli, runCliInProcess } from './cli.test-support.ts';

// CI has the shared corpus beside the checkout (../shared); a real PDF goes through extraction.
const HAYSTACK = path.resolve(repoRoot, '../shared/corpus/gpl-3.0.pdf');
const TASKS = 'niah_single,niah_multikey,niah_multivalue,vt,cwe,multihop';

let sim: SimServer;
let dir: string;
let set: string;

const lines = (file: string) =>
  readFileSync(file, 'utf8')
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as RowResult);
const env = () => ({ MEMAGENT_BASE_URL: sim.baseUrl });
const evalArgs = (...more: string[]) => [
  'eval',
  set,
  '--tokenizer',
  'qwen',
  '--chunk-tokens',
  '512',
  ...more,
];

beforeAll(async () => {
  sim = await startSimLlm();
  dir = mkdtempSync(path.join(tmpdir(), 'memagent-eval-chain-'));
  set = path.join(dir, 'set.jsonl');
  const made = await runCliInProcess([
    'make-eval',
    HAYSTACK,
    '-o',
    set,
    '--lengths',
    '2k,4k',
    '--rows',
    '2',
    '--seed',
    '7',
    '--tasks',
    TASKS,
  ]);
  expect(made.code, made.stderr).toBe(0);
});
afterAll(async () => {
  await sim.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('make-eval, eval and report together', () => {
  it('scores each generated row by its own task, records task and question, and reports per task', async () => {
    const report = path.join(dir, 'report');
    const out = path.join(dir, 'results.jsonl');
    // A real process, end to end; the rest of the file runs the command in process.
    const r = await runCli(evalArgs('--json', '--out', out, '--report', report), env());
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as Record<string, unknown>;
    expect(Object.keys(summary)).toEqual(['n', 'scored', 'failed', 'em', 'sub_em', 'f1']);
    expect(summary).toMatchObject({ n: 24, scored: 24, failed: 0 });

    const rows = lines(out);
    const madeRows = readFileSync(set, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { _id: string; task: string; input: string; length: number });
    for (const row of rows) {
      const made = madeRows.find((m) => m._id === row.id);
      expect(row).toMatchObject({ task: made?.task, question: made?.input });
      // eval counts the context chunk by chunk: a token or two more at each chunk boundary
      // that splits what the whole text merges (measured: up to 11 tokens at 4K).
      expect(Math.abs(row.length - (made?.length ?? 0))).toBeLessThanOrEqual(
        (made?.length ?? 0) * 0.005,
      );
      // RULER scores every needle, vt and word task by string match all (no EM, no F1);
      // multi-hop questions are QA.
      if (row.task === 'multihop') expect(typeof row.em).toBe('number');
      else expect([row.em, row.f1]).toEqual([null, null]);
      expect(row.settings).toMatchObject({ chunk_tokens: 512, tokenizer: 'qwen2.5' });
    }
    const of = (task: string) => rows.filter((row) => row.task === task);
    // The simulator keeps the sentences that share words with the question and answers from
    // the best one: it finds the asked key among four ...
    expect(of('niah_multikey').map((row) => row.sub_em)).toEqual([1, 1, 1, 1]);
    // Clean rows carry no warnings (the generic-model note is the evaluation's, said once).
    expect(of('niah_multikey').map((row) => row.warnings)).toEqual([[], [], [], []]);
    // ... a single value when its value has no full stop or opening quote (its sentence
    // splitting cuts "(No. 19)", and it drops an opening quote) ...
    for (const row of of('niah_single')) {
      const plain = !/[."]/.test(row.answers[0] ?? '');
      expect(row.sub_em).toBe(plain ? 1 : 0);
    }
    // ... one value of four (string match all gives a quarter), and nothing from a word list
    // or a variable chain, whose lines share no words with the question.
    for (const row of of('niah_multivalue')) expect(row.sub_em).toBeLessThanOrEqual(0.25);
    expect(of('niah_multivalue').some((row) => row.sub_em === 0.25)).toBe(true);
    for (const row of [...of('cwe'), ...of('vt')]) expect(row.sub_em).toBe(0);
    expect(of('cwe').every((row) => row.warnings?.some((w) => w.kind === 'no-answer'))).toBe(true);
    expect(of('multihop').every((row) => row.em === 0)).toBe(true);

    // The report written at the end says the same, per task and per length.
    const md = readFileSync(path.join(report, 'report.md'), 'utf8');
    expect(existsSync(path.join(report, 'accuracy.svg'))).toBe(true);
    expect(md).toContain('| niah\\_multikey | string match all | 4 | 4 | 0 | — | 100.00 | — |');
    expect(md).toContain('| cwe | string match all | 4 | 4 | 0 | — | 0.00 | — |');
    expect(md).toMatch(/\| multihop \| QA \| 4 \| 4 \| 0 \| 0\.00 \| \d+\.\d\d \| 0\.00 \|/);
    expect(md).toMatch(/^\| 2\.04K \| 2,0\d\d–2,048 \| 12 \| 12 \| 0 \| 0\.00 \| /m);
    expect(md).toContain('### Answered wrongly');
    expect(md).toMatch(/\| cwe \| 2,0\d\d \| Which ten words appear most often/);
    expect(md).toContain('- Warning: final reply without an extractable answer: ');
    expect(md).toMatch(/- Time and tokens: .* prompt and .* completion tokens/);
    expect(r.stderr).toContain(`wrote ${path.join(report, 'report.md')}`);

    // The human summary (here of the rows kept in --out) counts the rows' warnings.
    const human = await runCliInProcess(evalArgs('--out', out), env());
    expect(human.code, human.stderr).toBe(0);
    const noAnswer = rows.filter((row) => row.warnings?.some((w) => w.kind === 'no-answer'));
    expect(human.stdout).toContain(
      `warning: final reply without an extractable answer: ${noAnswer.length} times on ${noAnswer.length} rows\n`,
    );
    expect(human.stdout).toMatch(/^1\.75K\s+2\.04K\s+12\s+12\s+0\s/m);

    // memagent report reads the same file to the same numbers: one tally.
    const again = await runCliInProcess(['report', out, '-o', path.join(dir, 'again'), '--json']);
    expect(again.code, again.stderr).toBe(0);
    const json = JSON.parse(again.stdout) as {
      results: { sub_em: number; em: number; tasks: { task: string; sub_em: number }[] }[];
    };
    expect(json.results[0]?.sub_em.toFixed(2)).toBe((summary.sub_em as number).toFixed(2));
    expect(json.results[0]?.em).toBe(summary.em);
    expect(json.results[0]?.tasks.map((t) => t.task)).toEqual([
      'cwe',
      'multihop',
      'niah_multikey',
      'niah_multivalue',
      'niah_single',
      'vt',
    ]);
  });

  it('--report without --out keeps the results in DIR/results.jsonl; after Ctrl-C the report is partial', async () => {
    const report = path.join(dir, 'partial');
    sim.setOptions({
      latency: {
        prefillTokensPerSec: 1e9,
        decodeTokensPerSec: 1e6,
        aggregateDecodeTokensPerSec: 1e9,
        maxBatch: 64,
        overheadMs: 40,
      },
    });
    let sent = false;
    const started = startCli(
      evalArgs('--concurrency', '2', '--report', report),
      env(),
      (stderr, kill) => {
        if (sent || !/ ([1-9]|1\d)\/24 rows/.test(stderr)) return;
        sent = true;
        kill('SIGINT');
      },
    );
    const r = await started.result;
    sim.setOptions({ latency: 'zero' });
    expect(r.code, r.stderr).toBe(130);
    const kept = lines(path.join(report, 'results.jsonl'));
    expect(kept.length).toBeGreaterThanOrEqual(2);
    expect(kept.length).toBeLessThan(24);
    expect(r.stderr).toContain(`wrote ${path.join(report, 'report.md')} (partial)`);
    const md = readFileSync(path.join(report, 'report.md'), 'utf8');
    expect(md).toContain(
      `**Partial**: results was stopped with ${kept.length} of 24 rows done; run the same command again to continue.`,
    );

    // The same command continues into the same file, and the report is whole again.
    const rest = await runCliInProcess(evalArgs('--json', '--report', report), env());
    expect(rest.code, rest.stderr).toBe(0);
    expect(JSON.parse(rest.stdout)).toMatchObject({ n: 24, failed: 0 });
    expect(lines(path.join(report, 'results.jsonl'))).toHaveLength(24);
    expect(readFileSync(path.join(report, 'report.md'), 'utf8')).not.toContain('Partial');
  });
});

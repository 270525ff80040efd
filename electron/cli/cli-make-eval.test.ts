import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { CoreError } from '../core/errors.ts';
import { TASK_FAMILIES } from '../core/eval/make/tasks.ts';
import { parseCommand } from './args.ts';
import { helpText } from './help.ts';
import { runCli, runCliInProcess } from './cli.test-support.ts';
import type { MakeEvalOptions } from './make-eval-args.ts';
import { parseLength } from './make-eval-args.ts';

const env = { INIT_CWD: '/home/me/docs', MEMAGENT_USER_DATA_DIR: '/data/memagent' };
const dir = mkdtempSync(path.join(tmpdir(), 'cli-make-eval-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function options(argv: string[]): MakeEvalOptions {
  const command = parseCommand(['make-eval', ...argv], env);
  if (command.name !== 'make-eval') throw new Error(`got ${command.name}`);
  return command.options;
}

function usageError(argv: string[]): CoreError {
  try {
    parseCommand(['make-eval', ...argv], env);
  } catch (error) {
    if (error instanceof CoreError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('make-eval arguments', () => {
  it('reads lengths as RULER writes them (binary k and m) and takes defaults', () => {
    expect(['8k', '128K', '3.5m', '1.75M', '5000'].map(parseLength)).toEqual([
      8192, 131072, 3670016, 1835008, 5000,
    ]);
    const o = options(['book.pdf', 'b.epub', '-o', 'set.jsonl', '--lengths', '8k,32k,8192']);
    expect(o).toMatchObject({
      haystacks: ['/home/me/docs/book.pdf', '/home/me/docs/b.epub'],
      output: '/home/me/docs/set.jsonl',
      format: 'jsonl',
      lengths: [8192, 32768],
      rows: 8,
      seed: 0,
      tokenizer: 'qwen',
      force: false,
    });
    expect(o.tasks).toContain('vt');
    expect(options(['b.txt', '-o', 'x.json', '--tasks', 'vt,multihop']).tasks).toEqual([
      'vt',
      'multihop',
    ]);
    expect(options(['b.txt', '-o', 'x.data', '--format', 'json']).format).toBe('json');
  });

  it('has its own help, which names every task family', () => {
    expect(parseCommand(['make-eval', '--help'], env)).toEqual({
      name: 'help',
      topic: 'make-eval',
    });
    const text = helpText('make-eval');
    for (const task of TASK_FAMILIES) expect(text).toContain(task);
    expect(helpText()).toContain('memagent make-eval HAYSTACK...');
  });

  it('says in one sentence what is wrong', () => {
    expect(usageError(['-o', 'x.jsonl']).message).toMatch(/needs at least one HAYSTACK/);
    expect(usageError(['b.txt']).message).toMatch(/needs -o FILE/);
    expect(usageError(['b.txt', '-o', 'x.txt']).hint).toMatch(/--format json/);
    expect(usageError(['b.txt', '-o', 'x.jsonl', '--lengths', '8q']).message).toBe(
      '--lengths: "8q" is not a length (write 8k, 32k, 3.5m or a number of tokens).',
    );
    expect(usageError(['b.txt', '-o', 'x.jsonl', '--lengths', '100']).message).toMatch(
      /outside 1k to 4m/,
    );
    const task = usageError(['b.txt', '-o', 'x.jsonl', '--tasks', 'niah']);
    expect(task.message).toBe('--tasks: "niah" is not a task family.');
    expect(task.hint).toMatch(/niah_single/);
    expect(usageError(['b.txt', '-o', 'x.jsonl', '--seed=-1']).message).toMatch(
      /--seed must be at least 0/,
    );
  });
});

describe('memagent make-eval', () => {
  const fixtures = ['french-utf8.txt', 'lease.docx', 'lighthouse.epub'].map(
    (f) => `test-fixtures/${f}`,
  );

  it('builds a set from documents read as the app reads them, the same for the same seed', async () => {
    const args = (out: string) => [
      'make-eval',
      ...fixtures,
      '-o',
      path.join(dir, out),
      '--lengths',
      '1k',
      '--rows',
      '1',
      '--tasks',
      'niah_single,vt',
      '--seed',
      '5',
    ];
    // A real process, end to end; the rest of the file runs the command in process.
    const first = await runCli(args('one.jsonl'));
    expect(first.stderr).toMatch(/Wrote 2 rows to one\.jsonl \(seed 5, qwen2\.5 tokens/);
    expect(first.code).toBe(0);
    const second = await runCliInProcess([...args('two.jsonl'), '--json']);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.stdout)).toMatchObject({ rows: 2, seed: 5, tokenizer: 'qwen2.5' });
    const one = readFileSync(path.join(dir, 'one.jsonl'), 'utf8');
    expect(readFileSync(path.join(dir, 'two.jsonl'), 'utf8')).toBe(one);
    const rows = one
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { task: string; context: string });
    expect(rows.map((r) => r.task)).toEqual(['niah_single', 'vt']);
    // Each document's text is in the haystack, read by the app's extraction (the 1k-token rows
    // cycle through all of them).
    for (const words of ['café de la gare', 'Monthly rent', 'counted 1,204 ships'])
      expect(
        rows.some((r) => r.context.includes(words)),
        words,
      ).toBe(true);

    const again = await runCliInProcess(args('one.jsonl'));
    expect(again.code).toBe(2);
    expect(again.stderr).toMatch(/one\.jsonl exists already\.\nhint: .*--force/);
  });

  it('refuses a haystack with too little text, with a hint', async () => {
    const result = await runCliInProcess([
      'make-eval',
      'test-fixtures/notes.md',
      '-o',
      path.join(dir, 'n.jsonl'),
    ]);
    expect(result.code).toBe(3);
    expect(result.stderr).toMatch(
      /The haystack has \d+ tokens of text; at least 200 are needed\.\nhint: /,
    );
  });
});

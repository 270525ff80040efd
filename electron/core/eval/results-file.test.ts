import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openResultsFile, type RowResult } from './results-file.ts';
import { summarize, summarizeByLength } from './summary.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'memagent-results-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const result = (id: string, extra: Partial<RowResult> = {}): RowResult => ({
  id,
  length: 8000,
  prediction: 'Paris',
  response: 'Therefore, the answer is Paris.',
  answers: ['Paris'],
  em: 1,
  sub_em: 1,
  f1: 1,
  chunks: 2,
  usage: { prompt_tokens: 10_000, completion_tokens: 100 },
  ms: 1200,
  error: null,
  method: 'memagent',
  model: 'm',
  ...extra,
});
const failed = (id: string) =>
  result(id, {
    prediction: null,
    response: null,
    em: 0,
    sub_em: 0,
    f1: 0,
    error: { kind: 'BackendUnavailable', message: 'down' },
  });

describe('the results file', () => {
  it('keeps the rows written before, the last line of an id winning', async () => {
    const file = path.join(dir, 'a.jsonl');
    const first = await openResultsFile(file);
    expect(first.earlier.size).toBe(0);
    first.append(failed('1'));
    first.append(result('2'));
    first.append(result('1'));
    await first.close();
    const again = await openResultsFile(file);
    expect([...again.earlier.keys()]).toEqual(['1', '2']);
    expect(again.earlier.get('1')?.error).toBeNull();
    await again.close();
  });

  it('drops a last line cut by a kill, so its row runs again, and appends after the whole lines', async () => {
    const file = path.join(dir, 'b.jsonl');
    writeFileSync(file, `${JSON.stringify(result('1'))}\n`);
    appendFileSync(file, JSON.stringify(result('2')).slice(0, 40));
    const opened = await openResultsFile(file);
    expect([...opened.earlier.keys()]).toEqual(['1']);
    opened.append(result('3'));
    await opened.close();
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as RowResult).id)).toEqual(['1', '3']);
  });

  it('refuses a file that is not results', async () => {
    const file = path.join(dir, 'c.jsonl');
    writeFileSync(file, '{"question": "not a result"}\n');
    await expect(openResultsFile(file)).rejects.toThrow(
      /Line 1 of .* is not a result of memagent eval/,
    );
  });
});

describe('summarize', () => {
  it('counts failed rows as 0 in every metric and apart from the scored ones', () => {
    const rows = [
      result('1'),
      result('2', { em: 0, sub_em: 1, f1: 0.5 }),
      failed('3'),
      result('4', { prediction: null, em: 0, sub_em: 0, f1: 0 }),
    ];
    expect(summarize(rows)).toEqual({ n: 4, scored: 3, failed: 1, em: 25, sub_em: 50, f1: 37.5 });
  });

  it('has no EM or F1 for string-match-all rows, and rounds to 2 decimals', () => {
    const rows = [
      result('1', { em: null, f1: null, sub_em: 0.5 }),
      result('2', { em: null, f1: null, sub_em: 1 }),
      result('3', { em: null, f1: null, sub_em: 0 }),
    ];
    expect(summarize(rows)).toEqual({ n: 3, scored: 3, failed: 0, em: null, sub_em: 50, f1: null });
    expect(summarize([result('1'), failed('2'), failed('3')]).sub_em).toBe(33.33);
  });

  it("groups rows by context length on Table 2's grid, shortest first", () => {
    const rows = [
      result('1', { length: 7_600 }),
      result('2', { length: 450_000 }),
      failed('3'),
      result('4', { length: 8_300, sub_em: 0 }),
    ];
    expect(summarizeByLength(rows).map((g) => [g.length, g.summary.n, g.summary.sub_em])).toEqual([
      ['7K', 3, 33.33],
      ['448K', 1, 100],
    ]);
  });
});

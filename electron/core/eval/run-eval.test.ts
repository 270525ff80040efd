import { describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import type { LlmClient } from '../llm/types.ts';
import type { EvalRow } from './dataset.ts';
import type { RowResult } from './results-file.ts';
import { runEval, type EvalServer, type RowOutcome } from './run-eval.ts';

const client = {} as LlmClient; // never called: the row reader below stands in for requests
const servers: EvalServer[] = [
  { url: 'http://a/v1', client },
  { url: 'http://b/v1', client },
];

const row = (i: number, scoring: EvalRow['scoring'] = 'qa'): EvalRow => ({
  id: `r${i}`,
  position: i,
  question: 'Q',
  context: 'C',
  answers: ['Paris', 'France'],
  scoring,
});

async function* rowsOf(rows: EvalRow[], failAt?: number): AsyncGenerator<EvalRow> {
  for (const [i, r] of rows.entries()) {
    if (i === failAt) throw new CoreError('Damaged', `Row ${i + 1} is bad.`);
    yield r;
  }
}

const answered = (prediction: string | null): RowOutcome => ({
  tokens: 100,
  prediction,
  response: prediction === null ? 'no idea' : `Therefore, the answer is ${prediction}.`,
  chunks: 1,
  usage: { promptTokens: 10, completionTokens: 5 },
  ms: 3,
  model: 'm',
});

/** A row reader whose rows end when the test says, recording what ran where. */
function controlled() {
  const pending = new Map<string, (o: RowOutcome | undefined) => void>();
  const placed: [string, string][] = [];
  let peak = 0;
  const readRow = (r: EvalRow, s: EvalServer, signal: AbortSignal) =>
    new Promise<RowOutcome | undefined>((resolve) => {
      placed.push([r.id, s.url]);
      pending.set(r.id, resolve);
      peak = Math.max(peak, pending.size);
      signal.addEventListener('abort', () => resolve(undefined), { once: true });
    }).finally(() => pending.delete(r.id));
  return { pending, placed, readRow, peak: () => peak };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('runEval', () => {
  it('keeps `concurrency` rows in flight, each on the server with the fewest', async () => {
    const c = controlled();
    const results: RowResult[] = [];
    const done = runEval({
      rows: rowsOf([0, 1, 2, 3, 4, 5].map((i) => row(i))),
      servers,
      concurrency: 3,
      method: 'memagent',
      readRow: c.readRow,
      skip: () => false,
      onResult: (r) => results.push(r),
      signal: new AbortController().signal,
    });
    await tick();
    expect(c.placed).toEqual([
      ['r0', 'http://a/v1'],
      ['r1', 'http://b/v1'],
      ['r2', 'http://a/v1'],
    ]);
    // One of a's rows ends: a and b hold one each, and the tie goes to the next in turn (b,
    // as a took the last row).
    c.pending.get('r0')?.(answered('Paris'));
    await tick();
    expect(c.placed[3]).toEqual(['r3', 'http://b/v1']);
    c.pending.get('r1')?.(answered('Lyon'));
    await tick();
    expect(c.placed[4]).toEqual(['r4', 'http://a/v1']);
    for (const id of ['r2', 'r3', 'r4']) c.pending.get(id)?.(answered(null));
    await tick();
    c.pending.get('r5')?.(answered('the paris'));
    await done;
    expect(c.peak()).toBe(3);
    expect(results.map((r) => [r.id, r.em, r.sub_em, r.server])).toEqual([
      ['r0', 1, 1, 'http://a/v1'],
      ['r1', 0, 0, 'http://b/v1'],
      ['r2', 0, 0, 'http://a/v1'],
      ['r3', 0, 0, 'http://b/v1'],
      ['r4', 0, 0, 'http://a/v1'],
      ['r5', 1, 1, expect.any(String)],
    ]);
  });

  it('scores a failed row 0 with its error, and string-match-all rows by the share of gold strings found', async () => {
    const results: RowResult[] = [];
    await runEval({
      rows: rowsOf([row(0), row(1, 'match-all'), row(2, 'match-all')]),
      servers: servers.slice(0, 1),
      concurrency: 2,
      method: 'memagent',
      readRow: async (r) =>
        r.id === 'r0'
          ? { ...answered('Paris'), error: { kind: 'BackendUnavailable', message: 'down' } }
          : answered(r.id === 'r1' ? 'paris, not france' : 'PARIS'),
      skip: () => false,
      onResult: (r) => results.push(r),
      signal: new AbortController().signal,
    });
    const byId = new Map(results.map((r) => [r.id, r]));
    expect(byId.get('r0')).toMatchObject({
      prediction: null,
      em: 0,
      sub_em: 0,
      f1: 0,
      error: { kind: 'BackendUnavailable' },
    });
    expect(byId.get('r1')).toMatchObject({ em: null, sub_em: 1, f1: null, error: null });
    expect(byId.get('r2')).toMatchObject({ sub_em: 0.5 });
    expect(byId.get('r2')?.server).toBeUndefined();
  });

  it('skips rows done before, records nothing of rows cut by an abort, and rejects at a bad row', async () => {
    const c = controlled();
    const controller = new AbortController();
    const results: RowResult[] = [];
    const done = runEval({
      rows: rowsOf([0, 1, 2].map((i) => row(i))),
      servers,
      concurrency: 4,
      method: 'memagent',
      readRow: c.readRow,
      skip: (r) => r.id === 'r1',
      onResult: (r) => results.push(r),
      signal: controller.signal,
    });
    await tick();
    expect(c.placed.map(([id]) => id)).toEqual(['r0', 'r2']);
    controller.abort();
    await done;
    expect(results).toEqual([]);

    await expect(
      runEval({
        rows: rowsOf(
          [0, 1, 2].map((i) => row(i)),
          1,
        ),
        servers,
        concurrency: 1,
        method: 'memagent',
        readRow: async () => answered('Paris'),
        skip: () => false,
        onResult: (r) => results.push(r),
        signal: new AbortController().signal,
      }),
    ).rejects.toThrow('Row 2 is bad.');
  });
});

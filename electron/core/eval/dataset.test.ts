import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readEvalRows, rowScoring, type EvalRow } from './dataset.ts';
import { assembleContext, compareCodePoints, loadDocPool, poolOf } from './doc-pool.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'memagent-dataset-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, value: unknown): string {
  const file = path.join(dir, name);
  writeFileSync(file, JSON.stringify(value));
  return file;
}

async function rows(file: string, docs?: string): Promise<EvalRow[]> {
  const pool = docs === undefined ? undefined : await loadDocPool(docs);
  const out: EvalRow[] = [];
  for await (const row of readEvalRows(file, pool ? { pool } : {})) out.push(row);
  return out;
}

describe('readEvalRows', () => {
  it('reads HotpotQA rows: the id from _id, else index, else the position', async () => {
    const file = write('eval_50.json', [
      { _id: 'a7', index: 3, input: 'Q1', context: 'C1', answers: ['yes', 'y'], num_docs: 50 },
      { index: 4, input: 'Q2', context: 'C2', answers: ['no'] },
      { input: 'Q3', context: 'C3', answers: ['maybe'] },
    ]);
    expect(await rows(file)).toEqual([
      {
        id: 'a7',
        position: 0,
        question: 'Q1',
        context: 'C1',
        answers: ['yes', 'y'],
        scoring: 'qa',
        numDocs: 50,
      },
      { id: '4', position: 1, question: 'Q2', context: 'C2', answers: ['no'], scoring: 'qa' },
      { id: '2', position: 2, question: 'Q3', context: 'C3', answers: ['maybe'], scoring: 'qa' },
    ]);
  });

  it('scores RULER rows by the task in the file name, as upstream: qa tasks as QA, others by string match all', async () => {
    const row = {
      index: 0,
      input: 'Q',
      context: 'C',
      outputs: ['4471', '9902'],
      answer_prefix: 'A:',
    };
    expect((await rows(write('eval_niah_multikey_1_8192.json', [row])))[0]?.scoring).toBe(
      'match-all',
    );
    expect((await rows(write('eval_vt_8192.json', [row])))[0]?.scoring).toBe('match-all');
    expect((await rows(write('eval_qa_2_8192.json', [row])))[0]?.scoring).toBe('qa');
  });

  it("scores make-eval rows by their own task, whatever the file's name, and names the task", async () => {
    const base = { input: 'Q', context: 'C' };
    const file = write('set.json', [
      // niah_single: one gold answer, matched as RULER matches it (string match all).
      { ...base, _id: 'a', task: 'niah_single', answers: ['Þórsvík-31'] },
      // Multi-value: `answers` is the outputs joined; the outputs are what is matched.
      { ...base, _id: 'b', task: 'niah_multivalue', answers: ['x, y'], outputs: ['x', 'y'] },
      { ...base, _id: 'c', task: 'cwe', answers: ['p, q'], outputs: ['p', 'q'] },
      { ...base, _id: 'd', task: 'multihop', answers: ['Ærvík'] },
      // A task it does not know: scored as before (answers are QA).
      { ...base, _id: 'e', task: 'my_own', answers: ['z'] },
    ]);
    expect((await rows(file)).map((r) => [r.id, r.task, r.scoring, r.answers])).toEqual([
      ['a', 'niah_single', 'match-all', ['Þórsvík-31']],
      ['b', 'niah_multivalue', 'match-all', ['x', 'y']],
      ['c', 'cwe', 'match-all', ['p', 'q']],
      ['d', 'multihop', 'qa', ['Ærvík']],
      ['e', 'my_own', 'qa', ['z']],
    ]);
    // The same decision for rows run without a file (the app's check builds rows itself).
    expect(rowScoring({ task: 'vt', answers: ['A, B'], outputs: ['A', 'B'] })).toEqual({
      scoring: 'match-all',
      answers: ['A', 'B'],
    });
    expect(rowScoring({ task: 'multihop', answers: ['yes'] })).toEqual({
      scoring: 'qa',
      answers: ['yes'],
    });
    // An upstream RULER file's task comes from its name.
    const ruler = write('eval_niah_single_2_16384.json', [{ ...base, outputs: ['4471'] }]);
    expect((await rows(ruler))[0]).toMatchObject({ task: 'niah_single_2', scoring: 'match-all' });
  });
  it('names the row that is not an evaluation row', async () => {
    const file = write('bad.json', [
      { input: 'Q', context: 'C', answers: ['a'] },
      { input: 'Q', context: 'C' },
    ]);
    await expect(rows(file)).rejects.toMatchObject({
      kind: 'Damaged',
      message: expect.stringMatching(/^Row 2 of .*no gold answers/),
    });
  });

  it('asks for --docs when contexts are document numbers', async () => {
    const file = write('eval_12800.json', [
      { index: 0, input: 'Q', context: [1, 0], answers: ['a'] },
    ]);
    await expect(rows(file)).rejects.toMatchObject({
      kind: 'BadUsage',
      hint: expect.stringMatching(/--docs/),
    });
  });
});

describe('the documents pool', () => {
  // Two questions sharing a paragraph: the pool holds it once, sorted as Python sorts.
  const hotpot = [
    {
      question: 'q1',
      answer: 'a',
      context: [
        ['Zeta', ['Z one. ', 'Z two.']],
        ['Alpha', ['A.']],
      ],
    },
    {
      question: 'q2',
      answer: 'b',
      context: [
        ['Alpha', ['A.']],
        ['Mid', ['M.']],
      ],
    },
  ];

  it('is the sorted unique "title\\nsentences" paragraphs of HotpotQA, as upstream read_hotpotqa', () => {
    expect(poolOf(hotpot)).toEqual({
      source: 'hotpotqa',
      docs: ['Alpha\nA.', 'Mid\nM.', 'Zeta\nZ one. Z two.'],
    });
  });

  it('expands a row as upstream set_context: "Document i:" blocks joined by blank lines', async () => {
    const docs = write('hotpotqa_dev.json', hotpot);
    const file = write('eval_25600.json', [
      { index: 9, input: 'Q', context: [2, 0], answers: ['a'] },
    ]);
    expect((await rows(file, docs))[0]?.context).toBe(
      'Document 1:\nZeta\nZ one. Z two.\n\nDocument 2:\nAlpha\nA.',
    );
  });

  it('refuses a document number beyond the pool', async () => {
    const pool = { docs: ['only'], source: 'list' } as const;
    expect(() => assembleContext([0, 1], pool, 'row 3')).toThrow(
      /row 3 names document 1, but the documents file has 1/,
    );
  });

  it('reads SQuAD paragraphs, and sorts by code point as Python (not by UTF-16 unit)', () => {
    const squad = {
      data: [{ paragraphs: [{ context: 'b' }, { context: 'a' }, { context: 'b' }] }],
    };
    expect(poolOf(squad)).toEqual({ source: 'squad', docs: ['a', 'b'] });
    // U+FF21 (Ａ) is below U+1F600 by code point, above its surrogates by UTF-16 unit.
    expect(['😀', 'Ａ'].sort(compareCodePoints)).toEqual(['Ａ', '😀']);
    expect(['😀', 'Ａ'].sort()).toEqual(['😀', 'Ａ']);
  });
});

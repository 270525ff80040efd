import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import { FILE_A, rowLine, tempDir, writeResults } from './report.test-support.ts';
import { readResultsFile } from './results-file.ts';

let tmp: ReturnType<typeof tempDir>;
beforeAll(() => {
  tmp = tempDir('memagent-results-');
});
afterAll(() => tmp.remove());

const write = (name: string, text: string) => {
  const file = path.join(tmp.dir, name);
  writeFileSync(file, text);
  return file;
};

async function refusal(file: string): Promise<CoreError> {
  const error: unknown = await readResultsFile(file).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoreError);
  return error as CoreError;
}

describe('reading a results file', () => {
  it('keeps ids, lengths and scores, and zeroes a failed row whatever its file says', async () => {
    const file = await readResultsFile(writeResults(tmp.dir, 'a.jsonl', FILE_A));
    expect(file.rows).toHaveLength(12);
    expect(file.rows[0]).toMatchObject({
      id: '0',
      length: 6_900,
      em: 1,
      subEm: 1,
      f1: 1,
      error: null,
    });
    expect(file.rows[7]).toMatchObject({
      id: '7',
      length: 8_192,
      em: 0,
      subEm: 0,
      f1: 0,
      error: 'BackendFailed: HTTP 503',
    });
    expect(file.repeatedIds).toBe(0);
    expect(file.cutLastLine).toBe(false);
  });

  it('takes the last line of an id (a rerun of failed rows appends), in its new place', async () => {
    const file = await readResultsFile(
      write(
        'rerun.jsonl',
        [
          rowLine({ id: 'a', length: 100, error: 'timeout' }),
          rowLine({ id: 'b', length: 100, em: 0, sub_em: 0, f1: 0 }),
          rowLine({ id: 'a', length: 100, em: 1, sub_em: 1, f1: 1 }),
          '',
        ].join('\n'),
      ),
    );
    expect(file.rows.map((r) => [r.id, r.subEm, r.error])).toEqual([
      ['b', 0, null],
      ['a', 1, null],
    ]);
    expect(file.repeatedIds).toBe(1);
  });

  it('skips a last line cut off by a kill, blank lines, CRLF and a BOM', async () => {
    const text = `\uFEFF${rowLine({ id: 1, length: 10, em: 1, sub_em: 1, f1: 1 })}\r\n\n${rowLine({ id: 2, length: 10, em: 0, sub_em: 0, f1: 0 })}\n{"id": 3, "len`;
    const file = await readResultsFile(write('cut.jsonl', text));
    expect(file.rows.map((r) => r.id)).toEqual(['1', '2']);
    expect(file.cutLastLine).toBe(true);
  });

  it('reads lines longer than a read (64 KB), multi-byte characters across reads included', async () => {
    const long = (id: number) =>
      JSON.stringify({ id, length: 10, em: 1, sub_em: 1, f1: 1, response: 'é✓'.repeat(70_000) });
    const file = await readResultsFile(write('long.jsonl', `${long(1)}\n${long(2)}\n${long(3)}`));
    expect(file.rows.map((r) => r.id)).toEqual(['1', '2', '3']);
    expect(file.cutLastLine).toBe(false);
  });

  it('reads an AppError object as the failure, a number id and a missing length', async () => {
    const file = await readResultsFile(
      write(
        'objects.jsonl',
        `${JSON.stringify({ id: 5, length: null, error: { kind: 'BackendFailed', message: 'The server failed.' } })}\n${JSON.stringify({ id: 6, em: 1, sub_em: 1, f1: 0.5, error: '' })}\n`,
      ),
    );
    expect(file.rows).toMatchObject([
      { id: '5', length: null, em: 0, subEm: 0, f1: 0, error: 'The server failed.' },
      { id: '6', length: null, em: 1, subEm: 1, f1: 0.5, error: null },
    ]);
  });

  it('reads RULER rows scored by string match all (EM and F1 null), and what a report shows of a row', async () => {
    const line = (extra: object) =>
      JSON.stringify({ length: 8_192, prediction: 'a, b', answers: ['a', 'b', 'c'], ...extra });
    const file = await readResultsFile(
      write(
        'ruler.jsonl',
        [
          line({
            id: 'm1',
            task: 'niah_multivalue',
            question: 'What are all the codes?',
            em: null,
            sub_em: 2 / 3,
            f1: null,
            ms: 1500,
            usage: { prompt_tokens: 9000, completion_tokens: 120 },
            warnings: [{ kind: 'length-cut', count: 2 }],
            error: null,
          }),
          line({ id: 'm2', em: null, sub_em: 0, f1: null, error: { kind: 'x', message: 'down' } }),
          // Fields a report only shows are left out when they have another shape.
          line({ id: 'q1', em: 1, sub_em: 1, f1: 1, usage: 'lots', warnings: 3, error: null }),
          '',
        ].join('\n'),
      ),
    );
    expect(file.rows).toEqual([
      {
        id: 'm1',
        length: 8_192,
        em: null,
        subEm: 2 / 3,
        f1: null,
        error: null,
        task: 'niah_multivalue',
        question: 'What are all the codes?',
        answers: ['a', 'b', 'c'],
        prediction: 'a, b',
        response: null,
        ms: 1500,
        usage: { promptTokens: 9000, completionTokens: 120 },
        warnings: [{ kind: 'length-cut', count: 2 }],
      },
      expect.objectContaining({ id: 'm2', em: null, subEm: 0, f1: null, error: 'down' }),
      expect.objectContaining({ id: 'q1', em: 1, usage: null, warnings: [] }),
    ]);
  });

  it('refuses a missing file, a folder and an empty file with one sentence and a hint', async () => {
    const missing = await refusal(path.join(tmp.dir, 'nope.jsonl'));
    expect(missing.kind).toBe('NotFound');
    expect(missing.message).toBe(
      `The results file ${path.join(tmp.dir, 'nope.jsonl')} does not exist.`,
    );
    expect(missing.hint).toMatch(/memagent eval --out FILE/);

    mkdirSync(path.join(tmp.dir, 'folder.jsonl'));
    const folder = await refusal(path.join(tmp.dir, 'folder.jsonl'));
    expect(folder.message).toBe(`${path.join(tmp.dir, 'folder.jsonl')} is not a file.`);
    expect(folder.hint).toMatch(/results\/\*\.jsonl/);

    for (const [name, text] of [
      ['empty.jsonl', ''],
      ['blank.jsonl', '\n\n  \n'],
    ] as const) {
      const empty = await refusal(write(name, text));
      expect(empty.kind).toBe('Damaged');
      expect(empty.message).toBe(`The results file ${path.join(tmp.dir, name)} has no rows.`);
      expect(empty.hint).toMatch(/same --out/);
    }
    const onlyCut = await refusal(write('only-cut.jsonl', '{"id": 1, "le'));
    expect(onlyCut.hint).toMatch(/^Its only line was cut off/);
  });

  it.skipIf(process.getuid?.() === 0)('refuses a file it may not read', async () => {
    const file = writeResults(tmp.dir, 'locked.jsonl', FILE_A);
    chmodSync(file, 0o000);
    const error = await refusal(file);
    expect(error.kind).toBe('NotFound');
    expect(error.message).toBe(`The results file ${file} could not be read.`);
  });

  it('names the line that is not a result row, and why', async () => {
    const good = rowLine({ id: 1, length: 10, em: 1, sub_em: 1, f1: 1 });
    const cases: [string, string][] = [
      [`${good}\nnot json\n${good}\n`, 'Line 2 of FILE is not JSON.'],
      [`${good}\n[1, 2]\n`, 'Line 2 of FILE is not a result row: it is not a JSON object.'],
      [
        `${JSON.stringify({ length: 10, em: 1, sub_em: 1, f1: 1 })}\n`,
        'Line 1 of FILE is not a result row: it has no "id".',
      ],
      [
        `${JSON.stringify({ id: 1, length: 10, em: 1, sub_em: 2, f1: 1 })}\n`,
        'Line 1 of FILE is not a result row: "sub_em" must be a number from 0 to 1.',
      ],
      [
        `${JSON.stringify({ id: 1, length: 10, em: '1', sub_em: 1, f1: 1 })}\n`,
        'Line 1 of FILE is not a result row: "em" must be a number from 0 to 1.',
      ],
      [
        `${JSON.stringify({ id: 1, length: 10.5, em: 1, sub_em: 1, f1: 1 })}\n`,
        'Line 1 of FILE is not a result row: "length" must be a whole number of tokens.',
      ],
      [
        `${JSON.stringify({ id: 1, length: 10, em: 1, sub_em: 1 })}\n`,
        'Line 1 of FILE is not a result row: it has no "f1" score and no "error".',
      ],
    ];
    for (const [i, [text, message]] of cases.entries()) {
      const file = write(`bad-${i}.jsonl`, text);
      const error = await refusal(file);
      expect(error.kind).toBe('Damaged');
      expect(error.message).toBe(message.replace('FILE', file));
      expect(error.hint).toMatch(/one JSON object a line/);
    }
  });
});

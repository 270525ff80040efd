import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { countJsonRows, readJsonRows, splitJsonArray } from './json-rows.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'memagent-json-rows-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tricky = [
  { context: 'brackets ] } [ { and "quotes" and a backslash \\', input: 'a, b', answers: ['x'] },
  { context: 'ends in a backslash \\\\', nested: [[1, 2], { a: [3] }], answers: ['ünï 😀'] },
  'a plain string, with a comma',
  42,
  null,
  [],
  {},
  { escaped: '\\"\\u0041\n\t' },
];

async function all(file: string) {
  const out: unknown[] = [];
  for await (const row of readJsonRows(file)) out.push(row.value);
  return out;
}

describe('splitJsonArray', () => {
  it('gives JSON.parse values for every element, wherever the text is cut into pieces', () => {
    const text = ` \n${JSON.stringify(tricky, null, 1)}\n`;
    for (let cut = 0; cut <= text.length; cut += 1) {
      const pieces = [text.slice(0, cut), text.slice(cut)];
      expect(splitJsonArray(pieces).map((e) => JSON.parse(e) as unknown)).toEqual(tricky);
    }
    // One character at a time: every state crosses a piece boundary.
    expect(splitJsonArray([...text]).map((e) => JSON.parse(e) as unknown)).toEqual(tricky);
  });

  it('reads an empty array and refuses what is not one array', () => {
    expect(splitJsonArray(['[ ]'])).toEqual([]);
    expect(() => splitJsonArray(['{"a": 1}'])).toThrow(/start with \[/);
    expect(() => splitJsonArray(['[1, 2'])).toThrow(/not closed/);
    expect(() => splitJsonArray(['[1] [2]'])).toThrow(/after its closing/);
    expect(() => splitJsonArray(['[1}]'])).toThrow(/unmatched/);
  });
});

describe('readJsonRows', () => {
  it('streams a JSON array whose strings span many reads (3 MB context)', async () => {
    const big = `${'Document 1:\nlong "quoted" text \\ with escapes\n'.repeat(70_000)}end`;
    const rows = [{ context: big, input: 'q' }, ...tricky];
    const file = path.join(dir, 'big.json');
    writeFileSync(file, JSON.stringify(rows));
    expect(await all(file)).toEqual(rows);
    expect(await countJsonRows(file)).toBe(rows.length);
    expect(await countJsonRows(file, { limit: 3 })).toBe(3);
    expect(await countJsonRows(file, { limit: 100 })).toBe(rows.length);
  });

  it('reads JSON Lines, skipping blank lines, and names a bad line', async () => {
    const file = path.join(dir, 'rows.jsonl');
    writeFileSync(file, `${JSON.stringify({ a: 1 })}\n\n${JSON.stringify({ b: 'x\ny' })}\r\n`);
    expect(await all(file)).toEqual([{ a: 1 }, { b: 'x\ny' }]);
    expect(await countJsonRows(file)).toBe(2);
    const bad = path.join(dir, 'bad.jsonl');
    writeFileSync(bad, '{"a": 1}\n{"a": \n');
    await expect(all(bad)).rejects.toMatchObject({
      kind: 'Damaged',
      message: expect.stringMatching(/line 2/),
    });
  });

  it('says that a file is missing or cut short', async () => {
    await expect(all(path.join(dir, 'none.json'))).rejects.toMatchObject({ kind: 'NotFound' });
    const cut = path.join(dir, 'cut.json');
    writeFileSync(cut, '[{"context": "abc"}, {"context": "de');
    await expect(all(cut)).rejects.toMatchObject({
      kind: 'Damaged',
      message: expect.stringMatching(/not closed/),
    });
  });
});

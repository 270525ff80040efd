import { describe, expect, it } from 'vitest';
import { writeJson } from './json-stream.ts';

async function written(value: Record<string, unknown>, streamed: string[]): Promise<string> {
  let text = '';
  await writeJson(async (t) => void (text += t), value, streamed);
  return text;
}

describe('writeJson', () => {
  it('writes what JSON.stringify(value, null, 2) writes, streamed arrays and all', async () => {
    const value = {
      run: { id: 'r', nested: { list: [1, { a: 'line\nbreak' }], empty: [] }, gone: undefined },
      document: null,
      evidence: [],
      missing: undefined,
      chunks: Array.from({ length: 3000 }, (_, i) => ({ index: i, pages: { first: i, last: i } })),
      memories: ['a', { memory: 'x'.repeat(2_000_000) }, [1, [2]], null],
      warnings: [],
    };
    expect(await written(value, ['chunks', 'memories', 'warnings', 'evidence'])).toBe(
      `${JSON.stringify(value, null, 2)}\n`,
    );
    expect(await written({}, [])).toBe('{}\n');
  });

  it('writes an iterable under a streamed key as the array of its elements, read as written', async () => {
    const rows = [
      { chunk: 0, memory: 'a' },
      { chunk: 1, memory: 'b\nc' },
    ];
    let read = 0;
    function* each() {
      for (const row of rows) {
        read += 1;
        yield row;
      }
    }
    const text = await written(
      { run: { id: 'r' }, memories: each(), none: [][Symbol.iterator]() },
      ['memories', 'none'],
    );
    expect(read).toBe(2);
    expect(text).toBe(
      `${JSON.stringify({ run: { id: 'r' }, memories: rows, none: [] }, null, 2)}\n`,
    );
  });
});

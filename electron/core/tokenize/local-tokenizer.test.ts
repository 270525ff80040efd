import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engine } from './engines.ts';
import { LocalTokenizer } from './local-tokenizer.ts';
import { splitAtLineBreaks } from './split-pieces.ts';

const mixed = readFileSync(path.join(import.meta.dirname, 'testdata/mixed.txt'), 'utf8');

/** A deterministic book-sized text: the fixture's paragraphs shuffled with numbered filler. */
function bigText(chars: number): string {
  const paras = mixed.split(/\n\n+/);
  const out: string[] = [];
  let n = 0;
  for (let i = 0; n < chars; i++) {
    const p = `${paras[(i * 7) % paras.length]} (section ${i}) /path/to/file ${'word '.repeat(i % 50)}`;
    out.push(p);
    n += p.length + 2;
  }
  return out.join(i18nBreaks());
}
// Deep equality of 100,000-element arrays is slow in expect(); compare directly.
function same(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

function i18nBreaks(): string {
  return '\n\n';
}

describe('local tokenizers on the worker pool', () => {
  const text =
    bigText(400_000) +
    '\n./\n/odd start\n\n\uFEFF\nBOM line\r\n\r\nCRLF paragraph\n' +
    'x'.repeat(40_000);
  const tokenizers: LocalTokenizer[] = [];
  afterAll(async () => {
    await Promise.all(tokenizers.map((t) => t.dispose()));
  });

  for (const name of ['qwen', 'o200k'] as const) {
    it(`${name}: pool counts and ids equal the single-thread engine`, async () => {
      const tok = new LocalTokenizer(name, { workers: 2 });
      tokenizers.push(tok);
      const single = engine(name);
      const paragraphs = text.split(/(?<=\n\n)/);
      expect(await tok.countMany([text])).toEqual([single.count(text)]);
      expect(
        same(
          await tok.countMany(paragraphs),
          paragraphs.map((p) => single.count(p)),
        ),
      ).toBe(true);
      const ids = await tok.encode(text);
      expect(ids.length).toBe(single.count(text));
      expect(same(ids, single.encode(text))).toBe(true);
    });
  }

  it('splits only where tokenization is unchanged', () => {
    const pieces = splitAtLineBreaks(text, 10_000);
    expect(pieces.length).toBeGreaterThan(30);
    expect(pieces.join('')).toBe(text);
    const q = engine('qwen');
    expect(pieces.reduce((n, p) => n + q.count(p), 0)).toBe(q.count(text));
  });

  it('keeps a text without line breaks whole', () => {
    expect(splitAtLineBreaks('y'.repeat(50_000), 1000)).toEqual(['y'.repeat(50_000)]);
    expect(splitAtLineBreaks('', 1000)).toEqual([]);
  });

  it('stops when aborted and works again afterwards', async () => {
    const tok = new LocalTokenizer('qwen', { workers: 2 });
    tokenizers.push(tok);
    const controller = new AbortController();
    const pending = tok.countMany([text, text, text], controller.signal);
    controller.abort();
    await expect(pending).rejects.toThrow();
    expect(await tok.countMany([text])).toEqual([engine('qwen').count(text)]);
  });

  it('rejects use after dispose', async () => {
    const tok = new LocalTokenizer('o200k', { workers: 1 });
    await tok.dispose();
    await expect(tok.encode('x'.repeat(100_000))).rejects.toThrow(/disposed/);
  });
});

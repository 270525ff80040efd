import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engine, type EngineName } from '../tokenize/engines.ts';
import { LocalTokenizer } from '../tokenize/local-tokenizer.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import { corpusDir, epubText } from '../tokenize/reference-qwen.ts';
import { chunkText, type TextChunk } from './chunker.ts';

const tokenizers = {
  qwen: new LocalTokenizer('qwen', { workers: 2 }),
  o200k: new LocalTokenizer('o200k', { workers: 2 }),
};
afterAll(async () => {
  await Promise.all(Object.values(tokenizers).map((t) => t.dispose()));
});

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Checks every promise of chunkText; returns the chunks. */
async function checkChunks(
  text: string,
  name: EngineName,
  budget: number,
  tokenizer: Tokenizer = tokenizers[name],
): Promise<TextChunk[]> {
  const chunks = await chunkText(text, tokenizer, budget);
  const count = engine(name);
  expect(chunks.map((c) => text.slice(c.start, c.end)).join('')).toBe(text);
  let at = 0;
  chunks.forEach((c, i) => {
    expect(c.index).toBe(i);
    expect(c.start).toBe(at);
    expect(c.end).toBeGreaterThan(c.start);
    at = c.end;
    const slice = text.slice(c.start, c.end);
    expect(c.tokens).toBe(count.count(slice));
    expect(c.tokens).toBeLessThanOrEqual(budget);
  });
  expect(at).toBe(text.length);
  const clusters = Array.from(graphemes.segment(text), (s) => ({
    start: s.index,
    end: s.index + s.segment.length,
  }));
  const clusterStarts = new Set(clusters.map((s) => s.start));
  for (const c of chunks.slice(1)) {
    const before = text.charCodeAt(c.start - 1);
    const after = text.charCodeAt(c.start);
    expect(before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff).toBe(false);
    // Splitting a grapheme cluster is allowed only when the cluster alone exceeds the budget.
    if (!clusterStarts.has(c.start)) {
      const cluster = clusters.find((s) => s.start < c.start && s.end > c.start)!;
      expect(count.count(text.slice(cluster.start, cluster.end))).toBeGreaterThan(budget);
    }
  }
  if (chunks.length > 2) {
    const full = chunks.slice(0, -1);
    const mean = full.reduce((n, c) => n + c.tokens, 0) / full.length;
    expect(mean).toBeGreaterThanOrEqual(0.9 * budget);
  }
  return chunks;
}

/** A small deterministic PRNG (mulberry32). */
function rng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'the',
  'memory',
  'agent',
  'reads',
  'every',
  'page',
  'of',
  'a',
  'long',
  'document,',
  'chunk',
  'by',
  'chunk',
  'Straße',
  'naïve',
  '42',
  '3.14',
  'x²',
  '👍🏽',
  '👨‍👩‍👧',
  'C++',
  'std::vector<int>',
  "don't",
  '“quoted”',
  'https://example.org/a/b',
];
const CJK = [
  '日本語',
  'の',
  '文章',
  'です',
  '東京',
  'は',
  '大きい',
  '都市',
  'で',
  'あり',
  '中文',
  '句子',
  '😀',
];

function generated(seed: number, paragraphs: number): string {
  const r = rng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const paras: string[] = [];
  for (let p = 0; p < paragraphs; p++) {
    const cjk = r() < 0.25;
    const sentences: string[] = [];
    const n = 1 + Math.floor(r() * 12);
    for (let s = 0; s < n; s++) {
      const len = 1 + Math.floor(r() * 25);
      if (cjk) {
        sentences.push(
          Array.from({ length: len }, () => pick(CJK)).join('') + pick(['。', '！', '？']),
        );
      } else {
        const words = Array.from({ length: len }, () => pick(WORDS));
        words[0] = words[0]!.charAt(0).toUpperCase() + words[0]!.slice(1);
        sentences.push(words.join(r() < 0.05 ? '  ' : ' ') + pick(['.', '.', '!', '?', '."', '…']));
      }
    }
    paras.push(sentences.join(cjk ? '' : r() < 0.2 ? '\n' : ' '));
  }
  return paras.join(r() < 0.5 ? '\n\n' : '\n \n');
}

describe('chunkText', () => {
  it('returns no chunk for empty text and one exact chunk for a short text', async () => {
    expect(await chunkText('', tokenizers.qwen, 5000)).toEqual([]);
    const text = 'A short text.\n\nTwo paragraphs, 日本語も。👍🏽';
    expect(await chunkText(text, tokenizers.qwen, 5000)).toEqual([
      { index: 0, start: 0, end: text.length, tokens: engine('qwen').count(text) },
    ]);
  });

  it('rejects a budget below 8 tokens and stops when aborted', async () => {
    await expect(chunkText('x', tokenizers.qwen, 4)).rejects.toMatchObject({ kind: 'BadUsage' });
    const controller = new AbortController();
    controller.abort();
    await expect(
      chunkText(generated(1, 50), tokenizers.qwen, 100, controller.signal),
    ).rejects.toThrow();
  });

  for (const seed of [1, 2, 3]) {
    for (const budget of [16, 60, 300, 2000]) {
      it(`generated text (seed ${seed}), budget ${budget}`, async () => {
        await checkChunks(generated(seed, 120), 'qwen', budget);
      });
    }
  }

  it('counts every chunk again with a tokenizer whose counts may not add up (a server)', async () => {
    const qwen = tokenizers.qwen;
    const opaque: Tokenizer = {
      id: 'opaque',
      encode: (t, s) => qwen.encode(t, s),
      countMany: (t, s) => qwen.countMany(t, s),
      dispose: async () => {},
    };
    await checkChunks(generated(4, 150), 'qwen', 300, opaque);
    await checkChunks(generated(4, 150) + '\n\n/slash\n\n\uFEFF\n\nx', 'qwen', 40);
  });

  it('generated text with o200k', async () => {
    await checkChunks(generated(7, 80), 'o200k', 300);
  });

  it('cuts only after paragraphs when paragraphs are small', async () => {
    const paras = Array.from(
      { length: 400 },
      (_, i) => `Paragraph ${i} says something short about item ${i * 7}.`,
    );
    const text = paras.join('\n\n');
    const chunks = await checkChunks(text, 'qwen', 1000);
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks.slice(1)) expect(text.slice(0, c.start)).toMatch(/\n\n$/);
  });

  it('cuts after sentences inside a long paragraph', async () => {
    const text = Array.from(
      { length: 600 },
      (_, i) => `Sentence number ${i} is about the ${i % 9}th topic of this long paragraph.`,
    ).join(' ');
    const chunks = await checkChunks(text, 'qwen', 500);
    for (const c of chunks.slice(1)) {
      expect(text.slice(0, c.start)).toMatch(/\. $/);
      expect(text.slice(c.start)).toMatch(/^Sentence/);
    }
  });

  it('cuts between words in a sentence that never ends', async () => {
    const text = Array.from({ length: 3000 }, (_, i) => `word${i % 97}`).join(' ');
    const chunks = await checkChunks(text, 'qwen', 200);
    for (const c of chunks.slice(1)) expect(text.slice(c.start - 1, c.start + 1)).toMatch(/^ \S$/);
  });

  it('cuts CJK text after 。！？, or between characters when a sentence is too long', async () => {
    const r = rng(9);
    const sentences = Array.from(
      { length: 800 },
      () =>
        Array.from(
          { length: 5 + Math.floor(r() * 30) },
          () => CJK[Math.floor(r() * CJK.length)],
        ).join('') + '。',
    );
    const text = sentences.join('');
    const chunks = await checkChunks(text, 'qwen', 400);
    for (const c of chunks.slice(1)) expect(text[c.start - 1]).toMatch(/[。！？]/);
    const noPunct = sentences.join('').replace(/。/g, '');
    await checkChunks(noPunct, 'qwen', 400);
  });

  it('never splits emoji or other characters, even with a tiny budget', async () => {
    const text = '👨‍👩‍👧‍👦🇯🇵👍🏽😀'.repeat(60) + ' ' + 'e\u0301'.repeat(100);
    await checkChunks(text, 'qwen', 8);
    await checkChunks(text, 'qwen', 30);
  });

  it('handles one 200,000-character paragraph without a line break', async () => {
    const english = generated(11, 400).replace(/\s+/g, ' ');
    const text = english.repeat(Math.ceil(200_000 / english.length)).slice(0, 200_000);
    expect(text).not.toMatch(/\n/);
    await checkChunks(text, 'qwen', 5000);
    const blob = 'QmFzZTY0IGJsb2Igd2l0aG91dCBzcGFjZXM'.repeat(6000).slice(0, 200_000);
    await checkChunks(blob, 'qwen', 5000);
  });

  it('finds paragraphs across the scan windows of a long text (a blank-line run straddling one)', async () => {
    const head = 'word '.repeat(104_855); // 524,275 characters: the run below crosses 524,288
    const text = head + '\n'.repeat(30) + generated(5, 600) + '\r\n\r\n' + generated(6, 600);
    const chunks = await checkChunks(text, 'qwen', 5000);
    expect(chunks.some((c) => c.start === head.length + 30)).toBe(true);
  });

  const en = path.join(corpusDir, 'live-manual.en.epub');
  const ja = path.join(corpusDir, 'live-manual.ja.epub');
  it.skipIf(!existsSync(en))('real English text (live-manual.en.epub)', async () => {
    const text = epubText(en);
    await checkChunks(text, 'qwen', 5000);
    await checkChunks(text, 'o200k', 1000);
  });
  it.skipIf(!existsSync(ja))('real Japanese text (live-manual.ja.epub)', async () => {
    const text = epubText(ja);
    await checkChunks(text, 'qwen', 5000);
    await checkChunks(text, 'qwen', 700);
  });
});

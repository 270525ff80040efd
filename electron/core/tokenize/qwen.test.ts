import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { QwenEngine } from './engines.ts';
import { corpusDir, epubText, referenceAvailable, referenceQwen } from './reference-qwen.ts';

const here = import.meta.dirname;
const mixed = readFileSync(path.join(here, 'testdata/mixed.txt'), 'utf8');
const golden = JSON.parse(readFileSync(path.join(here, 'testdata/qwen-golden.json'), 'utf8')) as {
  text: string;
  ids: number[];
}[];
const qwen = new QwenEngine();

const cases: Record<string, string> = {
  english: "Hello world, it's a test. They'll see; we've been there. I'M LOUD, IT'S OK'S.",
  contractions:
    "x's x'S x't x'T x're x'RE x'Re x've x'VE x'm x'M x'll x'LL x'Ll x'd x'D x'ſ x'ſa 's 'S '",
  japanese: '日本語の文章です。句読点があります！本当ですか？「かぎかっこ」も使います。',
  emoji: '👍🏽 👨‍👩‍👧‍👦 🇯🇵 ❤️ 🧑🏾‍💻 🇦 😀😀😀',
  bomNewline: '\uFEFF\nHi',
  bomWord: '\uFEFFHello',
  bomMiddle: 'a\uFEFF b \uFEFF\n\uFEFF',
  whitespace: 'a  b\t\tc \n\n  d\r\n\r\ne\u00a0f\u3000g\u0085h   \n',
  digits: '12345 1,234.56 ١٢٣ １２３',
  nfd: 'e\u0301 A\u030a Cafe\u0301',
  longWord: 'a'.repeat(3000) + ' ' + 'ab'.repeat(500) + ' ' + '—'.repeat(400),
  mixedFixture: mixed,
};

describe.skipIf(!referenceAvailable)(
  'Qwen ids equal Hugging Face tokenizers over Qwen\u2019s tokenizer.json',
  () => {
    let plain: (text: string) => Promise<number[]>;
    let full: (text: string) => Promise<number[]>;
    beforeAll(async () => {
      plain = await referenceQwen({ plainText: true });
      full = await referenceQwen();
    });

    for (const [name, text] of Object.entries(cases)) {
      it(name, async () => {
        expect(qwen.encode(text)).toEqual(await plain(text));
      });
    }

    it('matches the full reference on text without special-token strings', async () => {
      const text = cases['english']! + cases['japanese']! + cases['emoji']!;
      expect(qwen.encode(text)).toEqual(await full(text));
    });

    it('encodes <|endoftext|> and <think> as plain text, never as special ids', async () => {
      const text = 'before<|endoftext|>after <|im_start|>user <think>x</think>';
      const ids = qwen.encode(text);
      expect(ids.every((id) => id < 151643)).toBe(true);
      expect(ids).toEqual(await plain(text));
      expect(await full(text)).toContain(151643); // what a naive encode would have produced
      expect(qwen.decode(ids)).toBe(text);
    });

    it('the BOM + newline token survives (61519, not 198)', () => {
      expect(qwen.encode('\uFEFF\n')).toEqual([61519]);
      expect(qwen.decode([61519])).toBe('\uFEFF\n');
    });

    const enBook = path.join(corpusDir, 'live-manual.en.epub');
    const jaBook = path.join(corpusDir, 'live-manual.ja.epub');
    it.skipIf(!existsSync(enBook))('English book (live-manual.en.epub)', async () => {
      const text = epubText(enBook);
      expect(qwen.encode(text)).toEqual(await plain(text));
    });
    it.skipIf(!existsSync(jaBook))('Japanese book (live-manual.ja.epub)', async () => {
      const text = epubText(jaBook);
      expect(qwen.encode(text)).toEqual(await plain(text));
    });
  },
);

describe('Qwen tokenizer shipped with the app', () => {
  it('reproduces the committed golden ids (fails if the shipped vocabulary or the splitter drift)', () => {
    expect(golden.length).toBeGreaterThan(5);
    for (const { text, ids } of golden) expect(qwen.encode(text)).toEqual(ids);
  });

  it('count equals the number of encoded ids', () => {
    for (const text of Object.values(cases))
      expect(qwen.count(text)).toBe(qwen.encode(text).length);
  });

  it('round-trips NFC text exactly, including a leading BOM', () => {
    for (const text of Object.values(cases)) {
      const nfc = text.normalize('NFC');
      expect(qwen.decode(qwen.encode(nfc))).toBe(nfc);
    }
  });

  it('normalizes to NFC like Qwen does', () => {
    expect(qwen.encode('e\u0301')).toEqual(qwen.encode('\u00e9'));
  });

  it('encodes the empty string as no tokens', () => {
    expect(qwen.encode('')).toEqual([]);
    expect(qwen.count('')).toBe(0);
  });
});

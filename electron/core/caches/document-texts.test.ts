// The library's document texts: one load however many ask at once, and memory bounded by
// bytes (texts past the budget are read again from the on-disk cache, not extracted again).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_READING, type DocumentInfo } from '../../../shared/model.ts';
import { sha256Hex } from '../hash.ts';
import { extractDocument } from '../documents/index.ts';
import { createDocumentTexts } from './document-texts.ts';
import { createOcrService } from '../documents/ocr-service.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A text file in a temp folder, as the library knows it, and texts counting extractions. */
function setUp(memoryBytes?: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-texts-'));
  dirs.push(dir);
  const extracted: string[] = [];
  const texts = createDocumentTexts({
    cacheDir: path.join(dir, 'cache'),
    maxBytes: 1 << 20,
    readingFor: () => DEFAULT_READING,
    ocr: createOcrService(path.join(dir, 'ocr')),
    ...(memoryBytes === undefined ? {} : { memoryBytes }),
    extract: (input, options) => {
      extracted.push('bytes' in input ? (input.name ?? '') : input.path);
      return extractDocument(input, options);
    },
  });
  const file = (name: string, text: string): DocumentInfo => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return {
      id: sha256Hex(fs.readFileSync(p)),
      fileName: name,
      path: p,
      format: 'text',
      title: name,
      chars: text.length,
      openedAt: 0,
      warnings: [],
    };
  };
  return { texts, extracted, file };
}

describe('document texts', () => {
  it('two concurrent loads of one document are one extraction', async () => {
    const { texts, extracted, file } = setUp();
    const info = file('book.txt', 'The vault code is 4711.\n'.repeat(2000));
    const [a, b] = await Promise.all([texts.load(info), texts.load(info)]);
    expect(a.text).toContain('4711');
    expect(b).toBe(a);
    expect(extracted).toEqual(['book.txt']);
    // A later load is served from memory.
    expect(await texts.load(info)).toBe(a);
    expect(extracted).toHaveLength(1);
  });

  it('one caller giving up does not fail another waiting for the same text', async () => {
    const { texts, extracted, file } = setUp();
    const info = file('book.txt', 'Ada set the code in the spring.\n'.repeat(2000));
    const gaveUp = new AbortController();
    const first = texts.load(info, { signal: gaveUp.signal });
    const second = texts.load(info);
    gaveUp.abort();
    await expect(first).rejects.toMatchObject({ name: 'AbortError' });
    expect((await second).text).toContain('Ada');
    expect(extracted).toHaveLength(1);
  });

  it('keeps texts within its byte budget; one pushed out is read from the disk cache', async () => {
    // Room for about one of these texts (each ~48 KB counted).
    const { texts, extracted, file } = setUp(64 * 1024);
    const one = file('one.txt', 'one '.repeat(6000));
    const two = file('two.txt', 'two '.repeat(6000));
    const first = await texts.load(one);
    await texts.load(two);
    const again = await texts.load(one);
    // Not the object kept in memory (it was dropped), but the same text, and not extracted again.
    expect(again).not.toBe(first);
    expect(again.text).toBe(first.text);
    expect(extracted).toEqual(['one.txt', 'two.txt']);
  });
});

import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeText } from './decode-text.ts';
import { DEFAULT_EXTRACTION_LIMITS, documentStats, extractDocument } from './index.ts';
import { pdfBomb } from '../../../scripts/make-bombs.ts';
import { sniffKind } from './sniff.ts';
import { expectKind, fixture, fixtureBytes } from './test-support.ts';

const FRENCH = 'Le café de la gare ouvre à sept heures. « Déjà ? » demanda-t-il.';

describe('text and Markdown', () => {
  it.each([
    'french-utf8.txt',
    'french-utf16le.txt',
    'french-utf16be.txt',
    'french-windows1252.txt',
  ])('decodes %s to the same text', async (name) => {
    const doc = await extractDocument({ path: fixture(name) });
    expect(doc.format).toBe('text');
    expect(doc.text.startsWith(FRENCH)).toBe(true);
    expect(doc.text).toContain('Ça coûte 3 € — très cher.');
    expect(doc.text).toContain('l’école');
    expect(doc.text).not.toContain('\r');
    expect(doc.text.charCodeAt(0)).not.toBe(0xfeff);
    expect(doc.title).toBe(name.replace('.txt', ''));
  });

  it('warns when it had to guess a legacy encoding', async () => {
    const doc = await extractDocument({ path: fixture('french-windows1252.txt') });
    expect(doc.warnings.join(' ')).toMatch(/windows-1252/);
    const utf8 = await extractDocument({ path: fixture('french-utf8.txt') });
    expect(utf8.warnings).toEqual([]);
    expect(utf8.text).toContain('日本語のテキストも含まれます。');
  });

  it('reads UTF-16 without a BOM by its zero bytes', () => {
    const bytes = new Uint8Array(
      Buffer.from('Plain ASCII text in UTF-16 without a byte order mark.', 'utf16le'),
    );
    expect(decodeText(bytes)).toEqual({
      text: 'Plain ASCII text in UTF-16 without a byte order mark.',
      encoding: 'utf-16le',
    });
  });

  it('turns Markdown headings (ATX and setext, not in code fences) into sections', async () => {
    const doc = await extractDocument({ path: fixture('notes.md') });
    expect(doc.format).toBe('markdown');
    expect(doc.title).toBe('Field Notes');
    expect(doc.sections?.map((s) => [s.title, s.level])).toEqual([
      ['Field Notes', 1],
      ['Day one', 2],
      ['Day two', 2],
    ]);
    for (const s of doc.sections ?? [])
      expect(doc.text.slice(s.start)).toMatch(/^#* ?(Field Notes|Day one|Day two)/);
  });

  it('sniffs the format from the bytes, not the name', async () => {
    const doc = await extractDocument({
      bytes: fixtureBytes('contract.pdf'),
      name: 'looks-like.txt',
    });
    expect(doc.format).toBe('pdf');
    const html = await extractDocument({ bytes: fixtureBytes('article.html'), name: 'page.txt' });
    expect(html.format).toBe('html');
    expect(sniffKind(fixtureBytes('lease.docx'))).toBe('docx');
    expect(sniffKind(fixtureBytes('lighthouse.epub'))).toBe('epub');
  });

  it('gives stats for the CLI', async () => {
    const doc = await extractDocument({ path: fixture('notes.md') });
    expect(documentStats(doc)).toMatchObject({ chars: doc.text.length, sections: 3, pages: 0 });
  });
});

describe('inputs that are refused', () => {
  const dir = mkdtempSync(join(tmpdir(), 'memagent-docs-'));
  const file = (name: string, data: Uint8Array | string): string => {
    const path = join(dir, name);
    writeFileSync(path, data);
    return path;
  };

  it('NotFound for a missing file', async () => {
    await expectKind(extractDocument({ path: join(dir, 'nope.pdf') }), 'NotFound');
  });

  it('TooLarge before reading, by the size limit', async () => {
    const error = await expectKind(
      extractDocument({ path: fixture('contract.pdf') }, { maxBytes: 1000 }),
      'TooLarge',
    );
    expect(error.message).toMatch(/too large/);
  });

  it('Damaged for an empty file', async () => {
    await expectKind(extractDocument({ path: file('empty.txt', '') }), 'Damaged');
  });

  it('Unsupported for binary garbage, MOBI, old Word, images and archives', async () => {
    const garbage = new Uint8Array(4096).map((_, i) => (i * 131) % 256);
    await expectKind(extractDocument({ bytes: garbage, name: 'x.txt' }), 'Unsupported');
    const mobi = new Uint8Array(200);
    mobi.set(Buffer.from('BOOKMOBI'), 60);
    const error = await expectKind(extractDocument({ bytes: mobi }), 'Unsupported');
    expect(error.message).toMatch(/MOBI/);
    await expectKind(
      extractDocument({
        bytes: new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2]),
      }),
      'Unsupported',
    );
    await expectKind(
      extractDocument({ bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 13, 10, 26, 10]) }),
      'Unsupported',
    );
    await expectKind(
      extractDocument({ bytes: new Uint8Array([0x1f, 0x8b, 8, 0, 0, 0]) }),
      'Unsupported',
    );
  });

  it('Cancelled when the signal is already aborted', async () => {
    await expectKind(
      extractDocument({ path: fixture('notes.md') }, { signal: AbortSignal.abort() }),
      'Cancelled',
    );
  });
});

describe('the text limit', () => {
  const MB = 1024 * 1024;
  const paragraph = 'The committee met in the spring to discuss the northern bridges.\n\n';

  it('is 64 MB by default', () => {
    expect(DEFAULT_EXTRACTION_LIMITS.maxTextBytes).toBe(64 * MB);
  });

  it('refuses a text, Markdown or HTML file over it before reading it, and says the limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memagent-text-limit-'));
    try {
      const text = paragraph.repeat(Math.ceil((3 * MB) / paragraph.length));
      const files = {
        'big.txt': text,
        'big.md': `# Title\n\n${text}`,
        'big.html': `<html><body><p>${text}</p></body></html>`,
      };
      for (const [name, content] of Object.entries(files)) {
        const path = join(dir, name);
        writeFileSync(path, content);
        const error = await expectKind(
          extractDocument({ path }, { limits: { maxTextBytes: 2 * MB } }),
          'TooLarge',
        );
        expect(error.message).toBe(
          'This file is too large to read as text (3 MB; the limit for plain text, Markdown and HTML is 2 MB).',
        );
      }
      // Bytes already in memory (the app hashes them first) meet the same limit.
      await expectKind(
        extractDocument(
          { bytes: new TextEncoder().encode(text), name: 'big.txt' },
          { limits: { maxTextBytes: 2 * MB } },
        ),
        'TooLarge',
      );
      // Under the limit it is read whole.
      const doc = await extractDocument(
        { path: join(dir, 'big.txt') },
        { limits: { maxTextBytes: 4 * MB } },
      );
      expect(doc.text.length).toBe(text.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves other formats to their own limits', async () => {
    const doc = await extractDocument(
      { bytes: await pdfBomb(1 * MB) },
      { limits: { maxTextBytes: 1024 } },
    );
    expect(doc.text).toBe('Hello bomb');
  });
});

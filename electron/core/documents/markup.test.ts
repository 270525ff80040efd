import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { extractDocument } from './index.ts';
import { expectKind, fixture } from './test-support.ts';

describe('DOCX', () => {
  it('keeps footnotes, tables row by row, lists and headings as sections', async () => {
    const doc = await extractDocument({ path: fixture('lease.docx') });
    expect(doc.format).toBe('docx');
    expect(doc.title).toBe('Lease Agreement & Annex');
    expect(doc.text).toContain('The landlord rents the flat to the tenant[1] from 1 March.');
    expect(doc.text).toContain('The tenant is named in Annex A.');
    expect(doc.text).not.toContain('↑');
    expect(doc.text).toContain('Item | Amount\nMonthly rent | 950 EUR\nDeposit | 2850 EUR');
    expect(doc.text).toContain('- Pay by bank transfer.\n- Quote the flat number.');
    expect(doc.sections?.map((s) => [s.title, s.level])).toEqual([
      ['1. Parties', 1],
      ['2. Rent', 1],
      ['2.1 Payment', 2],
    ]);
    for (const s of doc.sections ?? [])
      expect(doc.text.slice(s.start, s.start + s.title.length)).toBe(s.title);
  });
});

describe('EPUB', () => {
  it('reads the spine once per file, titles from the nav, CJK intact, entities not expanded', async () => {
    const progress: { done: number; total: number }[] = [];
    const doc = await extractDocument(
      { path: fixture('lighthouse.epub') },
      { onProgress: (p) => progress.push(p) },
    );
    expect(doc.format).toBe('epub');
    // &amp; decoded; the DOCTYPE's own entity is never expanded.
    expect(doc.title).toBe('The Lighthouse & the Sea &boom;');
    expect(doc.text).not.toContain('boomboom');
    expect(doc.text.match(/The storm came/g)).toHaveLength(1);
    expect(doc.text).toContain('灯台守は毎晩ランプを灯した。海は静かだった。');
    expect(doc.text).toContain('The keeper lit the lamp at dusk & watched the sea.');
    expect(doc.text).not.toContain('alert(1)');
    expect(doc.text).not.toContain('color:red');
    expect(doc.text.indexOf('Chapter One')).toBeLessThan(doc.text.indexOf('第二章'));
    expect(doc.sections?.map((s) => [s.title, s.level])).toEqual([
      ['Chapter One: The Keeper', 1],
      ['The Storm', 2],
      ['第二章 灯台', 1],
    ]);
    expect(doc.warnings.join('\n')).toMatch(/missing\.xhtml/);
    expect(doc.warnings.join('\n')).toMatch(/ghost/);
    expect(progress.at(-1)).toEqual({ done: 3, total: 3 });
  });

  it.each(['malformed.epub', 'truncated.epub'])('Damaged for %s', async (name) => {
    await expectKind(extractDocument({ path: fixture(name) }), 'Damaged');
  });

  it('TooLarge for too many entries; a bomb no package document reaches is never inflated', async () => {
    // zip-bomb.epub has no OPF: entries are inflated only when read, so its 300 MB chapter
    // never is (bounds.test.ts has bombs that are read).
    await expectKind(extractDocument({ path: fixture('zip-bomb.epub') }), 'Damaged');
    const many: Record<string, Uint8Array> = { mimetype: strToU8('application/epub+zip') };
    for (let i = 0; i < 20_001; i++) many[`x/${i}.xhtml`] = new Uint8Array(0);
    const error = await expectKind(
      extractDocument({ bytes: zipSync(many, { level: 0 }) }),
      'TooLarge',
    );
    // Nothing was unpacked: the sentence says what the limit is, not "a decompression bomb".
    expect(error.message).toBe('This document holds 20,002 files inside it; the limit is 20,000.');
  });
});

describe('HTML', () => {
  it('decodes every HTML5 character reference in the title, as a browser shows it', async () => {
    const page =
      '<html><head><title>Caf&eacute; &ndash; &Uuml;ber&nbsp;uns &#x263A; &amp;c &bogus;</title></head><body><p>Menu.</p></body></html>';
    const doc = await extractDocument({ bytes: strToU8(page), name: 'cafe.html' });
    expect(doc.title).toBe('Café – Über uns ☺ &c &bogus;');
  });

  it('drops scripts and styles, keeps tables and lists readable, headings as sections', async () => {
    const doc = await extractDocument({ path: fixture('article.html') });
    expect(doc.format).toBe('html');
    expect(doc.title).toBe('Tide Tables & Harbours');
    expect(doc.text).not.toMatch(/tracking|font:12px/);
    expect(doc.text).toContain('Harbour | Depth\nBrest | 12 m\nSaint-Malo | 8 m');
    expect(doc.text).toContain('- Check the weather.\n- Carry a radio.');
    expect(doc.text).toContain('Café <open> all day — even in winter.');
    expect(doc.sections?.map((s) => s.title)).toEqual(['Tide Tables', 'Harbours', 'Notes']);
    expect(doc.text.slice(doc.sections?.[1]?.start ?? -1)).toMatch(/^Harbours\n/);
  });

  it('a private-use marker in the input cannot forge a section', async () => {
    const html = '<html><body><p>\uE0001\uE001Fake</p><h1>Real</h1></body></html>';
    const doc = await extractDocument({ bytes: new TextEncoder().encode(html), name: 'x.html' });
    expect(doc.sections?.map((s) => s.title)).toEqual(['Real']);
  });
});

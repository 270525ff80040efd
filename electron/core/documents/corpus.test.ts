import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEpub } from './epub.ts';
import { extractDocument } from './index.ts';
import { locateSpan } from './locations.ts';
import { corpusDir } from './test-support.ts';

// Real documents nobody here wrote; present only beside the checkout (../shared/corpus).
const corpus = (name: string): string => join(corpusDir, name);

describe.skipIf(!existsSync(corpusDir))('corpus documents', () => {
  it('gpl-3.0.pdf and gpl-3.0.docx give the same licence text', async () => {
    const pdf = await extractDocument({ path: corpus('gpl-3.0.pdf') });
    const docx = await extractDocument({ path: corpus('gpl-3.0.docx') });
    expect(pdf.pages?.length).toBeGreaterThan(5);
    for (const doc of [pdf, docx]) {
      expect(doc.text).toContain('GNU GENERAL PUBLIC LICENSE');
      expect(doc.text).toMatch(/15\.\s+Disclaimer of Warranty\./);
      expect(doc.warnings).toEqual([]);
    }
    const words = (t: string): string[] => t.toLowerCase().match(/[a-z]+/g) ?? [];
    expect(
      Math.abs(words(pdf.text).length - words(docx.text).length) / words(docx.text).length,
    ).toBeLessThan(0.02);
  });

  it('fhs-3.0 HTML and DOCX: headings as sections, tables row by row', async () => {
    const html = await extractDocument({ path: corpus('fhs-3.0.html') });
    const docx = await extractDocument({ path: corpus('fhs-3.0.docx') });
    expect(html.title).toBe('Filesystem Hierarchy Standard');
    for (const doc of [html, docx]) {
      expect(doc.sections?.length).toBeGreaterThan(50);
      expect(doc.sections?.some((s) => /\/usr\/local/.test(s.title))).toBe(true);
      expect(doc.text).toMatch(/^.*\| .*$/m);
    }
  });

  it('live-manual EPUBs: 47 titled chapters in spine order, Japanese intact', async () => {
    for (const lang of ['en', 'ja']) {
      const doc = await extractDocument({ path: corpus(`live-manual.${lang}.epub`) });
      expect(doc.format).toBe('epub');
      expect(doc.warnings).toEqual([]);
      const { chapters } = readEpub(
        readFileSync(corpus(`live-manual.${lang}.epub`)),
        'x',
        () => {},
      );
      expect(chapters).toHaveLength(47);
      expect(chapters.every((c) => (c.title ?? '').trim() !== '' && c.text.trim() !== '')).toBe(
        true,
      );
      expect(doc.sections?.length).toBeGreaterThanOrEqual(47);
      if (lang === 'ja') {
        expect(doc.text).toContain('Live システムマニュアル');
        expect(doc.text).not.toContain('\uFFFD');
      }
    }
  });

  it(
    'cplusplus-annotations.pdf: 1,151 pages with labels, outline and locations',
    { timeout: 180_000 },
    async () => {
      let last = { done: 0, total: 0 };
      const doc = await extractDocument(
        { path: corpus('cplusplus-annotations.pdf') },
        { onProgress: (p) => (last = p) },
      );
      expect(doc.pages).toHaveLength(1151);
      expect(last).toEqual({ done: 1151, total: 1151 });
      expect(doc.text.length).toBeGreaterThan(2_000_000);
      expect(doc.sections?.length).toBeGreaterThan(500);
      const middle = Math.floor(doc.text.length / 2);
      const where = locateSpan(doc, middle, middle + 20_000);
      expect(where.pages?.first).toBeGreaterThan(400);
      expect(where.section).toBeDefined();
    },
  );
});

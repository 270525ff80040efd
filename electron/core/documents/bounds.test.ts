// Decompression bombs, small enough for CI: each inflates to a few times its limit, so the
// test proves the bound (TooLarge, or a skipped part) without needing gigabytes. The 1 GB
// originals are in bench/extract-bombs.ts.
import { describe, expect, it } from 'vitest';
import {
  docxBomb,
  epubBomb,
  pdfBomb,
  pdfPages,
  pdfPageTreeBomb,
} from '../../../scripts/make-bombs.ts';
import { extractDocument } from './index.ts';
import { expectKind } from './test-support.ts';

const MB = 1024 * 1024;

describe('decompression bounds', () => {
  it('DOCX: document.xml inflating to 8 MB while declaring 1 KB stops at the 2 MB part limit', async () => {
    const bytes = await docxBomb(8 * MB, 1024);
    expect(bytes.length).toBeLessThan(100_000);
    const error = await expectKind(
      extractDocument({ bytes }, { limits: { maxPartBytes: 2 * MB } }),
      'TooLarge',
    );
    expect(error.message).toMatch(/unpacks to more data than allowed/);
    expect(error.detail).toBe('word/document.xml unpacks to more than 2 MB');
  });

  it('DOCX: a document within the limits is read in full', async () => {
    const doc = await extractDocument(
      { bytes: await docxBomb(1 * MB) },
      { limits: { maxPartBytes: 2 * MB } },
    );
    expect(doc.text.match(/northern bridges/g)?.length).toBeGreaterThan(8_000);
  });

  it('EPUB: chapters over the part limit are skipped with a warning, whatever they declare', async () => {
    const doc = await extractDocument(
      { bytes: await epubBomb(2, 3 * MB, 1024) },
      { limits: { maxPartBytes: 2 * MB } },
    );
    expect(doc.text).toBe('Prologue\n\nThe keeper lit the lamp.');
    expect(doc.warnings).toEqual([
      '2 chapter file(s) unpack to more than 2 MB each and were skipped: c1.xhtml, c2.xhtml.',
    ]);
  });

  it('EPUB: chapters each within the part limit but over the total fail with TooLarge', async () => {
    const error = await expectKind(
      extractDocument(
        { bytes: await epubBomb(4, 1.5 * MB) },
        { limits: { maxPartBytes: 2 * MB, maxUnpackedBytes: 4 * MB } },
      ),
      'TooLarge',
    );
    expect(error.detail).toBe('the document unpacks to more than 4 MB');
  });

  it('PDF: a content stream inflating to 20 MB is refused before PDFium sees it', async () => {
    const bytes = await pdfBomb(20 * MB);
    expect(bytes.length).toBeLessThan(100_000);
    const error = await expectKind(
      extractDocument({ bytes }, { limits: { maxPartBytes: 5 * MB } }),
      'TooLarge',
    );
    expect(error.detail).toBe('A PDF stream unpacks to more than 5 MB');
  });

  it('PDF: a compressed stream under the limit is read', async () => {
    const doc = await extractDocument({ bytes: await pdfBomb(1 * MB) });
    expect(doc.text).toBe('Hello bomb');
  });

  it('PDF: many streams each under the part limit are stopped by the memory limit near it', async () => {
    // One page of 8 streams of 24 MB: the engine joins them into one 192 MB buffer.
    const error = await expectKind(
      extractDocument(
        { bytes: await pdfBomb(24 * MB, 8) },
        { limits: { maxPartBytes: 32 * MB, maxMemoryBytes: 64 * MB } },
      ),
      'TooLarge',
    );
    expect(error.message).toBe('This document needs more memory than allowed to read.');
    // The workers' own figure when they were stopped: near the limit, far from 192 MB.
    const used = Number(
      /^([\d.]+) MB of worker memory, limit 64 MB$/.exec(error.detail ?? '')?.[1],
    );
    expect(used).toBeGreaterThan(64);
    expect(used).toBeLessThan(128);
  });

  it('PDF: a page tree of 8 KB listing 300,000 pages is refused by its count, before a page is read', async () => {
    const bytes = pdfPageTreeBomb(300, 1000);
    expect(bytes.length).toBeLessThan(10_000);
    const error = await expectKind(extractDocument({ bytes }), 'TooLarge');
    expect(error.message).toBe('This PDF has 300,000 pages; the limit is 20,000.');
  });

  it('PDF: a page tree that reaches one page twice is refused, not read 10,000 times', async () => {
    const pages: number[] = [];
    const error = await expectKind(
      extractDocument(
        { bytes: pdfPageTreeBomb(100, 100) },
        { onProgress: (p) => pages.push(p.done) },
      ),
      'Damaged',
    );
    // Two workers read pages 1-32 and 33-64 or so: whichever pair arrives first is named.
    expect(error.message).toMatch(
      /^This PDF lists the same page more than once \(pages \d+ and \d+ are one page\): its page tree is damaged or built to exhaust memory\.$/,
    );
    // Stopped at the first repeat: one page was read, not 10,000.
    expect(pages).toEqual([1]);
  });

  it('PDF: distinct pages up to the page limit are read; one more page is refused', async () => {
    const doc = await extractDocument({ bytes: pdfPages(12) }, { limits: { maxPages: 12 } });
    expect(doc.pages).toHaveLength(12);
    expect(doc.text).toContain('Page 12');
    const error = await expectKind(
      extractDocument({ bytes: pdfPages(13) }, { limits: { maxPages: 12 } }),
      'TooLarge',
    );
    expect(error.message).toBe('This PDF has 13 pages; the limit is 12.');
  });

  it('HTML: text building beyond the memory limit fails with TooLarge', async () => {
    const html = `<html><body>${'<p>The committee met in the spring.</p>'.repeat(100_000)}</body></html>`;
    await expectKind(
      extractDocument(
        { bytes: new TextEncoder().encode(html), name: 'big.html' },
        { limits: { maxMemoryBytes: 24 * MB } },
      ),
      'TooLarge',
    );
  });
});

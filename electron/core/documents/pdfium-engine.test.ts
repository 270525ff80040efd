import { describe, expect, it } from 'vitest';
import { loadPdfium, openDocument, readPage, renderPage } from './pdfium-engine.ts';
import { fixtureBytes } from './test-support.ts';

describe('PDFium engine: pages for OCR', () => {
  it('flags a scanned page (no text, an image) and renders it as RGBA with the image drawn', async () => {
    const doc = openDocument(await loadPdfium(), fixtureBytes('scanned.pdf'));
    expect(readPage(doc, 0)).toMatchObject({ hasText: true });
    expect(readPage(doc, 1)).toMatchObject({ hasText: false, imageCount: 1, text: '' });
    const page = renderPage(doc, 1, 0.5);
    expect([page.width, page.height, page.rgba.length]).toEqual([306, 396, 306 * 396 * 4]);
    // The fixture draws its 8×8 grey image at (100, 400)-(500, 700) in PDF space: at half
    // scale, the pixel at (150, 100) from the top left is inside it; (10, 10) is white paper.
    const at = (x: number, y: number): number[] => [
      ...page.rgba.slice((y * 306 + x) * 4, (y * 306 + x) * 4 + 4),
    ];
    expect(at(10, 10)).toEqual([255, 255, 255, 255]);
    const inside = at(150, 100);
    expect(inside[0]).toBeLessThan(250);
    expect(inside[0]).toBe(inside[1]);
  });

  it('frees each page bitmap: rendering the same page again does not grow the memory', async () => {
    let memory = 0;
    const doc = openDocument(
      await loadPdfium({ onMemory: (bytes) => (memory = bytes) }),
      fixtureBytes('scanned.pdf'),
    );
    // 150 dpi, as for OCR: 1275 × 1650 pixels, 8.4 MB per bitmap.
    renderPage(doc, 1, 150 / 72);
    const afterOne = memory;
    for (let i = 0; i < 10; i++) renderPage(doc, 1 + (i % 3), 150 / 72);
    expect(memory).toBe(afterOne);
  });
});

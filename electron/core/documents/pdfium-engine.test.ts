import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pageToFrame } from '../../../shared/page-frame.ts';
import { loadPdfium, openDocument, readPage, renderPage } from './pdfium-engine.ts';
import { corpusDir, fixtureBytes } from './test-support.ts';

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

describe('PDFium engine: pages for the page view', () => {
  it('draws a page turned by its /Rotate, and pageToFrame puts a text line where PDFium does', async () => {
    const engine = await loadPdfium();
    const doc = openDocument(engine, new Uint8Array(readFileSync(join(corpusDir, 'gpl-3.0.pdf'))));
    const line = readPage(doc, 6).lines;
    const rect = { x0: line[2] ?? 0, y0: line[3] ?? 0, x1: line[4] ?? 0, y1: line[5] ?? 0 };
    const scale = 1.5;
    for (const rotation of [0, 1, 2, 3]) {
      // /Rotate is set in the page's dictionary, as a file would carry it.
      const page = engine.FPDF_LoadPage(doc.handle, 6);
      engine.FPDFPage_SetRotation(page, rotation);
      engine.FPDF_ClosePage(page);
      const drawn = renderPage(doc, 6, scale);
      expect(drawn.rotation).toBe(rotation);
      const [bx0, by0, bx1, by1] = drawn.box;
      const across = Math.round((bx1 - bx0) * scale);
      const down = Math.round((by1 - by0) * scale);
      expect([drawn.width, drawn.height]).toEqual(rotation % 2 ? [down, across] : [across, down]);
      // PDFium's own page-to-device mapping of the line's two corners.
      const device = (x: number, y: number): [number, number] => {
        const p = engine.FPDF_LoadPage(doc.handle, 6);
        const out = engine.pdfium.wasmExports.malloc(8);
        const heap = engine.pdfium as unknown as { HEAP32: Int32Array };
        engine.FPDF_PageToDevice(p, 0, 0, drawn.width, drawn.height, 0, x, y, out, out + 4);
        const point: [number, number] = [heap.HEAP32[out / 4] ?? 0, heap.HEAP32[out / 4 + 1] ?? 0];
        engine.pdfium.wasmExports.free(out);
        engine.FPDF_ClosePage(p);
        return point;
      };
      const [ax, ay] = device(rect.x0, rect.y0);
      const [cx, cy] = device(rect.x1, rect.y1);
      const frame = pageToFrame(rect, drawn.box, drawn.rotation, scale);
      expect(frame.left).toBeCloseTo(Math.min(ax, cx), -0.5);
      expect(frame.top).toBeCloseTo(Math.min(ay, cy), -0.5);
      expect(frame.left + frame.width).toBeCloseTo(Math.max(ax, cx), -0.5);
      expect(frame.top + frame.height).toBeCloseTo(Math.max(ay, cy), -0.5);
    }
  });
});

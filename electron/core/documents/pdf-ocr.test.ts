// extractDocument with an OCR pool on an image-only PDF: pages of the corpus GPL scanned by
// poppler and wrapped by img2pdf, recognised by the real tesseract.js (2-5 s a page here).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CoreError } from '../errors.ts';
import { geometryOf, rectsForSpan } from './geometry.ts';
import { extractDocument } from './index.ts';
import { createOcrPool, type OcrPool } from './ocr-pool.ts';
import {
  makeNoisePdf,
  makeScannedPdf,
  popplerWords,
  wordOverlap,
  wordsOf,
} from './ocr.test-support.ts';
import { corpusDir, expectKind } from './test-support.ts';
import { missingSystemTools, skipNote } from '../system-tools.test-support.ts';

const gpl = path.join(corpusDir, 'gpl-3.0.pdf');

/** The scans are made, and read back for reference, by poppler and img2pdf. */
const NO_SCANS = missingSystemTools(['pdftoppm', 'pdftotext', 'img2pdf']);

let pool: OcrPool;
let dir: string;
let scanned: string;

// The hooks sit inside the suite so that a machine without the tools skips them with it.
describe.skipIf(NO_SCANS !== null)(`PDF extraction with OCR${skipNote(NO_SCANS)}`, () => {
  beforeAll(() => {
    pool = createOcrPool({ size: 1 });
    dir = mkdtempSync(path.join(tmpdir(), 'memagent-pdf-ocr-'));
    scanned = makeScannedPdf(gpl, [1, 2], dir);
  });
  afterAll(async () => {
    await pool.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads scanned pages: text per page, geometry on the page, OCR markers, progress', async () => {
    const progress: number[] = [];
    const doc = await extractDocument(
      { path: scanned },
      { ocr: { pool }, onProgress: (p) => progress.push(p.done) },
    );
    expect(doc.pages).toHaveLength(2);
    const [first, second] = doc.pages ?? [];
    for (const [span, number] of [
      [first, 1],
      [second, 2],
    ] as const) {
      const pageText = doc.text.slice(span?.start, span?.end);
      expect(
        wordOverlap(popplerWords(gpl, number), wordsOf(pageText)),
        `page ${number}`,
      ).toBeGreaterThanOrEqual(0.95);
    }
    expect(doc.text.slice(first?.start, first?.end)).toMatch(/^GNU GENERAL PUBLIC LICENSE/);
    // Page 2 of the GPL begins with the end of the preamble's sentence on "freedom".
    expect(second?.start).toBe((first?.end ?? 0) + 2);
    expect(doc.ocrPages?.map((p) => p.page)).toEqual([1, 2]);
    for (const p of doc.ocrPages ?? []) expect(p.confidence).toBeGreaterThan(80);
    expect(doc.warnings).toEqual([]);
    expect(progress).toEqual([1, 2]);

    // A recognised word maps to a rectangle inside its page (A4: 595 x 842 pt).
    const geometry = geometryOf(doc);
    expect(geometry).toBeDefined();
    const at = doc.text.indexOf('GENERAL');
    const rects = rectsForSpan(geometry!, at, at + 'GENERAL'.length);
    expect(rects).toHaveLength(1);
    const [rect] = rects;
    expect(rect?.page).toBe(1);
    expect(0 < rect!.x0 && rect!.x0 < rect!.x1 && rect!.x1 < 595.3).toBe(true);
    // The title sits near the top of the page (PDF space: y upwards).
    expect(rect!.y0 > 700 && rect!.y0 < rect!.y1 && rect!.y1 < 841.9).toBe(true);
    const onPage2 = doc.text.indexOf(' ', (second?.start ?? 0) + 200);
    expect(rectsForSpan(geometry!, onPage2 - 3, onPage2)[0]?.page).toBe(2);
  });

  it('ends with Cancelled when aborted while a page is recognised, without finishing the page', async () => {
    const controller = new AbortController();
    // What became of each page handed to the real pool, as the extraction settles.
    const pages: string[] = [];
    const recording: OcrPool = {
      size: pool.size,
      close: () => pool.close(),
      recognize: (request) => {
        const index = pages.push('recognising') - 1;
        // Abort once tesseract reports progress on page 2: it is being recognised now.
        const onProgress = (fraction: number): void => {
          if (index === 1 && fraction < 1) controller.abort();
        };
        return pool.recognize({ ...request, onProgress }).then(
          (page) => {
            pages[index] = 'recognised';
            return page;
          },
          (error: unknown) => {
            pages[index] = error instanceof CoreError ? error.kind : String(error);
            throw error;
          },
        );
      },
    };
    const running = extractDocument(
      { path: scanned },
      { ocr: { pool: recording }, signal: controller.signal },
    );
    await expectKind(running, 'Cancelled');
    // The page under way was stopped (its worker retired), not read to its end first.
    expect(pages).toEqual(['recognised', 'Cancelled']);
  });

  it('a page of noise gives no text, no OCR mark and a warning, not garbage as fact', async () => {
    const doc = await extractDocument({ path: makeNoisePdf(dir) }, { ocr: { pool } });
    expect(doc.text).toBe('');
    expect(doc.ocrPages).toBeUndefined();
    expect(doc.warnings).toEqual([
      'Page 1 could not be read reliably by OCR (confidence below 50%) and was left without text.',
    ]);
  });

  it('without a pool, warns that the pages have no text', async () => {
    const doc = await extractDocument({ path: scanned });
    expect(doc.text).toBe('');
    expect(doc.ocrPages).toBeUndefined();
    expect(doc.warnings).toEqual([
      'Pages 1-2 are scanned images without text and were not read: read the document with OCR to include them.',
    ]);
  });
});

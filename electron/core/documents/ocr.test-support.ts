// Scanned pages made here for the OCR tests and the bench: pages of a text PDF rendered to grey
// images with poppler, read back as the RGBA bitmaps a PDF renderer hands over.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { OcrPageRequest } from './ocr-pool.ts';
import type { PageBitmap } from './ocr-page.ts';

/** Reads a binary PGM (P5, 8-bit) as an opaque RGBA bitmap. */
export function pgmToBitmap(pgm: Uint8Array): PageBitmap {
  // Header: magic, width, height, maxval, separated by whitespace, then one whitespace byte.
  const head = new TextDecoder('latin1').decode(pgm.subarray(0, 64));
  const match = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(head);
  if (match === null || match[3] !== '255') throw new Error('Not an 8-bit binary PGM.');
  const width = Number(match[1]);
  const height = Number(match[2]);
  const pixels = pgm.subarray(match[0].length, match[0].length + width * height);
  const rgba = new Uint8Array(width * height * 4);
  for (let i = 0; i < pixels.length; i++) {
    const v = pixels[i] as number;
    rgba.set([v, v, v, 255], i * 4);
  }
  return { width, height, rgba };
}

/** The size in points of a PDF page, from pdfinfo. */
export function pageSizePt(pdf: string, page: number): { width: number; height: number } {
  const info = execFileSync('pdfinfo', ['-f', String(page), '-l', String(page), pdf], {
    encoding: 'utf8',
  });
  const match = /Page\s+\d+\s+size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  if (match === null) throw new Error(`pdfinfo gave no size for page ${page} of ${pdf}.`);
  return { width: Number(match[1]), height: Number(match[2]) };
}

/** A page of `pdf` scanned at `dpi`, grey, as an OCR request (without signal or progress). */
export function scanPage(
  pdf: string,
  page: number,
  dpi = 150,
): Pick<OcrPageRequest, 'bitmap' | 'pageSize' | 'scale'> {
  const dir = mkdtempSync(path.join(tmpdir(), 'memagent-scan-'));
  try {
    const base = path.join(dir, 'page');
    const args = ['-r', String(dpi), '-gray', '-f', String(page), '-l', String(page)];
    execFileSync('pdftoppm', [...args, '-singlefile', pdf, base]);
    const bitmap = pgmToBitmap(new Uint8Array(readFileSync(`${base}.pgm`)));
    return { bitmap, pageSize: pageSizePt(pdf, page), scale: dpi / 72 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * An image-only PDF (no text layer, what a scanner writes) of pages of `pdf`, scanned at `dpi`
 * in grey and wrapped by img2pdf at their original size; written into `dir`.
 */
export function makeScannedPdf(
  pdf: string,
  pages: readonly number[],
  dir: string,
  dpi = 150,
): string {
  const images = pages.map((page) => {
    const base = path.join(dir, `scan-${page}`);
    const args = ['-r', String(dpi), '-gray', '-png', '-f', String(page), '-l', String(page)];
    execFileSync('pdftoppm', [...args, '-singlefile', pdf, base]);
    return `${base}.png`;
  });
  const out = path.join(dir, 'scanned.pdf');
  execFileSync('img2pdf', ['--output', out, ...images]);
  return out;
}

/** pdftotext's words of one page: the reference the OCR is measured against. */
export function popplerWords(pdf: string, page: number): string[] {
  const text = execFileSync('pdftotext', ['-f', String(page), '-l', String(page), pdf, '-'], {
    encoding: 'utf8',
  });
  return wordsOf(text);
}

/** Lowercased runs of letters and digits. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** The share of `reference`'s words (with repeats) that `found` also has. */
export function wordOverlap(reference: readonly string[], found: readonly string[]): number {
  if (reference.length === 0) return found.length === 0 ? 1 : 0;
  const left = new Map<string, number>();
  for (const w of found) left.set(w, (left.get(w) ?? 0) + 1);
  let hits = 0;
  for (const w of reference) {
    const n = left.get(w) ?? 0;
    if (n > 0) {
      hits++;
      left.set(w, n - 1);
    }
  }
  return hits / reference.length;
}

/** An opaque bitmap of uniformly random grey pixels from a fixed seed (xorshift32). */
export function noiseBitmap(width: number, height: number, seed = 0x9e3779b9): PageBitmap {
  const rgba = new Uint8Array(width * height * 4);
  let x = seed >>> 0 || 1;
  for (let i = 0; i < width * height; i++) {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    const v = x & 0xff;
    rgba.set([v, v, v, 255], i * 4);
  }
  return { width, height, rgba };
}

/** An image-only PDF of one page of random grey noise (`noiseBitmap`), what a bad scan can be. */
export function makeNoisePdf(dir: string, width = 400, height = 400): string {
  const { rgba } = noiseBitmap(width, height);
  const grey = new Uint8Array(width * height);
  for (let i = 0; i < grey.length; i++) grey[i] = rgba[i * 4] as number;
  const image = path.join(dir, 'noise.pgm');
  writeFileSync(image, Buffer.concat([Buffer.from(`P5 ${width} ${height} 255\n`), grey]));
  const out = path.join(dir, 'noise.pdf');
  execFileSync('img2pdf', ['--output', out, image]);
  return out;
}

// The PDF side of OCR: which pages to recognise, and a recognised page turned into the same
// per-line geometry a text layer gives (pdf-text.ts `layoutLines`), so highlighting is shared.
import type { OcrPool } from './ocr-pool.ts';
import type { OcrPage } from './ocr-page.ts';
import { LINE_FIELDS } from './pdf-text.ts';

/** `auto`: pages without a text layer that show images; `all-pages`: every page (a bad text layer). */
export type OcrMode = 'auto' | 'all-pages';

/** OCR for one extraction: the host's pool, the languages (most likely first) and the mode. */
export interface OcrExtraction {
  pool: OcrPool;
  /** Tesseract codes (default `['eng']`). */
  languages?: readonly string[];
  /** Default `auto`. */
  mode?: OcrMode;
}

/** Pages are rendered for OCR at 150 dpi: plenty for body text (docs/benchmarks.md). */
export const OCR_SCALE = 150 / 72;

/** Whether a page just read is recognised instead of taking its text layer. */
export function wantsOcr(
  mode: OcrMode,
  page: { hasText?: boolean; imageCount?: number; failed?: string },
): boolean {
  if (page.failed !== undefined) return false;
  return mode === 'all-pages' || (page.hasText === false && (page.imageCount ?? 0) > 0);
}

/**
 * A recognised page's words grouped into its lines (words a single space apart in the text),
 * as `LINE_FIELDS` numbers a line: start, end, x0, y0, x1, y1. OCR boxes are relative to the
 * rendered page's bottom-left corner; `box` (the crop box) moves them into PDF user space.
 * Pages with a /Rotate are not turned back (their boxes are in the rotated page's frame).
 */
export function ocrLines(page: OcrPage, box: readonly number[]): Float64Array {
  const [dx = 0, dy = 0] = box;
  const out: number[] = [];
  let line: number[] | undefined;
  for (const word of page.words) {
    const { left, bottom, right, top } = word.box;
    const x0 = left + dx;
    const y0 = bottom + dy;
    const x1 = right + dx;
    const y1 = top + dy;
    if (line !== undefined && page.text.slice(line[1], word.start) === ' ') {
      line[1] = word.end;
      line[2] = Math.min(line[2] ?? x0, x0);
      line[3] = Math.min(line[3] ?? y0, y0);
      line[4] = Math.max(line[4] ?? x1, x1);
      line[5] = Math.max(line[5] ?? y1, y1);
      continue;
    }
    if (line !== undefined) out.push(...line);
    line = [word.start, word.end, x0, y0, x1, y1];
  }
  if (line !== undefined) out.push(...line);
  return Float64Array.from(out.length % LINE_FIELDS === 0 ? out : []);
}

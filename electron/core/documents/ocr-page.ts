// Pure halves of OCR: a rendered page bitmap in, an image tesseract reads out; tesseract's
// blocks in, the page's text with word boxes in PDF points out. No workers here (ocr-pool.ts).

/** A rendered page: `width * height` pixels, 4 bytes each, rows top to bottom. */
export interface PageBitmap {
  width: number;
  height: number;
  rgba: Uint8Array;
  /**
   * Byte order of each pixel (default `rgba`). PDFium's `FPDFBitmap_BGRA` bitmaps are `bgra`.
   * Transparent pixels are read as if on white paper.
   */
  order?: 'rgba' | 'bgra';
}

/** The page the bitmap shows: its size in PDF points and the pixels per point it was drawn at. */
export interface PageGeometry {
  widthPt: number;
  heightPt: number;
  /** Pixels per PDF point (150 dpi is 150 / 72). */
  scale: number;
}

/**
 * A box in PDF points with the origin at the page's bottom-left corner and y going up (PDF user
 * space, as PDFium's `FPDFText_GetCharBox` reports), so OCR words and text-layer characters can
 * be highlighted by the same code.
 */
export interface PointBox {
  left: number;
  bottom: number;
  right: number;
  top: number;
}

export interface OcrWord {
  text: string;
  /** Character offsets into the page's `text` (end exclusive). */
  start: number;
  end: number;
  box: PointBox;
  /** 0-100, tesseract's confidence in this word. */
  confidence: number;
}

export interface OcrPage {
  /** Lines joined with `\n`, paragraphs with a blank line; empty for a blank or unreadable page. */
  text: string;
  words: OcrWord[];
  /** 0-100, the mean of the words' confidences (0 when no word was found). */
  confidence: number;
  /** Set when the page's text was withheld because recognition was too unsure. */
  warning?: string;
}

/**
 * Pages whose mean word confidence is below this are reported with a warning and no text.
 * Measured here (docs/documents.md): clean 150-dpi scans score 93-96, pages of random noise 5-12;
 * a page below 50 is more likely a picture, noise or a language not selected than text, and
 * feeding its guesses to the model as the document's words would be worse than saying so.
 */
export const MIN_PAGE_CONFIDENCE = 50;

/** Tesseract's hierarchy, as far as it is read here (tesseract.js `blocks` output). */
export interface RecognisedBlock {
  paragraphs: {
    lines: { words: { text: string; confidence: number; bbox: PixelBox }[] }[];
  }[];
}
interface PixelBox {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/**
 * The bitmap as a binary greyscale PGM (P5), an image format tesseract's Leptonica reads
 * directly: a quarter of the bytes of the RGBA bitmap to send to the OCR worker, and grey is what
 * tesseract binarises anyway.
 */
export function bitmapToPgm(bitmap: PageBitmap): Uint8Array {
  const { width, height, rgba } = bitmap;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width <= 0 || height <= 0)
    throw new RangeError(`Invalid bitmap size ${width}x${height}.`);
  if (rgba.length !== width * height * 4)
    throw new RangeError(
      `A ${width}x${height} bitmap needs ${width * height * 4} bytes, got ${rgba.length}.`,
    );
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + width * height);
  out.set(header);
  const [r, b] = bitmap.order === 'bgra' ? [2, 0] : [0, 2];
  for (let i = 0, o = header.length; i < rgba.length; i += 4, o++) {
    // ITU-R BT.601 luma in integers, then composited over white by alpha.
    const luma = (299 * rgba[i + r]! + 587 * rgba[i + 1]! + 114 * rgba[i + b]!) / 1000;
    const alpha = rgba[i + 3]!;
    out[o] = Math.round(255 - ((255 - luma) * alpha) / 255);
  }
  return out;
}

function toPoints(bbox: PixelBox, page: PageGeometry): PointBox {
  const clampX = (x: number): number => Math.min(page.widthPt, Math.max(0, x / page.scale));
  const clampY = (y: number): number =>
    Math.min(page.heightPt, Math.max(0, page.heightPt - y / page.scale));
  return {
    left: clampX(bbox.x0),
    right: clampX(bbox.x1),
    top: clampY(bbox.y0),
    bottom: clampY(bbox.y1),
  };
}

function lowConfidenceWarning(confidence: number): string {
  return (
    `Recognised text was too unsure to use (confidence ${Math.round(confidence)}%, ` +
    `below ${MIN_PAGE_CONFIDENCE}%): a picture, noise, or a language not selected?`
  );
}

/**
 * Lays tesseract's blocks out as page text in tesseract's reading order (blocks, then
 * paragraphs, lines and words), with each word's span in that text and its box in points.
 * Line-end hyphens are kept as recognised; joining them is the document assembler's business.
 */
export function pageFromBlocks(blocks: readonly RecognisedBlock[], page: PageGeometry): OcrPage {
  const words: OcrWord[] = [];
  const paragraphs: string[] = [];
  let offset = 0;
  for (const paragraph of blocks.flatMap((block) => block.paragraphs)) {
    const lines: string[] = [];
    // Where the paragraph starts: after the previous paragraphs and their blank-line separators.
    let lineStart = offset + (paragraphs.length > 0 ? 2 : 0);
    for (const line of paragraph.lines) {
      let lineText = '';
      for (const word of line.words) {
        const text = word.text.trim();
        if (text === '') continue;
        if (lineText !== '') lineText += ' ';
        const start = lineStart + lineText.length;
        lineText += text;
        words.push({
          text,
          start,
          end: start + text.length,
          box: toPoints(word.bbox, page),
          confidence: word.confidence,
        });
      }
      if (lineText === '') continue;
      lines.push(lineText);
      lineStart += lineText.length + 1;
    }
    if (lines.length === 0) continue;
    const text = lines.join('\n');
    offset += (paragraphs.length > 0 ? 2 : 0) + text.length;
    paragraphs.push(text);
  }
  const text = paragraphs.join('\n\n');
  if (words.length === 0) return { text: '', words: [], confidence: 0 };
  const confidence = words.reduce((sum, w) => sum + w.confidence, 0) / words.length;
  if (confidence < MIN_PAGE_CONFIDENCE)
    return { text: '', words: [], confidence, warning: lowConfidenceWarning(confidence) };
  return { text, words, confidence };
}

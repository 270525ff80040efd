import type { DocumentText } from '../../../shared/model.ts';

/**
 * Where each line of a PDF's extracted text sits on its page, recorded at extraction. Packed
 * per line: `spans` holds page (1-based), start, end (character offsets into the document
 * text, end exclusive); `boxes` holds x0, y0, x1, y1 in PDF points in PDF user space as PDFium
 * reports it (origin at the bottom left of the page's media box, y upwards, before /Rotate).
 * `pageBoxes` holds each page's crop box in the same space (4 numbers a page), so a viewer can
 * turn a box into top-left coordinates: top = pageBox.y1 - box.y1.
 */
export interface TextGeometry {
  spans: Int32Array;
  boxes: Float32Array;
  pageBoxes: Float32Array;
}

/** A rectangle on a page, in the space of `TextGeometry.boxes`. */
export interface PageRect {
  page: number;
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const attached = new WeakMap<DocumentText, TextGeometry>();

/**
 * Attaches geometry to an extracted document without adding it to the document's shape (which
 * crosses IPC to the renderer): the cache stores it beside the text.
 */
export function attachGeometry(doc: DocumentText, geometry: TextGeometry): void {
  attached.set(doc, geometry);
}

/** The geometry recorded when `doc` was extracted or read from the cache, if any. */
export function geometryOf(doc: DocumentText): TextGeometry | undefined {
  return attached.get(doc);
}

/**
 * The page rectangles covering characters [start, end) of the text: one per line touched.
 * A line only partly inside the span is narrowed in proportion to its characters, then widened
 * by one average character on each side, since glyph widths vary.
 */
export function rectsForSpan(geometry: TextGeometry, start: number, end: number): PageRect[] {
  const rects: PageRect[] = [];
  const { spans, boxes } = geometry;
  const lines = spans.length / 3;
  // Lines are in text order: binary search for the first line ending after `start`.
  let lo = 0;
  let hi = lines;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((spans[mid * 3 + 2] ?? 0) <= start) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < lines; i++) {
    const page = spans[i * 3] ?? 0;
    const from = spans[i * 3 + 1] ?? 0;
    const to = spans[i * 3 + 2] ?? 0;
    if (from >= end) break;
    const x0 = boxes[i * 4] ?? 0;
    const y0 = boxes[i * 4 + 1] ?? 0;
    const x1 = boxes[i * 4 + 2] ?? 0;
    const y1 = boxes[i * 4 + 3] ?? 0;
    const chars = Math.max(1, to - from);
    const perChar = (x1 - x0) / chars;
    const a = Math.max(start, from) - from;
    const b = Math.min(end, to) - from;
    if (a === 0 && b === chars) {
      rects.push({ page, x0, y0, x1, y1 });
      continue;
    }
    rects.push({
      page,
      x0: Math.max(x0, x0 + (a - 1) * perChar),
      y0,
      x1: Math.min(x1, x0 + (b + 1) * perChar),
      y1,
    });
  }
  return rects;
}

/** Packs geometry for storage (little-endian): counts, then the three arrays. */
export function encodeGeometry(geometry: TextGeometry): string {
  const head = new Uint32Array([
    geometry.spans.length,
    geometry.boxes.length,
    geometry.pageBoxes.length,
  ]);
  const parts = [head, geometry.spans, geometry.boxes, geometry.pageBoxes].map((a) =>
    Buffer.from(a.buffer, a.byteOffset, a.byteLength),
  );
  return Buffer.concat(parts).toString('base64');
}

/** The inverse of `encodeGeometry`; undefined for anything malformed. */
export function decodeGeometry(encoded: string): TextGeometry | undefined {
  const bytes = Buffer.from(encoded, 'base64');
  if (bytes.byteLength < 12) return undefined;
  const copy = new Uint8Array(bytes).buffer;
  const [spans = 0, boxes = 0, pages = 0] = new Uint32Array(copy, 0, 3);
  if (spans % 3 !== 0 || boxes !== (spans / 3) * 4 || pages % 4 !== 0) return undefined;
  if (bytes.byteLength !== 12 + 4 * (spans + boxes + pages)) return undefined;
  return {
    spans: new Int32Array(copy, 12, spans),
    boxes: new Float32Array(copy, 12 + 4 * spans, boxes),
    pageBoxes: new Float32Array(copy, 12 + 4 * (spans + boxes), pages),
  };
}

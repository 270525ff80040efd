// PDFium (WebAssembly, @embedpdf/pdfium) behind a few functions: open a document, read its
// labels, outline and title, read a page's text with a box per line, render a page. One engine
// per worker thread: an instance is not shared and, after a trap, not reused.
import { init, type WrappedPdfiumModule } from '@embedpdf/pdfium';
import { CoreError } from '../errors.ts';
import type { OutlineEntry } from './pdf-assemble.ts';
import { layoutLines, type RawLine } from './pdf-text.ts';
import { compilePdfium, instantiatePdfium, type PdfiumModule } from './pdfium-module.ts';

export type { PdfiumModule } from './pdfium-module.ts';

export type Pdfium = WrappedPdfiumModule;

// Emscripten's views of the instance's memory (replaced when it grows: read them at each use).
type Heaps = { HEAPU8: Uint8Array; HEAPF32: Float32Array; HEAPF64: Float64Array };
const heaps = (engine: Pdfium): Heaps => engine.pdfium as unknown as Heaps;

/**
 * The engine's C functions called for every page and line, called directly: the wrapper's
 * functions (`cwrap`) convert and check every argument, which for a book's 100,000 calls costs
 * more than the calls. Numbers in, numbers out (a boolean is 0 or 1).
 */
interface PageCalls {
  FPDF_LoadPage(doc: number, index: number): number;
  FPDF_ClosePage(page: number): void;
  EPDFPage_GetObjectNumber(page: number): number;
  FPDFPage_CountObjects(page: number): number;
  FPDF_GetPageBoundingBox(page: number, rect: number): number;
  FPDFText_LoadPage(page: number): number;
  FPDFText_ClosePage(textPage: number): void;
  FPDFText_CountChars(textPage: number): number;
  FPDFText_GetText(textPage: number, start: number, count: number, buf: number): number;
  FPDFText_CountRects(textPage: number, start: number, count: number): number;
  FPDFText_GetRect(textPage: number, rect: number, ...edges: number[]): number;
  FPDFText_GetCharBox(textPage: number, index: number, ...edges: number[]): number;
  FPDFText_GetLooseCharBox(textPage: number, index: number, rect: number): number;
}
const calls = (engine: Pdfium): PageCalls => engine.pdfium.wasmExports as unknown as PageCalls;

/** The part of WebAssembly.Memory used here (the Node tsconfig has no WebAssembly types). */
interface WasmMemory {
  buffer: ArrayBuffer;
  grow(delta: number): number;
}

/** An open document: the engine, PDFium's handle and the copy of the file it reads from. */
export interface PdfiumDocument {
  engine: Pdfium;
  handle: number;
  bytesPtr: number;
}

/** Labels, outline and title, read once by the first worker. */
export type PdfMeta = { labels: string[] | null; outline: OutlineEntry[]; title?: string };

/** One page's text: `lines` holds [start, end, x0, y0, x1, y1] per line (see `layoutLines`). */
export interface PageRead {
  text: string;
  lines: Float64Array;
  /** The page box (crop box within the media box): x0, y0, x1, y1 in PDF points. */
  box: [number, number, number, number];
  hasText: boolean;
  /** Image objects on the page, counted only for pages without text (OCR candidates). */
  imageCount?: number;
  /**
   * The page's object number (0 for a page dictionary that is no indirect object): a page tree
   * that reaches one page twice gives two pages the same number.
   */
  object: number;
}

const FPDF_ERR_PASSWORD = 4;
const FPDF_PAGEOBJ_IMAGE = 3;
const PDFACTION_GOTO = 1;
const FPDF_ANNOT = 0x01;
const MAX_OUTLINE = 10_000;
const MAX_RENDER_PIXELS = 40_000_000;

/**
 * Starts an engine from `module` (default: `compilePdfium()`). `maxMemoryBytes` caps the
 * instance's linear memory: growth beyond it is refused (PDFium then fails the allocation) and
 * `onMemory` is told every size the memory grows to, so the host can count it with the workers'
 * heaps.
 */
export async function loadPdfium(
  options: {
    module?: PdfiumModule;
    maxMemoryBytes?: number;
    onMemory?: (bytes: number) => void;
  } = {},
): Promise<Pdfium> {
  const module = options.module ?? (await compilePdfium());
  const quiet = (): void => {};
  // Emscripten's hook for instantiating the module ourselves; a failure there would leave its
  // start-up waiting forever, so it rejects `failed` instead.
  let fail: (error: unknown) => void = () => {};
  const failed = new Promise<never>((_, reject) => (fail = reject));
  const instantiateWasm = (
    imports: unknown,
    receive: (instance: object, module: PdfiumModule) => void,
  ): object => {
    instantiatePdfium(module, imports).then((instance) => receive(instance, module), fail);
    return {};
  };
  const engine = await Promise.race([
    init({ print: quiet, printErr: quiet, instantiateWasm } as never),
    failed,
  ]);
  engine.PDFiumExt_Init();
  const memory = (engine.pdfium.wasmExports as unknown as { memory?: WasmMemory }).memory;
  if (memory !== undefined) {
    const grow = memory.grow.bind(memory);
    const pageBytes = 65_536;
    memory.grow = (delta: number): number => {
      const next = memory.buffer.byteLength + delta * pageBytes;
      options.onMemory?.(next);
      if (options.maxMemoryBytes !== undefined && next > options.maxMemoryBytes) {
        throw new RangeError(`PDFium memory limit: ${next} bytes`);
      }
      return grow(delta);
    };
    options.onMemory?.(memory.buffer.byteLength);
  }
  return engine;
}

/** True for errors after which the engine must not be used again (a trap or an abort). */
export function isEngineFatal(error: unknown): boolean {
  if ((error as { name?: unknown } | null)?.name === 'RuntimeError') return true;
  const message = error instanceof Error ? error.message : String(error);
  return /^Aborted\(|^RuntimeError|unreachable|memory access out of bounds/.test(message);
}

/**
 * Test-only (see `faultPageForTest` in pdf-worker.ts): makes PDFium write its page box outside
 * its memory, the out-of-bounds access a corrupt file could cause, so WebAssembly traps for real
 * (`RuntimeError: memory access out of bounds`) and the engine is as dead as after a real trap.
 */
export function trapEngine(doc: PdfiumDocument, index: number): never {
  const c = calls(doc.engine);
  // -16 is the address 0xFFFFFFF0 to WebAssembly: past any memory the engine can have.
  c.FPDF_GetPageBoundingBox(c.FPDF_LoadPage(doc.handle, index), -16);
  throw new Error('PDFium did not trap');
}

function readUtf16(engine: Pdfium, call: (buf: number, len: number) => number): string {
  const bytes = call(0, 0);
  if (bytes <= 2) return '';
  const buf = engine.pdfium.wasmExports.malloc(bytes);
  try {
    call(buf, bytes);
    return utf16At(engine, buf, bytes / 2 - 1);
  } finally {
    engine.pdfium.wasmExports.free(buf);
  }
}

const utf16 = new TextDecoder('utf-16le', { ignoreBOM: true });

/** `units` UTF-16 code units at `ptr`, one character per unit (nothing dropped or merged). */
function utf16At(engine: Pdfium, ptr: number, units: number): string {
  return utf16.decode(heaps(engine).HEAPU8.subarray(ptr, ptr + units * 2));
}

/**
 * Opens a PDF from memory. No password given and PDFium says "password" → PasswordRequired; a
 * password given → WrongPassword (PDFium has one code for both). Anything else → Damaged.
 */
export function openDocument(engine: Pdfium, bytes: Uint8Array, password?: string): PdfiumDocument {
  const bytesPtr = engine.pdfium.wasmExports.malloc(Math.max(1, bytes.byteLength));
  if (bytesPtr === 0) throw new RangeError('PDFium could not allocate the file');
  heaps(engine).HEAPU8.set(bytes, bytesPtr);
  const handle = engine.FPDF_LoadMemDocument(bytesPtr, bytes.byteLength, password ?? '');
  if (handle !== 0) return { engine, handle, bytesPtr };
  const code = engine.FPDF_GetLastError();
  engine.pdfium.wasmExports.free(bytesPtr);
  const detail = `PDFium error ${code}`;
  if (code === FPDF_ERR_PASSWORD) {
    throw password === undefined
      ? new CoreError('PasswordRequired', 'This PDF is protected by a password.', {
          hint: 'Open it again and enter its password.',
          detail,
        })
      : new CoreError('WrongPassword', 'The password for this PDF is wrong.', {
          hint: 'Check the password and try again.',
          detail,
        });
  }
  throw new CoreError('Damaged', 'This PDF is damaged or incomplete and cannot be read.', {
    hint: 'The file may be truncated; try downloading or exporting it again.',
    detail,
  });
}

export function closeDocument(doc: PdfiumDocument): void {
  doc.engine.FPDF_CloseDocument(doc.handle);
  doc.engine.pdfium.wasmExports.free(doc.bytesPtr);
}

export function pageCount(doc: PdfiumDocument): number {
  return Math.max(0, doc.engine.FPDF_GetPageCount(doc.handle));
}

/** Printed page labels (`/PageLabels`), the outline with destination pages, and the title. */
export function readMeta(doc: PdfiumDocument): PdfMeta {
  const { engine, handle } = doc;
  const meta: PdfMeta = { labels: null, outline: [] };
  const count = pageCount(doc);
  const labels: string[] = [];
  let anyLabel = false;
  for (let i = 0; i < count; i++) {
    const label = readUtf16(engine, (buf, len) => engine.FPDF_GetPageLabel(handle, i, buf, len));
    if (label !== '') anyLabel = true;
    labels.push(label);
  }
  if (anyLabel) meta.labels = labels;
  const title = readUtf16(engine, (buf, len) =>
    engine.FPDF_GetMetaText(handle, 'Title', buf, len),
  ).trim();
  if (title !== '') meta.title = title;
  const seen = new Set<number>();
  const walk = (first: number, level: number): void => {
    for (
      let bm = first;
      bm !== 0 && !seen.has(bm);
      bm = engine.FPDFBookmark_GetNextSibling(handle, bm)
    ) {
      // A cyclic or huge outline (hostile files) stops here.
      if (meta.outline.length >= MAX_OUTLINE || level > 12) return;
      seen.add(bm);
      const entryTitle = readUtf16(engine, (buf, len) => engine.FPDFBookmark_GetTitle(bm, buf, len))
        .replace(/\s+/g, ' ')
        .trim();
      if (entryTitle !== '')
        meta.outline.push({ title: entryTitle, level, pageIndex: destPage(doc, bm) });
      walk(engine.FPDFBookmark_GetFirstChild(handle, bm), level + 1);
    }
  };
  walk(engine.FPDFBookmark_GetFirstChild(handle, 0), 1);
  return meta;
}

function destPage(doc: PdfiumDocument, bookmark: number): number | null {
  const { engine, handle } = doc;
  let dest = engine.FPDFBookmark_GetDest(handle, bookmark);
  if (dest === 0) {
    const action = engine.FPDFBookmark_GetAction(bookmark);
    if (action !== 0 && engine.FPDFAction_GetType(action) === PDFACTION_GOTO)
      dest = engine.FPDFAction_GetDest(handle, action);
  }
  if (dest === 0) return null;
  const index = engine.FPDFDest_GetDestPageIndex(handle, dest);
  return index >= 0 ? index : null;
}

function withPage<T>(doc: PdfiumDocument, index: number, use: (page: number) => T): T {
  const page = calls(doc.engine).FPDF_LoadPage(doc.handle, index);
  if (page === 0) throw new Error(`PDFium could not load page ${index + 1}`);
  try {
    return use(page);
  } finally {
    calls(doc.engine).FPDF_ClosePage(page);
  }
}

function pageBox(engine: Pdfium, page: number): [number, number, number, number] {
  const rect = engine.pdfium.wasmExports.malloc(16);
  try {
    if (!calls(engine).FPDF_GetPageBoundingBox(page, rect)) {
      return [0, 0, engine.FPDF_GetPageWidthF(page), engine.FPDF_GetPageHeightF(page)];
    }
    const f = heaps(engine).HEAPF32.subarray(rect / 4, rect / 4 + 4);
    // FS_RECTF: left, top, right, bottom.
    const [left = 0, top = 0, right = 0, bottom = 0] = f;
    return [
      Math.min(left, right),
      Math.min(top, bottom),
      Math.max(left, right),
      Math.max(top, bottom),
    ];
  } finally {
    engine.pdfium.wasmExports.free(rect);
  }
}

const isBreak = (c: number): boolean => c === 0x0d || c === 0x0a;
// Where PDFium joined a word hyphenated at a line end it leaves U+FFFE (U+0002 from the
// bounded-text call) in place of the hyphen.
const isHyphenMark = (c: number): boolean => c === 0xfffe || c === 0x0002;

/**
 * Reads page `index` (0-based): PDFium's text split into its lines, each with the union of its
 * character boxes; characters whose box centre lies outside the page box (text drawn off the
 * page) are dropped, as the bounded-text call would.
 */
export function readPage(doc: PdfiumDocument, index: number): PageRead {
  const { engine } = doc;
  return withPage(doc, index, (page) => {
    // PDFium "loads" a page-tree entry that is no page (e.g. an image) as an empty page; its
    // object count is -1 where a blank page's is 0.
    if (calls(engine).FPDFPage_CountObjects(page) < 0)
      throw new Error(`page ${index + 1} is not a page PDFium can parse`);
    const box = pageBox(engine, page);
    const textPage = calls(engine).FPDFText_LoadPage(page);
    if (textPage === 0) throw new Error(`PDFium could not read the text of page ${index + 1}`);
    try {
      const lines = rawLines(engine, textPage, box);
      const { text, spans } = layoutLines(lines);
      const object = calls(engine).EPDFPage_GetObjectNumber(page);
      const result: PageRead = { text, lines: spans, box, hasText: text.trim() !== '', object };
      if (!result.hasText) result.imageCount = countImages(engine, page);
      return result;
    } finally {
      calls(engine).FPDFText_ClosePage(textPage);
    }
  });
}

function rawLines(engine: Pdfium, textPage: number, box: readonly number[]): RawLine[] {
  const c = calls(engine);
  const count = c.FPDFText_CountChars(textPage);
  if (count <= 0) return [];
  const { malloc, free } = engine.pdfium.wasmExports;
  const buf = malloc((count + 1) * 2);
  const d = malloc(32);
  try {
    const got = c.FPDFText_GetText(textPage, 0, count, buf);
    const raw = utf16At(engine, buf, Math.max(0, Math.min(count, got - 1)));
    const f64 = (): Float64Array => heaps(engine).HEAPF64.subarray(d / 8, d / 8 + 4);
    const [bx0 = 0, by0 = 0, bx1 = 0, by1 = 0] = box;
    const lines: RawLine[] = [];
    const unionOf = (from: number, to: number): number[] | null => {
      const rects = c.FPDFText_CountRects(textPage, from, to - from);
      let u: number[] | null = null;
      for (let r = 0; r < rects; r++) {
        if (!c.FPDFText_GetRect(textPage, r, d, d + 8, d + 16, d + 24)) continue;
        const [left = 0, top = 0, right = 0, bottom = 0] = f64();
        u =
          u === null
            ? [left, bottom, right, top]
            : [
                Math.min(u[0] ?? 0, left),
                Math.min(u[1] ?? 0, bottom),
                Math.max(u[2] ?? 0, right),
                Math.max(u[3] ?? 0, top),
              ];
      }
      return u;
    };
    const inside = (u: readonly number[]): boolean =>
      (u[0] ?? 0) >= bx0 - 1 &&
      (u[1] ?? 0) >= by0 - 1 &&
      (u[2] ?? 0) <= bx1 + 1 &&
      (u[3] ?? 0) <= by1 + 1;
    // The text rectangles hug the glyphs; a character's loose box spans the font's ascent and
    // descent, the height a highlight (and poppler's word boxes) use.
    const loose = (u: number[] | null, i: number): number[] | null => {
      if (u === null || !c.FPDFText_GetLooseCharBox(textPage, i, d)) return u;
      const [left = 0, top = 0, right = 0, bottom = 0] = heaps(engine).HEAPF32.subarray(
        d / 4,
        d / 4 + 4,
      );
      return [
        Math.min(u[0] ?? 0, left),
        Math.min(u[1] ?? 0, bottom, top),
        Math.max(u[2] ?? 0, right),
        Math.max(u[3] ?? 0, top, bottom),
      ];
    };
    const push = (from: number, to: number, hyphen: boolean): void => {
      if (to <= from) return;
      // A horizontal line's box is spanned by its first and last visible characters' loose
      // boxes (two calls, where merging its text rectangles costs one per rectangle); other
      // lines (vertical or rotated text, no loose box) fall back to the rectangles.
      let first = from;
      while (first < to && raw.charCodeAt(first) <= 0x20) first++;
      let last = to - 1;
      while (last > first && raw.charCodeAt(last) <= 0x20) last--;
      if (first >= to) return;
      let u = loose([Infinity, Infinity, -Infinity, -Infinity], first);
      u = loose(u, last);
      const flat =
        u !== null &&
        Number.isFinite(u[0]) &&
        (u[3] ?? 0) - (u[1] ?? 0) < (u[2] ?? 0) - (u[0] ?? 0) + 1;
      if (!flat || first === last) u = loose(loose(unionOf(from, to), first), last);
      if (u !== null && inside(u)) {
        lines.push({ text: raw.slice(from, to), box: u, hyphen });
        return;
      }
      // Part of the line lies off the page: keep the characters whose centre is on it.
      let text = '';
      let kept: number[] | null = null;
      for (let i = from; i < to; i++) {
        if (!c.FPDFText_GetCharBox(textPage, i, d, d + 8, d + 16, d + 24)) {
          if (kept !== null) text += raw[i];
          continue;
        }
        const [left = 0, right = 0, bottom = 0, top = 0] = f64();
        const cx = (left + right) / 2;
        const cy = (bottom + top) / 2;
        if (cx < bx0 || cx > bx1 || cy < by0 || cy > by1) continue;
        text += raw[i];
        kept =
          kept === null
            ? [left, bottom, right, top]
            : [
                Math.min(kept[0] ?? 0, left),
                Math.min(kept[1] ?? 0, bottom),
                Math.max(kept[2] ?? 0, right),
                Math.max(kept[3] ?? 0, top),
              ];
      }
      if (kept !== null && text.trim() !== '') lines.push({ text, box: kept, hyphen });
    };
    let start = 0;
    for (let i = 0; i < raw.length; i++) {
      const c = raw.charCodeAt(i);
      if (isHyphenMark(c)) {
        push(start, i + 1, true);
        start = i + 1;
      } else if (isBreak(c)) {
        push(start, i, false);
        if (c === 0x0d && raw.charCodeAt(i + 1) === 0x0a) i++;
        start = i + 1;
      }
    }
    push(start, raw.length, false);
    return lines;
  } finally {
    free(buf);
    free(d);
  }
}

function countImages(engine: Pdfium, page: number): number {
  let images = 0;
  const objects = calls(engine).FPDFPage_CountObjects(page);
  for (let i = 0; i < objects; i++) {
    if (engine.FPDFPageObj_GetType(engine.FPDFPage_GetObject(page, i)) === FPDF_PAGEOBJ_IMAGE)
      images++;
  }
  return images;
}

/**
 * A rendered page: `rgba` is width × height × 4 bytes, rows top to bottom. `box` is the crop box
 * drawn (x0, y0, x1, y1 in PDF user space) and `rotation` the page's /Rotate in quarter turns
 * clockwise (0-3): the bitmap shows the page turned by it, as a viewer shows it, while text
 * boxes stay in user space (`pageToFrame` in shared/page-frame.ts maps one onto the other).
 */
export interface RenderedPage {
  width: number;
  height: number;
  rgba: Uint8ClampedArray;
  box: [number, number, number, number];
  rotation: number;
}

/**
 * Renders page `pageIndex` (0-based) at `scale` (1 = 72 dpi; 150 dpi is 150 / 72) on white,
 * annotations included, turned by its /Rotate: for OCR of pages without a text layer and for
 * the reader's page view. TooLarge beyond 40 million pixels.
 */
export function renderPage(doc: PdfiumDocument, pageIndex: number, scale: number): RenderedPage {
  const { engine } = doc;
  return withPage(doc, pageIndex, (page) => {
    const width = Math.max(1, Math.round(engine.FPDF_GetPageWidthF(page) * scale));
    const height = Math.max(1, Math.round(engine.FPDF_GetPageHeightF(page) * scale));
    if (width * height > MAX_RENDER_PIXELS) {
      throw new CoreError('TooLarge', 'This page is too large to render.', {
        detail: `${width} × ${height} pixels`,
      });
    }
    const bitmap = engine.FPDFBitmap_Create(width, height, 1);
    if (bitmap === 0) throw new RangeError('PDFium could not allocate the bitmap');
    try {
      engine.FPDFBitmap_FillRect(bitmap, 0, 0, width, height, 0xffffffff);
      engine.FPDF_RenderPageBitmap(bitmap, page, 0, 0, width, height, 0, FPDF_ANNOT);
      const stride = engine.FPDFBitmap_GetStride(bitmap);
      const src = engine.FPDFBitmap_GetBuffer(bitmap);
      const heap = heaps(engine).HEAPU8;
      const rgba = new Uint8ClampedArray(width * height * 4);
      for (let y = 0; y < height; y++) {
        const row = src + y * stride;
        for (let x = 0; x < width; x++) {
          // PDFium writes BGRA.
          const s = row + x * 4;
          const t = (y * width + x) * 4;
          rgba[t] = heap[s + 2] ?? 0;
          rgba[t + 1] = heap[s + 1] ?? 0;
          rgba[t + 2] = heap[s] ?? 0;
          rgba[t + 3] = heap[s + 3] ?? 255;
        }
      }
      const rotation = ((engine.FPDFPage_GetRotation(page) % 4) + 4) % 4;
      return { width, height, rgba, box: pageBox(engine, page), rotation };
    } finally {
      engine.FPDFBitmap_Destroy(bitmap);
    }
  });
}

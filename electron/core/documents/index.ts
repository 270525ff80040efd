import { MAX_DOCUMENT_BYTES } from '../../../shared/limits.ts';
import type { DocumentText } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { resolveLimits, type ExtractionLimits } from './limits.ts';
import { extractPdf } from './pdf.ts';
import type { OcrExtraction } from './pdf-ocr.ts';
import { readInput } from './read-input.ts';
import { looksLikeHtml, sniffKind } from './sniff.ts';
import { decodeText } from './decode-text.ts';
import { extractText, titleFrom } from './text.ts';
import { cancelledError, ownBytes, runWorkerJob, type WorkerLimits } from './worker-host.ts';
import type { WorkerJob } from './worker-entry.ts';

export { locateSpan } from './locations.ts';
export { sniffKind } from './sniff.ts';
export { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from './limits.ts';
// OCR of scanned pages (docs/documents.md, "OCR"): one pool for the app, shared by documents.
export {
  createOcrPool,
  defaultOcrPoolSize,
  type OcrPageRequest,
  type OcrPool,
  type OcrPoolOptions,
} from './ocr-pool.ts';
export { DEFAULT_OCR_LANGUAGE, SHIPPED_OCR_LANGUAGES } from './ocr-languages.ts';
export { MIN_PAGE_CONFIDENCE, type OcrPage, type OcrWord, type PageBitmap } from './ocr-page.ts';
export { OCR_SCALE, type OcrExtraction, type OcrMode } from './pdf-ocr.ts';

/** 1 GB: larger files are refused before they are read (a setting may change it). */
export const DEFAULT_MAX_BYTES = MAX_DOCUMENT_BYTES;
/** Two minutes per document; the 1,151-page corpus book takes a few seconds. */
export const DEFAULT_TIME_LIMIT_MS = 120_000;

/** What to extract: a file on disk, or bytes (with an optional file name for the title). */
export type ExtractInput = { path: string } | { bytes: Uint8Array; name?: string };

export interface ExtractOptions {
  /** For encrypted PDFs. */
  password?: string;
  /** Refuse larger inputs with TooLarge (default 1 GB). */
  maxBytes?: number;
  /** Fail with TimeLimit after this long (default 120 s); parsing runs in workers that are killed. */
  timeLimitMs?: number;
  signal?: AbortSignal;
  /** Pages (PDF) or chapters (EPUB) done out of total. */
  onProgress?: (p: { done: number; total: number }) => void;
  /**
   * Bounds on decompressed data and worker memory (defaults: `DEFAULT_EXTRACTION_LIMITS`);
   * beyond them extraction fails with TooLarge, or an EPUB chapter is skipped with a warning.
   */
  limits?: Partial<ExtractionLimits>;
  /**
   * PDF: recognise pages without a text layer but with images (mode `auto`) or every page
   * (`all-pages`) with this OCR pool. Without it such pages only get a warning.
   */
  ocr?: OcrExtraction;
}

function unsupported(message: string, hint?: string): CoreError {
  return new CoreError('Unsupported', message, {
    hint: hint ?? 'Supported formats: PDF, DOCX, EPUB, HTML, Markdown and plain text.',
  });
}

/**
 * Extracts the text of a document and its map back to pages and sections. The format is sniffed
 * from the bytes. Throws CoreError: NotFound, TooLarge, Unsupported, PasswordRequired,
 * WrongPassword, Damaged, TimeLimit, Cancelled.
 */
export async function extractDocument(
  input: ExtractInput,
  options: ExtractOptions = {},
): Promise<DocumentText> {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const bounds = resolveLimits(options.limits);
  const { bytes: read, name } = await readInput(input, maxBytes, bounds.maxTextBytes);
  const bytes = ownBytes(read);
  if (options.signal?.aborted === true) throw cancelledError();
  if (bytes.byteLength === 0)
    throw new CoreError('Damaged', 'This file is empty.', {
      hint: 'Choose a file with text in it.',
    });
  const limits: WorkerLimits = {
    deadline: Date.now() + timeLimitMs,
    timeLimitMs,
    maxMemoryBytes: bounds.maxMemoryBytes,
  };
  if (options.signal !== undefined) limits.signal = options.signal;
  const fallbackTitle = titleFrom('', name);
  const kind = sniffKind(bytes);
  switch (kind) {
    case 'pdf': {
      const pdfOptions: Parameters<typeof extractPdf>[1] = {
        ...limits,
        maxPartBytes: bounds.maxPartBytes,
        maxPages: bounds.maxPages,
        name: fallbackTitle,
      };
      if (options.password !== undefined) pdfOptions.password = options.password;
      if (options.onProgress !== undefined) pdfOptions.onProgress = options.onProgress;
      if (options.ocr !== undefined) pdfOptions.ocr = options.ocr;
      return finish(await extractPdf(bytes, pdfOptions), fallbackTitle);
    }
    case 'docx':
    case 'epub': {
      const job: WorkerJob = { kind, bytes, name: fallbackTitle, limits: bounds };
      return finish(
        await runWorkerJob<DocumentText>(job, limits, options.onProgress),
        fallbackTitle,
      );
    }
    case 'text': {
      if (looksLikeHtml(decodeText(bytes.subarray(0, 8192)).text)) {
        const job: WorkerJob = { kind: 'html', bytes, name: fallbackTitle, limits: bounds };
        return finish(
          await runWorkerJob<DocumentText>(job, limits, options.onProgress),
          fallbackTitle,
        );
      }
      return finish(extractText(bytes, name), fallbackTitle);
    }
    case 'mobi':
      throw unsupported(
        'MOBI and AZW3 e-books are not supported yet.',
        'Convert the book to EPUB (for example with Calibre) and open that.',
      );
    case 'ole':
      throw unsupported(
        'Old Word (.doc) and other Office 97-2003 files are not supported.',
        'Save the document as DOCX or PDF and open that.',
      );
    case 'rtf':
      throw unsupported(
        'RTF documents are not supported.',
        'Save the document as DOCX or PDF and open that.',
      );
    case 'image':
      throw unsupported(
        'This is an image file, not a document.',
        'To read a scan, save it as a PDF (a scanner’s PDF export, or img2pdf) and open that: its pages are read with OCR.',
      );
    case 'archive':
    case 'zip':
      throw unsupported(
        'This is an archive, not a document.',
        'Unpack it and open the document inside.',
      );
  }
}

/** Common post-processing: a title, and sections sorted by offset for binary search. */
function finish(doc: DocumentText, fallbackTitle: string): DocumentText {
  if (doc.title.trim() === '') doc.title = fallbackTitle;
  if (doc.sections !== undefined) doc.sections.sort((a, b) => a.start - b.start);
  // A warning already there (scanned, blank, damaged or unreadable pages) says why.
  if (doc.text.trim() === '' && doc.warnings.length === 0) {
    doc.warnings.push('The document contains no text.');
  }
  return doc;
}

/** Figures for `memagent extract --json` and the library: characters, pages, sections, words. */
export function documentStats(doc: DocumentText): {
  chars: number;
  pages: number;
  sections: number;
  words: number;
} {
  const words = doc.text.match(/\S+/g)?.length ?? 0;
  return {
    chars: doc.text.length,
    pages: doc.pages?.length ?? 0,
    sections: doc.sections?.length ?? 0,
    words,
  };
}

import { CoreError } from '../errors.ts';

/**
 * Bounds on what extracting one document may decompress and build. Declared sizes are never
 * trusted: decompressed bytes are counted as they come out, and the extraction's workers are
 * measured while they run.
 */
export interface ExtractionLimits {
  /** Entries in a ZIP container (DOCX, EPUB). */
  maxEntries: number;
  /** Decompressed bytes of one ZIP entry or one PDF stream. */
  maxPartBytes: number;
  /** Decompressed bytes of all ZIP entries read from one document. */
  maxUnpackedBytes: number;
  /** Heap plus external memory (buffers) of all of one extraction's workers together. */
  maxMemoryBytes: number;
  /** Pages of a PDF, counted before any page is read. */
  maxPages: number;
  /**
   * Bytes of a file read as text (plain text, Markdown, HTML), checked before it is read: text
   * is decoded in the main thread, where no worker's memory limit applies.
   */
  maxTextBytes: number;
}

const MB = 1024 * 1024;

/**
 * Defaults: one part of 32 MB is a 3,000-page book in one XHTML file (html-to-text needs about
 * 16 times its input, mammoth 25-50 times); 384 MB of worker memory keeps a blow-up well under
 * 1 GB of process memory while the 1,151-page corpus PDF needs a fraction of it.
 */
export const DEFAULT_EXTRACTION_LIMITS: ExtractionLimits = {
  maxEntries: 20_000,
  maxPartBytes: 32 * MB,
  maxUnpackedBytes: 256 * MB,
  maxMemoryBytes: 384 * MB,
  maxPages: 20_000,
  maxTextBytes: 64 * MB,
};

/** The defaults with the given overrides. */
export function resolveLimits(overrides: Partial<ExtractionLimits> = {}): ExtractionLimits {
  const limits = { ...DEFAULT_EXTRACTION_LIMITS };
  for (const key of Object.keys(limits) as (keyof ExtractionLimits)[]) {
    const value = overrides[key];
    if (value !== undefined) limits[key] = value;
  }
  return limits;
}

export const mb = (n: number): string => `${Math.round((n / MB) * 10) / 10} MB`;

const ZIP_BOMB = 'This document unpacks to more data than allowed: it may be a decompression bomb.';
const HOSTILE_HINT = 'The file may be damaged or built to exhaust memory.';

/** Decompressing the document would exceed a limit. */
export function unpackedTooLarge(detail: string): CoreError {
  return new CoreError('TooLarge', ZIP_BOMB, { hint: HOSTILE_HINT, detail });
}

/**
 * A ZIP container (DOCX, EPUB) lists more entries than allowed: said as a count, not as a bomb
 * (nothing was unpacked; a real book holds tens to a few thousand files).
 */
export function tooManyEntries(count: number, limit: number): CoreError {
  const n = (x: number) => x.toLocaleString('en-US');
  return new CoreError(
    'TooLarge',
    `This document holds ${n(count)} files inside it; the limit is ${n(limit)}.`,
    {
      hint: 'A DOCX or EPUB holds tens to a few thousand files: this one may be damaged or built to exhaust memory.',
      detail: `${n(count)} ZIP entries, limit ${n(limit)}`,
    },
  );
}

/** One part (a ZIP entry, a PDF stream) is over `maxPartBytes`: EPUB skips such a chapter. */
export class PartTooLargeError extends CoreError {
  constructor(what: string, limit: number) {
    super('TooLarge', ZIP_BOMB, {
      hint: HOSTILE_HINT,
      detail: `${what} unpacks to more than ${mb(limit)}`,
    });
  }
}

/** A file read as text over `maxTextBytes`, refused before it is read in full. */
export function textTooLarge(size: number, limit: number): CoreError {
  return new CoreError(
    'TooLarge',
    `This file is too large to read as text (${mb(size)}; the limit for plain text, Markdown and HTML is ${mb(limit)}).`,
    {
      hint: 'Split it into smaller files (for example by chapter) and open them one by one.',
    },
  );
}

/** A PDF with more pages than allowed, refused before a page is read. */
export function tooManyPages(count: number, limit: number): CoreError {
  const n = (x: number) => x.toLocaleString('en-US');
  return new CoreError('TooLarge', `This PDF has ${n(count)} pages; the limit is ${n(limit)}.`, {
    hint: 'Split it into smaller PDFs (for example by volume or chapter, with qpdf --split-pages) and open them one by one.',
    detail: `${n(count)} pages in the page tree, limit ${n(limit)}`,
  });
}

/**
 * A PDF whose page tree reaches one page object twice: a few KB can then list the same page
 * hundreds of thousands of times. No honest PDF does (a page has one parent).
 */
export function repeatedPage(first: number, again: number, object: number): CoreError {
  return new CoreError(
    'Damaged',
    `This PDF lists the same page more than once (pages ${first} and ${again} are one page): its page tree is damaged or built to exhaust memory.`,
    {
      hint: 'Repair the file (for example with qpdf, which gives each repeated page its own copy) if you trust it; otherwise do not open it.',
      detail: `page object ${object} reached again at page ${again}`,
    },
  );
}

/** The extraction's workers used more memory than allowed. */
export function memoryTooLarge(used: number, limit: number): CoreError {
  return new CoreError('TooLarge', 'This document needs more memory than allowed to read.', {
    hint: HOSTILE_HINT,
    detail: `${mb(used)} of worker memory, limit ${mb(limit)}`,
  });
}

// OCR for one command: the language check before anything is read, a tesseract pool made only
// when a PDF page needs it and closed before the command ends, and the note on what OCR read.
import { access } from 'node:fs/promises';
import path from 'node:path';
import type { DocumentText } from '../../shared/model.ts';
import {
  extractDocument,
  createOcrPool,
  defaultOcrPoolSize,
  SHIPPED_OCR_LANGUAGES,
  type OcrExtraction,
  type OcrPool,
} from '../core/documents/index.ts';
import { cancelledError } from '../core/documents/worker-host.ts';
import { CoreError } from '../core/errors.ts';
import { ocrLanguageHint, type ReadingOptions } from './arg-parsing.ts';
import type { CliContext } from './context.ts';
import { ReadingProgress } from './reading-progress.ts';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

/**
 * Fails with BadUsage (exit 2) when a language of `--ocr-lang` is neither shipped nor a file in
 * the language folder, before any page is read: a typo must not cost minutes of OCR first.
 */
export async function checkOcrLanguages(options: ReadingOptions): Promise<void> {
  if (options.reading.ocr === 'off') return;
  const dir = options.ocrLanguageDir;
  for (const code of options.reading.languages) {
    if (SHIPPED_OCR_LANGUAGES.includes(code)) continue;
    const files = [`${code}.traineddata`, `${code}.traineddata.gz`].map((f) => path.join(dir, f));
    if ((await Promise.all(files.map(exists))).some(Boolean)) continue;
    throw new CoreError('BadUsage', `There is no OCR data for the language "${code}".`, {
      hint: ocrLanguageHint(code, dir),
    });
  }
}

/** What the command sees of OCR while a document is read. */
export interface OcrActivity {
  /** A page was handed to OCR (`started` so far). */
  onStart?: (started: number) => void;
  /** A page was recognised (`finished` so far). */
  onFinish?: (finished: number) => void;
}

/** The OCR of one command: what `extractDocument` takes, and the pool's end. */
export interface CommandOcr {
  /** Undefined with `--ocr off`. */
  extraction: OcrExtraction | undefined;
  /** Stops any recognition and terminates the workers (when there are any). */
  close(): Promise<void>;
}

/**
 * The command's OCR pool, made on the first page to recognise (the PDF reader asks only for
 * pages without text, or every page with `all-pages`, so a text PDF never loads tesseract), and
 * seen by the progress line page by page.
 */
export function commandOcr(options: ReadingOptions, activity: OcrActivity = {}): CommandOcr {
  if (options.reading.ocr === 'off') return { extraction: undefined, close: async () => {} };
  let pool: OcrPool | undefined;
  let closed = false;
  let started = 0;
  let finished = 0;
  const size = defaultOcrPoolSize();
  const lazy: OcrPool = {
    size,
    async recognize(request) {
      if (closed) throw cancelledError();
      pool ??= createOcrPool({ size, languageDir: options.ocrLanguageDir });
      activity.onStart?.(++started);
      const page = await pool.recognize(request);
      activity.onFinish?.(++finished);
      return page;
    },
    async close() {
      closed = true;
      await pool?.close();
    },
  };
  return {
    extraction: { pool: lazy, languages: options.reading.languages, mode: options.reading.ocr },
    close: () => lazy.close(),
  };
}

/** "2 of 40 pages were read by OCR (mean confidence 91%): ...", or undefined when none was. */
export function ocrSummary(doc: DocumentText): string | undefined {
  const ocr = doc.ocrPages ?? [];
  if (ocr.length === 0) return undefined;
  const mean = ocr.reduce((sum, p) => sum + p.confidence, 0) / ocr.length;
  const total = doc.pages?.length ?? ocr.length;
  const pages = `${ocr.length} of ${total} ${total === 1 ? 'page' : 'pages'}`;
  return `${pages} ${ocr.length === 1 ? 'was' : 'were'} read by OCR (mean confidence ${Math.round(mean)}%): check quotes against the original.`;
}

/**
 * Reads `file` as `ask` and `extract` do: languages checked first, OCR as the flags say with a
 * progress line while it runs, Ctrl-C honoured, and no OCR worker left when it returns or throws.
 */
export async function readDocument(
  options: ReadingOptions & { file: string; password?: string },
  ctx: CliContext,
  input: { bytes: Uint8Array; name: string } | undefined = undefined,
): Promise<DocumentText> {
  await checkOcrLanguages(options);
  const progress = new ReadingProgress(ctx.stderr);
  const ocr = commandOcr(options, {
    onStart: () => progress.onOcrStart(),
    onFinish: (finished) => progress.onOcrFinish(finished),
  });
  try {
    return await extractDocument(input ?? { path: options.file }, {
      signal: ctx.signal,
      onProgress: (p) => progress.onPages(p),
      ...(options.password !== undefined ? { password: options.password } : {}),
      ...(ocr.extraction !== undefined ? { ocr: ocr.extraction } : {}),
    });
  } finally {
    progress.finish();
    await ocr.close();
  }
}

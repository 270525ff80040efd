// The PDF side of a document worker: one PDFium engine, the file opened once, then page ranges
// served on request so several workers can share one book. Runs only inside a worker thread.
import { parentPort } from 'node:worker_threads';
import type { AppError } from '../../../shared/model.ts';
import { tooManyPages } from './limits.ts';
import { checkPdfStreams } from './pdf-stream-scan.ts';
import {
  isEngineFatal,
  loadPdfium,
  openDocument,
  pageCount,
  readMeta,
  readPage,
  renderPage,
  trapEngine,
  type PdfiumDocument,
  type PdfiumModule,
} from './pdfium-engine.ts';

export type { PdfMeta } from './pdfium-engine.ts';

/** Requests the host sends to a PDF worker. */
export type PdfRequest =
  | { type: 'load'; meta: boolean; pdfium: PdfiumModule }
  | { type: 'pages'; from: number; to: number }
  | { type: 'render'; number: number; scale: number };

/**
 * Test-only fault injection: `MEMAGENT_TEST_PDFIUM_TRAP` set to a page number (or `all`) makes
 * the engine of every PDF worker trap on that page (or on every page), to test the replacement
 * of workers whose engine died. Honoured only inside Vitest (which sets `VITEST`): nothing in a
 * document and no setting of the app can turn it on.
 */
function faultPageForTest(): ((page: number) => boolean) | undefined {
  const value = process.env.MEMAGENT_TEST_PDFIUM_TRAP;
  if (value === undefined || process.env.VITEST === undefined) return undefined;
  return (page) => value === 'all' || Number(value) === page;
}

/** Serves a PDF in this worker: `load` opens it, `pages` streams one message per page. */
export function servePdf(
  job: {
    bytes: Uint8Array;
    password?: string;
    scanLimitBytes?: number;
    maxMemoryBytes?: number;
    maxPages?: number;
  },
  toError: (e: unknown) => AppError,
): void {
  const port = parentPort;
  if (port === null) return;
  let doc: PdfiumDocument | undefined;
  // After a trap the engine's state is undefined: this worker answers nothing more and the
  // host replaces it.
  let dead = false;
  // Requests are handled one at a time, in order.
  let queue: Promise<void> = Promise.resolve();
  const trapsOn = faultPageForTest();
  port.on('message', (request: PdfRequest) => {
    queue = queue
      .then(() => handle(request))
      .catch((error: unknown) => {
        if (isEngineFatal(error)) {
          dead = true;
          port.postMessage({ type: 'fatal', detail: String(error) });
        } else port.postMessage({ type: 'error', error: toError(error) });
      });
  });
  const handle = async (request: PdfRequest): Promise<void> => {
    if (dead) return;
    if (request.type === 'load') {
      if (job.scanLimitBytes !== undefined) checkPdfStreams(job.bytes, job.scanLimitBytes);
      const options: Parameters<typeof loadPdfium>[0] = {
        module: request.pdfium,
        onMemory: (bytes) => port.postMessage({ type: 'wasm-memory', bytes }),
      };
      if (job.maxMemoryBytes !== undefined) options.maxMemoryBytes = job.maxMemoryBytes;
      const engine = await loadPdfium(options);
      doc = openDocument(engine, job.bytes, job.password);
      const numPages = pageCount(doc);
      // Before the labels are read page by page: a page tree of a few KB can list a million.
      if (job.maxPages !== undefined && numPages > job.maxPages)
        throw tooManyPages(numPages, job.maxPages);
      // The page count first, so the host can start more workers while the outline is read.
      port.postMessage({ type: 'loaded', numPages });
      if (request.meta) port.postMessage({ type: 'meta', meta: readMeta(doc) });
      return;
    }
    if (doc === undefined) throw new Error('pages requested before load');
    if (request.type === 'render') {
      const n = request.number;
      try {
        // renderPage hands over RGBA (it swaps PDFium's BGRA); the pixels move, not copied.
        const rendered = renderPage(doc, n - 1, request.scale);
        port.postMessage({ type: 'rendered', number: n, ...rendered }, [
          rendered.rgba.buffer as ArrayBuffer,
        ]);
      } catch (error) {
        const failed = error instanceof Error ? error.message : String(error);
        // The error as a value too: the page view shows its sentence (TooLarge...).
        port.postMessage({ type: 'rendered', number: n, failed, error: toError(error) });
        if (isEngineFatal(error)) throw error;
      }
      return;
    }
    for (let n = request.from; n <= request.to; n++) {
      try {
        if (trapsOn?.(n) === true) trapEngine(doc, n - 1);
        const page = readPage(doc, n - 1);
        port.postMessage({ type: 'page', number: n, ...page }, [page.lines.buffer as ArrayBuffer]);
      } catch (error) {
        const failed = error instanceof Error ? error.message : String(error);
        // The page that broke the engine is recorded as damaged, then the worker gives up.
        port.postMessage({ type: 'page', number: n, text: '', failed });
        if (isEngineFatal(error)) throw error;
      }
    }
    port.postMessage({ type: 'batch-done' });
  };
}

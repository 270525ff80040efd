// PDF pages drawn for the reader's page view by PDFium, the engine that extracted the text and
// measured its lines, so highlights land where the text is. Each recently viewed PDF keeps one
// worker thread with the file open (never main's event loop); the least recently viewed is
// closed when another is opened, and every one after a while unused.
import type { Worker } from 'node:worker_threads';
import type { RenderedPage } from '../../../shared/api.ts';
import type { AppError, DocumentInfo } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import type { PdfRequest } from '../documents/pdf-worker.ts';
import { compilePdfium } from '../documents/pdfium-module.ts';
import type { WorkerJob } from '../documents/worker-entry.ts';
import {
  errorFromWorker,
  spawnDocumentWorker,
  workerCrashError,
} from '../documents/worker-host.ts';
import { readOriginal } from './document-texts.ts';

/** Open PDFs kept for the page view: the one being read and the one read just before. */
const OPEN_DOCUMENTS = 2;
/** An open PDF nobody looked at for this long is closed (its worker holds the file and PDFium). */
const IDLE_MS = 2 * 60_000;
/** A page taking longer than this to draw is given up on, and its worker with it. */
const RENDER_TIME_MS = 30_000;
/** Heap and PDFium memory of one page worker: a page at the largest size is 160 MB of pixels. */
const WORKER_MEMORY_BYTES = 384 * 1024 * 1024;

type FromWorker =
  | { type: 'loaded'; numPages: number }
  | {
      type: 'rendered';
      number: number;
      width: number;
      height: number;
      rgba: Uint8ClampedArray;
      box: [number, number, number, number];
      rotation: number;
    }
  | { type: 'rendered'; number: number; failed: string; error: AppError }
  | { type: 'error'; error: AppError }
  | { type: 'fatal'; detail: string }
  | { type: 'wasm-memory' | 'meta' };

type Drawn = Extract<FromWorker, { type: 'rendered'; rgba: Uint8ClampedArray }>;

interface OpenPdf {
  /** Resolves with the page count once the worker has the file open. */
  ready: Promise<number>;
  worker?: Worker;
  /** Pages asked for, answered in order (the worker serves one request at a time). */
  waiting: { resolve(page: Drawn): void; reject(error: unknown): void }[];
  idle?: NodeJS.Timeout;
  closed: boolean;
  /** Fails a pending open (the entry was closed before the worker had the file open). */
  abort?: (error: unknown) => void;
}

export interface PageRenderer {
  /** Draws page `page` (1-based) of PDF `info` at `scale` (1 = 72 dpi). */
  render(info: DocumentInfo, page: number, scale: number): Promise<RenderedPage>;
  /** Closes the document's worker, if open (the document was removed). */
  close(documentId: string): Promise<void>;
  /** Closes every worker (service shutdown). */
  dispose(): Promise<void>;
}

/** Page rendering over the library's original files (read again, checked against their id). */
export function createPageRenderer(options: { maxBytes: number }): PageRenderer {
  const open = new Map<string, OpenPdf>();

  /**
   * Closes an entry: out of the map (if still there), its pending open and pages failed with
   * `why`, its worker terminated. Safe to call more than once.
   */
  const shut = async (entry: OpenPdf, why?: unknown): Promise<void> => {
    for (const [id, e] of open) if (e === entry) open.delete(id);
    if (entry.closed) return;
    entry.closed = true;
    clearTimeout(entry.idle);
    const error = why ?? new CoreError('Cancelled', 'The page view was closed.');
    entry.abort?.(error);
    for (const w of entry.waiting.splice(0)) w.reject(error);
    const worker = entry.worker;
    if (worker === undefined) return;
    worker.removeAllListeners();
    worker.on('error', () => {}); // whatever it does while going away is of no interest
    await worker.terminate();
  };
  const close = async (id: string): Promise<void> => {
    const entry = open.get(id);
    if (entry !== undefined) await shut(entry);
  };

  const start = (info: DocumentInfo): OpenPdf => {
    const entry: OpenPdf = { waiting: [], closed: false, ready: Promise.resolve(0) };
    entry.ready = (async () => {
      const bytes = await readOriginal(info, options.maxBytes).catch((error: unknown) => {
        throw fileGone(info, error);
      });
      const pdfium = await compilePdfium();
      if (entry.closed) throw new CoreError('Cancelled', 'The page view was closed.');
      const job: WorkerJob = { kind: 'pdf', bytes, maxMemoryBytes: WORKER_MEMORY_BYTES };
      const worker = spawnDocumentWorker(job, WORKER_MEMORY_BYTES);
      entry.worker = worker;
      return new Promise<number>((resolve, reject) => {
        entry.abort = reject;
        const fail = (error: unknown): void => void shut(entry, error);
        worker.on('message', (msg: FromWorker) => {
          if (msg.type === 'loaded') resolve(msg.numPages);
          else if (msg.type === 'error') fail(openError(errorFromWorker(msg.error)));
          else if (msg.type === 'fatal') fail(workerCrashError(new Error(msg.detail)));
          else if (msg.type === 'rendered') {
            const w = entry.waiting.shift();
            if ('failed' in msg) w?.reject(drawError(errorFromWorker(msg.error)));
            else w?.resolve(msg);
          }
        });
        worker.on('error', (error) => fail(workerCrashError(error)));
        worker.on('exit', (code) =>
          fail(workerCrashError(new Error(`page worker exited with code ${code}`))),
        );
        worker.postMessage({ type: 'load', meta: false, pdfium } satisfies PdfRequest);
      });
    })();
    // A failed open is not kept: the next request tries again (the file may be back).
    entry.ready.catch((error: unknown) => void shut(entry, error));
    return entry;
  };

  /** The document's open entry, now the most recently used; the least recent one beyond the cap closes. */
  const entryFor = (info: DocumentInfo): OpenPdf => {
    const entry = open.get(info.id) ?? start(info);
    open.delete(info.id);
    open.set(info.id, entry);
    for (const id of open.keys()) {
      if (open.size <= OPEN_DOCUMENTS) break;
      void close(id);
    }
    return entry;
  };

  return {
    async render(info, page, scale) {
      if (info.format !== 'pdf')
        throw new CoreError('BadUsage', `${info.fileName} has no pages to draw: it is not a PDF.`);
      const entry = entryFor(info);
      const pages = await entry.ready;
      // Closed meanwhile (another PDF opened, the document removed): its worker is gone.
      if (entry.closed) throw new CoreError('Cancelled', 'The page view was closed.');
      if (page > pages)
        throw new CoreError('NotFound', `${info.fileName} has no page ${page}.`, {
          hint: `It has ${pages} page${pages === 1 ? '' : 's'}.`,
        });
      const worker = entry.worker as Worker;
      const drawn = await new Promise<Drawn>((resolve, reject) => {
        const timer = setTimeout(() => {
          const error = new CoreError('TimeLimit', `Page ${page} took too long to draw.`, {
            hint: 'The page may be damaged or extremely complex; the Text view still shows it.',
          });
          void shut(entry, error);
        }, RENDER_TIME_MS);
        entry.waiting.push({
          resolve: (p) => (clearTimeout(timer), resolve(p)),
          reject: (e) => (clearTimeout(timer), reject(e)),
        });
        worker.postMessage({ type: 'render', number: page, scale } satisfies PdfRequest);
      });
      clearTimeout(entry.idle);
      entry.idle = setTimeout(() => void shut(entry), IDLE_MS);
      entry.idle.unref();
      return {
        page,
        width: drawn.width,
        height: drawn.height,
        rgba: new Uint8Array(drawn.rgba.buffer, drawn.rgba.byteOffset, drawn.rgba.byteLength),
        box: drawn.box,
        scale,
        rotation: drawn.rotation,
      };
    },
    close: (id) => close(id),
    async dispose() {
      await Promise.all([...open.keys()].map((id) => close(id)));
    },
  };
}

function fileGone(info: DocumentInfo, error: unknown): unknown {
  if (!(error instanceof CoreError) || error.kind !== 'NotFound') return error;
  const why =
    info.path === undefined
      ? `${info.fileName} was not opened from a file, so its pages cannot be drawn.`
      : `The file ${info.fileName} has changed or moved since it was opened, so its pages cannot be drawn.`;
  return new CoreError('NotFound', why, {
    hint: 'Open the file again; the Text view still shows its text.',
  });
}

/** The password of an encrypted PDF is not kept: its text was extracted when it was opened. */
function openError(error: CoreError): CoreError {
  if (error.kind !== 'PasswordRequired') return error;
  return new CoreError(
    'PasswordRequired',
    'This PDF is protected by a password, so its pages cannot be drawn here.',
    { hint: 'The Text view still shows its text; the password is not kept after opening.' },
  );
}

function drawError(error: CoreError): CoreError {
  if (error.kind !== 'TooLarge') return error;
  return new CoreError('TooLarge', error.message, {
    hint: 'Zoom out to see this page.',
    ...(error.detail === undefined ? {} : { detail: error.detail }),
  });
}

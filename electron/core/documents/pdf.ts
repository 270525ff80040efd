import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import type { AppError, DocumentText } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { memoryTooLarge, repeatedPage } from './limits.ts';
import { watchMemory } from './memory-watch.ts';
import { attachGeometry, type TextGeometry } from './geometry.ts';
import { assemblePdf, type PageResult } from './pdf-assemble.ts';
import { OCR_SCALE, ocrLines, wantsOcr, type OcrExtraction } from './pdf-ocr.ts';
import type { PdfMeta, PdfRequest } from './pdf-worker.ts';
import { compilePdfium } from './pdfium-module.ts';
import type { WorkerJob } from './worker-entry.ts';
import {
  runWorkerJob,
  cancelledError,
  errorFromWorker,
  spawnDocumentWorker,
  timeLimitError,
  workerCrashError,
  type WorkerLimits,
} from './worker-host.ts';

export interface PdfOptions extends WorkerLimits {
  /** The first worker refuses the file (TooLarge) if a stream PDFium may decode inflates to more. */
  maxPartBytes: number;
  /** Refused (TooLarge) when the page tree lists more pages. */
  maxPages?: number;
  password?: string;
  onProgress?: (p: { done: number; total: number }) => void;
  /** Upper bound on parallel workers (default: cores, at most 4). */
  maxWorkers?: number;
  /** Fallback title (the file name). */
  name?: string;
  /** Recognise pages without a text layer (or every page) with this pool; none: a warning. */
  ocr?: OcrExtraction;
}

type FromWorker =
  | { type: 'loaded'; numPages: number }
  | { type: 'meta'; meta: PdfMeta }
  | {
      type: 'page';
      number: number;
      text: string;
      failed?: string;
      lines?: Float64Array;
      box?: number[];
      hasText?: boolean;
      imageCount?: number;
      object?: number;
    }
  | { type: 'rendered'; number: number; width: number; height: number; rgba: Uint8ClampedArray }
  | { type: 'rendered'; number: number; failed: string }
  | { type: 'batch-done' }
  | { type: 'fatal'; detail: string }
  | { type: 'wasm-memory'; bytes: number }
  | { type: 'error'; error: AppError };

// A smaller young generation makes V8 collect page garbage sooner: several PDF workers then
// stay well under the memory goal (400 MB for the 1,151-page corpus book) at little cost.
const PDF_WORKER_YOUNG_MB = 8;

const INLINE_ASSEMBLY_CHARS = 200_000;

// Pages per worker below which one more worker costs more (it parses the file again) than it saves.
const PAGES_PER_EXTRA_WORKER = 150;

// A file this large nearly always has enough pages for a second worker: it is started with the
// first instead of after the page count is known, so its start-up (loading PDFium, opening the
// file) overlaps the first worker's. It is terminated if the count says no.
const EARLY_SECOND_WORKER_BYTES = 2 * 1024 * 1024;

// Upper bound on pages per request. Requests shrink towards the end (a share of what is left),
// so the workers finish together instead of one idling while another reads a last long batch.
const MAX_BATCH = 32;

// Reading a page by OCR takes 2-5 s on one core: each page queued for it adds this much to the
// document's time limit, so a long scan is not cut off by a limit meant for parsing.
const OCR_MS_PER_PAGE = 30_000;

// Workers whose engine trapped are replaced this many times per document; past that the
// document is Damaged (a file that keeps killing engines is not worth more).
const MAX_REPLACEMENTS = 3;

/**
 * Extracts a PDF with PDFium in worker threads (one engine each): the first worker opens the
 * file and reads its labels and outline; for a long document more workers open it too (a large
 * file's second worker from the start) and all take batches of pages, shrinking towards the
 * end, from one queue. A worker whose engine traps is replaced and its unread pages go back in
 * the queue. Every worker is terminated at the end, on the deadline and on abort. The line
 * geometry is attached to the result (`geometryOf`).
 */
export async function extractPdf(bytes: Uint8Array, options: PdfOptions): Promise<DocumentText> {
  const { results, meta, exited, deadline } = await readPages(bytes, options);
  // Joining a book's pages (and counting its words for hyphenation) takes a second of CPU: done
  // in a fresh worker, once the PDF workers are gone, so neither the host's event loop nor the
  // peak memory pays for it.
  await exited;
  // A short document is joined in well under a millisecond: not worth starting a worker.
  if (results.reduce((n, r) => n + (r?.text.length ?? 0), 0) < INLINE_ASSEMBLY_CHARS) {
    const { doc, geometry } = assemblePdf(results, meta, options.name ?? 'Untitled');
    attachGeometry(doc, geometry);
    return doc;
  }
  const limits: WorkerLimits = {
    deadline,
    timeLimitMs: options.timeLimitMs,
    maxMemoryBytes: options.maxMemoryBytes,
  };
  if (options.signal !== undefined) limits.signal = options.signal;
  const { doc, geometry } = await runWorkerJob<{ doc: DocumentText; geometry: TextGeometry }>(
    { kind: 'pdf-assemble', results, meta, name: options.name ?? 'Untitled' },
    limits,
  );
  attachGeometry(doc, geometry);
  return doc;
}

type PagesRead = {
  results: PageResult[];
  meta: PdfMeta;
  exited: Promise<unknown>;
  /** The document's deadline, extended for the pages read by OCR. */
  deadline: number;
};

function readPages(bytes: Uint8Array, options: PdfOptions): Promise<PagesRead> {
  return new Promise<PagesRead>((resolve, reject) => {
    if (options.signal?.aborted === true) {
      reject(cancelledError());
      return;
    }
    const workers: Worker[] = [];
    let settled = false;
    let total = 0;
    let done = 0;
    let nextPage = 1;
    let begun = false;
    let meta: PdfMeta = { labels: null, outline: [] };
    let haveMeta = false;
    let results: PageResult[] = [];
    let exited: Promise<unknown> = Promise.resolve();
    // Pages handed to each worker and not yet returned, and pages to hand out again after a
    // worker was replaced.
    const pending = new Map<Worker, Set<number>>();
    const retry: number[] = [];
    let replacements = 0;
    // PDFium's WebAssembly memory per worker, which the heap statistics do not include.
    const wasmBytes = new Map<Worker, number>();
    // OCR: pages waiting to be rendered, and pages being rendered (by which worker) or recognised.
    // Only as many pages as the pool reads at once are rendered ahead: a 150-dpi page is ~9 MB.
    const ocr = options.ocr;
    const ocrWaiting: number[] = [];
    const rendering = new Map<number, Worker>();
    let recognising = 0;
    let deadline = options.deadline;
    // The page each page object was first read as: a page tree reaching one object twice is
    // refused at the second sight, not read (and paid for) hundreds of thousands of times.
    const pageOfObject = new Map<number, number>();
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopWatching();
      options.signal?.removeEventListener('abort', onAbort);
      exited = Promise.all(workers.map((worker) => worker.terminate()));
      outcome();
    };
    const fail = (error: CoreError): void => finish(() => reject(error));
    const onAbort = (): void => fail(cancelledError());
    const arm = (): NodeJS.Timeout =>
      setTimeout(
        () => fail(timeLimitError(options.timeLimitMs)),
        Math.max(0, deadline - Date.now()),
      );
    let timer = arm();
    // All the workers of this document together, PDFium's memory included.
    const wasmTotal = (): number => [...wasmBytes.values()].reduce((a, b) => a + b, 0);
    const stopWatching = watchMemory(
      () => workers,
      options.maxMemoryBytes,
      (used) => fail(memoryTooLarge(used, options.maxMemoryBytes)),
      wasmTotal,
    );
    options.signal?.addEventListener('abort', onAbort, { once: true });

    const giveWork = (worker: Worker): void => {
      const again = retry.shift();
      if (again !== undefined) {
        pending.get(worker)?.add(again);
        worker.postMessage({ type: 'pages', from: again, to: again } satisfies PdfRequest);
        return;
      }
      if (nextPage > total) return;
      const from = nextPage;
      const share = Math.ceil((total - from + 1) / (workers.length * 4));
      const to = Math.min(total, from + Math.max(1, Math.min(MAX_BATCH, share)) - 1);
      nextPage = to + 1;
      for (let n = from; n <= to; n++) pending.get(worker)?.add(n);
      worker.postMessage({ type: 'pages', from, to } satisfies PdfRequest);
    };

    const start = (withMeta: boolean): Worker => {
      const job: WorkerJob = { kind: 'pdf', bytes, maxMemoryBytes: options.maxMemoryBytes };
      if (options.maxPages !== undefined) job.maxPages = options.maxPages;
      // One scan of the streams is enough: the first worker's (it opens the file first).
      if (withMeta) job.scanLimitBytes = options.maxPartBytes;
      if (options.password !== undefined) job.password = options.password;
      const worker = spawnDocumentWorker(job, options.maxMemoryBytes, PDF_WORKER_YOUNG_MB);
      workers.push(worker);
      pending.set(worker, new Set());
      worker.on('message', (msg: FromWorker) => {
        if (settled) return;
        switch (msg.type) {
          case 'loaded':
            // Whichever worker opens the file first tells the page count.
            if (!begun) begin(msg.numPages);
            if (workers.includes(worker)) giveWork(worker);
            break;
          case 'meta':
            meta = msg.meta;
            haveMeta = true;
            if (done === total) complete();
            break;
          case 'page': {
            pending.get(worker)?.delete(msg.number);
            if (msg.object !== undefined && msg.object > 0) {
              const first = pageOfObject.get(msg.object);
              if (first !== undefined && first !== msg.number) {
                fail(repeatedPage(first, msg.number, msg.object));
                break;
              }
              pageOfObject.set(msg.object, msg.number);
            }
            const result: PageResult = { text: msg.text };
            if (msg.failed !== undefined) result.failed = msg.failed;
            if (msg.lines !== undefined) result.lines = msg.lines;
            if (msg.box !== undefined) result.box = msg.box;
            if (msg.hasText === false && (msg.imageCount ?? 0) > 0) result.images = true;
            if (ocr !== undefined && wantsOcr(ocr.mode ?? 'auto', msg)) {
              // Counted as done when recognised; its text layer (if any) until then.
              results[msg.number - 1] ??= result;
              ocrWaiting.push(msg.number);
              deadline += OCR_MS_PER_PAGE;
              clearTimeout(timer);
              timer = arm();
              pumpOcr();
              break;
            }
            pageDone(msg.number, result);
            break;
          }
          case 'rendered':
            rendered(worker, msg);
            break;
          case 'batch-done':
            giveWork(worker);
            break;
          case 'error':
            fail(errorFromWorker(msg.error));
            break;
          case 'wasm-memory':
            wasmBytes.set(worker, msg.bytes);
            if (wasmTotal() > options.maxMemoryBytes)
              fail(memoryTooLarge(wasmTotal(), options.maxMemoryBytes));
            break;
          case 'fatal':
            replace(worker, msg.detail);
            break;
        }
      });
      // After `finish` these are no-ops: workers terminated on purpose do not fail anything.
      worker.on('error', (error) => fail(workerCrashError(error)));
      worker.on('exit', (code) =>
        fail(workerCrashError(new Error(`PDF worker exited with code ${code}`))),
      );
      // The worker starts while PDFium is compiled (once per process, then at hand).
      compilePdfium().then(
        (pdfium) => {
          if (workers.includes(worker))
            worker.postMessage({ type: 'load', meta: withMeta, pdfium } satisfies PdfRequest);
        },
        (error: unknown) => fail(workerCrashError(error)),
      );
      return worker;
    };

    // Pages whose final text is in (read, or recognised): what progress counts.
    const counted = new Set<number>();
    const pageDone = (number: number, result: PageResult): void => {
      if (!counted.has(number)) done++;
      counted.add(number);
      results[number - 1] = result;
      options.onProgress?.({ done, total });
      if (done === total && haveMeta) complete();
    };

    const pumpOcr = (): void => {
      if (ocr === undefined) return;
      while (!settled && rendering.size + recognising < ocr.pool.size && ocrWaiting.length > 0) {
        const worker = workers[0];
        if (worker === undefined) return;
        const number = ocrWaiting.shift() as number;
        rendering.set(number, worker);
        worker.postMessage({ type: 'render', number, scale: OCR_SCALE } satisfies PdfRequest);
      }
    };

    const rendered = (worker: Worker, msg: Extract<FromWorker, { type: 'rendered' }>): void => {
      if (rendering.get(msg.number) !== worker || ocr === undefined) return;
      rendering.delete(msg.number);
      const before = results[msg.number - 1] ?? { text: '' };
      if ('failed' in msg) {
        pageDone(msg.number, { text: '', failed: msg.failed });
        pumpOcr();
        return;
      }
      recognising++;
      const request: Parameters<typeof ocr.pool.recognize>[0] = {
        bitmap: { width: msg.width, height: msg.height, rgba: new Uint8Array(msg.rgba.buffer) },
        pageSize: { width: msg.width / OCR_SCALE, height: msg.height / OCR_SCALE },
        scale: OCR_SCALE,
      };
      if (ocr.languages !== undefined) request.languages = ocr.languages;
      if (options.signal !== undefined) request.signal = options.signal;
      ocr.pool.recognize(request).then(
        (page) => {
          recognising--;
          if (settled) return;
          const result: PageResult = {
            text: page.text,
            lines: ocrLines(page, before.box ?? [0, 0]),
            ocr:
              page.warning === undefined
                ? { confidence: page.confidence }
                : { confidence: page.confidence, warning: page.warning },
          };
          if (before.box !== undefined) result.box = before.box;
          pageDone(msg.number, result);
          pumpOcr();
        },
        (error: unknown) => {
          recognising--;
          if (settled) return;
          // A worker that died on this page: the page is damaged, the rest goes on. Anything
          // else (Cancelled, a language without data) ends the extraction.
          if (error instanceof CoreError && error.kind === 'Damaged') {
            pageDone(msg.number, { text: '', failed: error.detail ?? error.message });
            pumpOcr();
          } else fail(error instanceof CoreError ? error : workerCrashError(error));
        },
      );
    };

    // The engine trapped (its page is already recorded as damaged): a fresh worker with a
    // fresh engine takes over the pages this one had not returned.
    const replace = (worker: Worker, detail: string): void => {
      const index = workers.indexOf(worker);
      if (index < 0) return;
      workers.splice(index, 1);
      wasmBytes.delete(worker);
      retry.push(...(pending.get(worker) ?? []));
      pending.delete(worker);
      for (const [number, by] of rendering) {
        if (by !== worker) continue;
        rendering.delete(number);
        ocrWaiting.unshift(number);
      }
      worker.removeAllListeners();
      worker.on('error', () => {});
      void worker.terminate();
      if (replacements >= MAX_REPLACEMENTS) {
        fail(workerCrashError(new Error(`PDFium failed ${replacements + 1} times: ${detail}`)));
        return;
      }
      replacements++;
      if (!haveMeta) {
        // The worker reading the outline died first: read the pages without it.
        haveMeta = true;
      }
      start(false);
      pumpOcr();
      if (done === total && haveMeta) complete();
    };

    const complete = (): void => finish(() => resolve({ results, meta, exited, deadline }));

    const cap = Math.max(1, Math.min(options.maxWorkers ?? Math.min(4, availableParallelism()), 8));
    const begin = (numPages: number): void => {
      begun = true;
      total = numPages;
      results = new Array<PageResult>(numPages);
      const count =
        numPages === 0
          ? 1
          : Math.max(1, Math.min(cap, Math.ceil(numPages / PAGES_PER_EXTRA_WORKER)));
      // An early worker the page count does not justify: dropped before it asks for work. The
      // first worker (outline, labels) is never dropped.
      while (workers.length > count) {
        const surplus = workers.pop();
        if (surplus === undefined) break;
        surplus.removeAllListeners();
        pending.delete(surplus);
        wasmBytes.delete(surplus);
        surplus.on('error', () => {}); // whatever it does while going away is of no interest
        void surplus.terminate();
      }
      while (workers.length < count) start(false);
      // numPages 0: completed when the metadata arrives.
    };

    start(true);
    if (cap > 1 && bytes.byteLength >= EARLY_SECOND_WORKER_BYTES) start(false);
  });
}

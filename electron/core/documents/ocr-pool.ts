// Recognises page bitmaps with tesseract.js in a small pool of its worker threads. Each worker
// runs single-threaded WASM, so the pool size is the number of cores OCR may take.
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker as NodeWorker } from 'node:worker_threads';
import type Tesseract from 'tesseract.js';
import { CoreError } from '../errors.ts';
import {
  DEFAULT_OCR_LANGUAGE,
  readOcrLanguage,
  shippedLanguageFolder,
  type OcrLanguageData,
} from './ocr-languages.ts';
import { bitmapToPgm, pageFromBlocks, type OcrPage, type PageBitmap } from './ocr-page.ts';
import { cancelledError } from './worker-host.ts';

export interface OcrPageRequest {
  bitmap: PageBitmap;
  /** The page's size in PDF points (its box as rendered). */
  pageSize: { width: number; height: number };
  /** Pixels per PDF point the bitmap was rendered at (150 dpi is 150 / 72). */
  scale: number;
  /** Tesseract codes, most likely first (default `['eng']`); several are slower. */
  languages?: readonly string[];
  signal?: AbortSignal;
  /** Fraction of this page recognised, 0-1; ends with 1 when the page succeeds. */
  onProgress?: (fraction: number) => void;
}

export interface OcrPool {
  /**
   * Recognises one page. Throws CoreError: Cancelled (signal or `close`), BadUsage (bitmap and
   * page size disagree, malformed language code), NotFound (no data for a language), Damaged
   * (language data or image unreadable by tesseract).
   */
  recognize(request: OcrPageRequest): Promise<OcrPage>;
  /** Ends every job with Cancelled and terminates the workers. */
  close(): Promise<void>;
  readonly size: number;
}

export interface OcrPoolOptions {
  /** Workers (default `defaultOcrPoolSize()`). */
  size?: number;
  /** Folder with extra `<code>.traineddata[.gz]` files (see ocr-languages.ts). */
  languageDir?: string;
}

/**
 * One worker per core but one, at most two: the machine also renders the pages, runs the app
 * and the model's client, and WASM threads that busy-wait starve each other on few cores.
 */
export function defaultOcrPoolSize(cores = availableParallelism()): number {
  return Math.min(2, Math.max(1, cores - 1));
}

const OEM_LSTM_ONLY = 1;

/** tesseract.js-core's folder: in Node the worker requires its core from there (`corePath` is only read by browsers). */
function corePackageFolder(): string {
  const fromTesseract = createRequire(createRequire(import.meta.url).resolve('tesseract.js'));
  return path.dirname(fromTesseract.resolve('tesseract.js-core/package.json'));
}

/**
 * The options every OCR worker is created with: local paths only, no cache written. Language
 * data is also handed over as bytes, so `langPath` is a fallback that is never a URL, and the
 * worker script (ocr-worker-entry.ts) has no network to fall back on.
 */
export function tesseractWorkerOptions(
  hooks: Pick<Tesseract.WorkerOptions, 'logger' | 'errorHandler'>,
): Partial<Tesseract.WorkerOptions> {
  return {
    workerPath: fileURLToPath(new URL('./ocr-worker-entry.ts', import.meta.url)),
    corePath: corePackageFolder(),
    langPath: shippedLanguageFolder(DEFAULT_OCR_LANGUAGE) as string,
    cacheMethod: 'none',
    gzip: true,
    legacyCore: false,
    legacyLang: false,
    ...hooks,
  };
}

interface Job {
  request: OcrPageRequest;
  languages: readonly string[];
  key: string;
  settled: boolean;
  recognising: boolean;
  resolve: (page: OcrPage) => void;
  reject: (error: unknown) => void;
  /** Rejects when the job must stop waiting for its worker (cancelled, worker crashed). */
  interrupted: Promise<never>;
  interrupt: (error: unknown) => void;
}

interface Slot {
  worker?: Tesseract.Worker | undefined;
  key?: string | undefined;
  job?: Job | undefined;
}

function checkGeometry(request: OcrPageRequest): void {
  const { bitmap, pageSize, scale } = request;
  const fits = (pixels: number, points: number): boolean =>
    Math.abs(pixels - points * scale) <= Math.max(2, points * scale * 0.01);
  if (!(scale > 0) || !fits(bitmap.width, pageSize.width) || !fits(bitmap.height, pageSize.height))
    throw new CoreError('BadUsage', 'The page bitmap does not match the page size and scale.', {
      detail: `${bitmap.width}x${bitmap.height} px for ${pageSize.width}x${pageSize.height} pt at ${scale} px/pt`,
    });
}

/** Starts an OCR pool; workers start on first use and are kept for the next page. */
export function createOcrPool(options: OcrPoolOptions = {}): OcrPool {
  const size = Math.max(1, Math.floor(options.size ?? defaultOcrPoolSize()));
  const slots: Slot[] = Array.from({ length: size }, () => ({}));
  const queue: Job[] = [];
  const languageData = new Map<string, Promise<OcrLanguageData>>();
  let closed = false;

  const settle = (job: Job, outcome: () => void): void => {
    if (job.settled) return;
    job.settled = true;
    outcome();
  };

  const retire = (slot: Slot): void => {
    const worker = slot.worker;
    slot.worker = undefined;
    slot.key = undefined;
    // A page just handed to `recognize` reaches the worker a few microtasks later (tesseract.js
    // awaits the image first); a worker terminated before that makes tesseract.js post to a dead
    // worker and reject where nobody listens. The next macrotask is after that.
    if (worker !== undefined) setImmediate(() => void worker.terminate());
  };

  const language = (code: string): Promise<OcrLanguageData> => {
    let data = languageData.get(code);
    if (data === undefined) {
      data = readOcrLanguage(code, options.languageDir);
      // A failed read (a file added later, a typo) is retried by the next job.
      data.catch(() => languageData.delete(code));
      languageData.set(code, data);
    }
    return data;
  };

  async function startWorker(slot: Slot, job: Job): Promise<Tesseract.Worker> {
    const langs = await Promise.all(job.languages.map(language));
    // tesseract.js reports a failed language load or initialisation only to errorHandler.
    let failed: (error: unknown) => void = () => {};
    const failure = new Promise<never>((_resolve, reject) => (failed = reject));
    const { createWorker } = await import('tesseract.js');
    const creating = createWorker(
      langs.map(({ code, data }) => ({ code, data })),
      OEM_LSTM_ONLY,
      tesseractWorkerOptions({
        logger: (m) => {
          const current = slot.job;
          if (current?.recognising && m.status === 'recognizing text')
            current.request.onProgress?.(m.progress);
        },
        errorHandler: (error: unknown) => failed(error),
      }),
    );
    const worker = await Promise.race([creating, failure]).catch((error: unknown) => {
      void creating.then((w) => w.terminate());
      throw new CoreError('Damaged', `The OCR data for ${job.key} could not be loaded.`, {
        hint: 'Replace the traineddata file with one from tesseract 4 or later.',
        detail: String(error),
      });
    });
    failed = () => {};
    // A worker that dies (out of memory, a WASM abort) fails its page, never the app.
    (worker as unknown as { worker: NodeWorker }).worker.on('error', (error) => {
      if (slot.worker !== worker) return;
      slot.job?.interrupt(
        new CoreError('Damaged', 'The OCR worker stopped while reading this page.', {
          detail: String(error),
        }),
      );
      retire(slot);
    });
    return worker;
  }

  async function run(slot: Slot, job: Job): Promise<void> {
    const { request } = job;
    try {
      if (slot.worker === undefined || slot.key !== job.key) {
        retire(slot);
        slot.worker = await startWorker(slot, job);
        slot.key = job.key;
        if (closed) retire(slot);
      }
      // Cancelled while the worker started: the worker stays for the next job.
      if (job.settled || slot.worker === undefined) return;
      const image = bitmapToPgm(request.bitmap);
      job.recognising = true;
      const result = await Promise.race([
        slot.worker.recognize(Buffer.from(image), {}, { text: false, blocks: true }),
        job.interrupted,
      ]);
      const page = pageFromBlocks(result.data.blocks ?? [], {
        widthPt: request.pageSize.width,
        heightPt: request.pageSize.height,
        scale: request.scale,
      });
      settle(job, () => {
        request.onProgress?.(1);
        job.resolve(page);
      });
    } catch (error) {
      settle(job, () =>
        job.reject(
          error instanceof CoreError
            ? error
            : new CoreError('Damaged', 'The page image could not be recognised.', {
                detail: String(error),
              }),
        ),
      );
    } finally {
      slot.job = undefined;
      pump();
    }
  }

  function pump(): void {
    while (!closed && queue.length > 0) {
      const free = slots.filter((slot) => slot.job === undefined);
      if (free.length === 0) return;
      const job = queue.shift() as Job;
      const slot =
        free.find((s) => s.key === job.key) ?? free.find((s) => s.worker === undefined) ?? free[0];
      (slot as Slot).job = job;
      void run(slot as Slot, job);
    }
  }

  function cancel(job: Job): void {
    settle(job, () => job.reject(cancelledError()));
    const queued = queue.indexOf(job);
    if (queued >= 0) queue.splice(queued, 1);
    const slot = slots.find((s) => s.job === job);
    // Tesseract cannot stop a page half-way: the worker is terminated and replaced on demand.
    if (slot !== undefined && job.recognising) retire(slot);
    job.interrupt(cancelledError());
  }

  return {
    size,
    recognize(request) {
      return new Promise<OcrPage>((resolve, reject) => {
        if (closed || request.signal?.aborted) throw cancelledError();
        checkGeometry(request);
        const languages =
          request.languages && request.languages.length > 0
            ? [...request.languages]
            : [DEFAULT_OCR_LANGUAGE];
        let interrupt: (error: unknown) => void = () => {};
        const interrupted = new Promise<never>((_resolve, rejectInterrupt) => {
          interrupt = rejectInterrupt;
        });
        interrupted.catch(() => {});
        const onAbort = (): void => cancel(job);
        const job: Job = {
          request,
          languages,
          key: languages.join('+'),
          settled: false,
          recognising: false,
          resolve: (page) => {
            request.signal?.removeEventListener('abort', onAbort);
            resolve(page);
          },
          reject: (error) => {
            request.signal?.removeEventListener('abort', onAbort);
            reject(error);
          },
          interrupted,
          interrupt,
        };
        request.signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(job);
        pump();
      });
    },
    async close() {
      closed = true;
      for (const job of [...queue, ...slots.flatMap((s) => (s.job ? [s.job] : []))]) cancel(job);
      queue.length = 0;
      const workers = slots.flatMap((s) => (s.worker ? [s.worker] : []));
      for (const slot of slots) {
        slot.worker = undefined;
        slot.key = undefined;
      }
      await Promise.all(workers.map((w) => w.terminate()));
      // Workers retired by the cancels above are terminated by then too.
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

// Runs inside a worker thread: one document job (DOCX, EPUB, HTML) or, for PDFs, a page-range
// server driven by messages. Every failure is posted back as an AppError value.
import { parentPort, workerData } from 'node:worker_threads';
import type { AppError, DocumentFormat } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import type { ExtractionLimits } from './limits.ts';
import type { PageResult } from './pdf-assemble.ts';
import type { PdfMeta } from './pdfium-engine.ts';

/** The job a document worker is started with. */
export type WorkerJob =
  | { kind: 'html' | 'docx' | 'epub'; bytes: Uint8Array; name: string; limits: ExtractionLimits }
  | {
      kind: 'pdf';
      bytes: Uint8Array;
      password?: string;
      scanLimitBytes?: number;
      maxMemoryBytes?: number;
      /** Refuse (TooLarge) a page tree with more pages, before any page is read. */
      maxPages?: number;
    }
  | { kind: 'pdf-assemble'; results: PageResult[]; meta: PdfMeta; name: string }
  | {
      kind: 'rendered-html';
      format: DocumentFormat;
      bytes: Uint8Array;
      text: string;
      limits: ExtractionLimits;
    };

function toWorkerError(error: unknown): AppError {
  if (error instanceof CoreError) return error.toValue();
  // A library threw on this input: the file is damaged (or beyond what the parser handles).
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'Damaged', message: 'This document could not be read: it looks damaged.', detail };
}

async function run(job: WorkerJob): Promise<unknown> {
  switch (job.kind) {
    // Imported per job: a PDF worker should not pay for loading mammoth, and so on.
    case 'html':
      return (await import('./html.ts')).extractHtml(job.bytes, job.name);
    case 'docx':
      return (await import('./docx.ts')).extractDocx(job.bytes, job.name, job.limits);
    case 'rendered-html':
      return (await import('./rendered-html.ts')).renderedHtml(
        job.format,
        job.bytes,
        job.text,
        job.limits,
      );
    case 'pdf-assemble':
      return (await import('./pdf-assemble.ts')).assemblePdf(job.results, job.meta, job.name);
    case 'epub':
      return (await import('./epub.ts')).extractEpub(
        job.bytes,
        job.name,
        (done, total) => parentPort?.postMessage({ type: 'progress', done, total }),
        job.limits,
      );
  }
  throw new Error('unknown job');
}

const job = workerData as WorkerJob;
if (job.kind === 'pdf') {
  void import('./pdf-worker.ts').then(({ servePdf }) => servePdf(job, toWorkerError));
} else {
  run(job).then(
    (value) => parentPort?.postMessage({ type: 'result', value }),
    (error: unknown) => parentPort?.postMessage({ type: 'error', error: toWorkerError(error) }),
  );
}

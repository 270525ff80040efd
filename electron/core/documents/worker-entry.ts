// Runs inside a worker thread: one document job (DOCX, EPUB, HTML) or, for PDFs, a page-range
// server driven by messages. Every failure is posted back as an AppError value.
import { parentPort, workerData } from 'node:worker_threads';
import type { AppError } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { extractDocx } from './docx.ts';
import { extractEpub } from './epub.ts';
import { extractHtml } from './html.ts';
import { servePdf } from './pdf-worker.ts';

/** The job a document worker is started with. */
export type WorkerJob =
  | { kind: 'html' | 'docx' | 'epub'; bytes: Uint8Array; name: string }
  | { kind: 'pdf'; bytes: Uint8Array; password?: string };

function toWorkerError(error: unknown): AppError {
  if (error instanceof CoreError) return error.toValue();
  // A library threw on this input: the file is damaged (or beyond what the parser handles).
  const detail = error instanceof Error ? error.message : String(error);
  return { kind: 'Damaged', message: 'This document could not be read: it looks damaged.', detail };
}

async function run(job: WorkerJob): Promise<unknown> {
  switch (job.kind) {
    case 'html':
      return extractHtml(job.bytes, job.name);
    case 'docx':
      return extractDocx(job.bytes, job.name);
    case 'epub':
      return extractEpub(job.bytes, job.name, (done, total) => parentPort?.postMessage({ type: 'progress', done, total }));
  }
  throw new Error('unknown job');
}

const job = workerData as WorkerJob;
if (job.kind === 'pdf') {
  servePdf(job, toWorkerError);
} else {
  run(job).then(
    (value) => parentPort?.postMessage({ type: 'result', value }),
    (error: unknown) => parentPort?.postMessage({ type: 'error', error: toWorkerError(error) }),
  );
}

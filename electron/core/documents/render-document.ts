// The document view's HTML (rendered-html.ts) made in a worker under the same limits as
// extraction: mammoth on a large DOCX needs many times the file's size in memory, which must not
// land on the main process.
import type { DocumentFormat } from '../../../shared/model.ts';
import { DEFAULT_TIME_LIMIT_MS } from './index.ts';
import { resolveLimits, type ExtractionLimits } from './limits.ts';
import type { WorkerJob } from './worker-entry.ts';
import { ownBytes, runWorkerJob, type WorkerLimits } from './worker-host.ts';

/**
 * Sanitized HTML of a DOCX, EPUB or HTML document with block offsets into `text` (its extracted
 * text); null for other formats. Throws CoreError: TooLarge, TimeLimit, Cancelled, Damaged.
 */
export async function renderDocument(
  format: DocumentFormat,
  bytes: Uint8Array,
  text: string,
  options: { signal?: AbortSignal; limits?: Partial<ExtractionLimits>; timeLimitMs?: number } = {},
): Promise<string | null> {
  if (format !== 'docx' && format !== 'epub' && format !== 'html') return null;
  const bounds = resolveLimits(options.limits);
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
  const limits: WorkerLimits = {
    deadline: Date.now() + timeLimitMs,
    timeLimitMs,
    maxMemoryBytes: bounds.maxMemoryBytes,
  };
  if (options.signal !== undefined) limits.signal = options.signal;
  const job: WorkerJob = {
    kind: 'rendered-html',
    format,
    bytes: ownBytes(bytes),
    text,
    limits: bounds,
  };
  return runWorkerJob<string | null>(job, limits);
}

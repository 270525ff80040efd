import { Worker } from 'node:worker_threads';
import type { AppError } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { memoryTooLarge } from './limits.ts';
import { watchMemory } from './memory-watch.ts';

/** Messages a document worker posts to its host. */
export type WorkerMessage =
  | { type: 'progress'; done: number; total: number }
  | { type: 'result'; value: unknown }
  | { type: 'error'; error: AppError }
  | { type: string; [key: string]: unknown };

/** Limits shared by every worker of one extraction. */
export interface WorkerLimits {
  /** Epoch milliseconds after which the extraction fails with TimeLimit. */
  deadline: number;
  timeLimitMs: number;
  signal?: AbortSignal;
  /** Heap plus external memory of all the extraction's workers together (TooLarge beyond). */
  maxMemoryBytes: number;
}

export function timeLimitError(timeLimitMs: number): CoreError {
  return new CoreError(
    'TimeLimit',
    `Reading this document took longer than the time limit (${Math.round(timeLimitMs / 1000)} s).`,
    {
      hint: 'The file may be damaged; if it is just very large, raise the time limit.',
    },
  );
}

export function cancelledError(): CoreError {
  return new CoreError('Cancelled', 'Reading the document was cancelled.');
}

/** Rebuilds the CoreError a worker serialised. */
export function errorFromWorker(error: AppError): CoreError {
  const options: { hint?: string; detail?: string } = {};
  if (error.hint !== undefined) options.hint = error.hint;
  if (error.detail !== undefined) options.detail = error.detail;
  return new CoreError(error.kind, error.message, options);
}

/**
 * The bytes as their own buffer: posting a view to a worker clones its whole underlying
 * ArrayBuffer, which for a slice of a big buffer (or Node's shared pool) is far more than the file.
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength
    ? bytes
    : bytes.slice();
}

/**
 * A worker thread running `worker-entry.ts`. Its heap is capped at the extraction's memory
 * limit (V8 then fails it with ERR_WORKER_OUT_OF_MEMORY); buffers outside the heap are left to
 * `watchMemory`.
 */
export function spawnDocumentWorker(
  workerData: unknown,
  maxMemoryBytes: number,
  youngGenerationMb?: number,
): Worker {
  const resourceLimits: { maxOldGenerationSizeMb: number; maxYoungGenerationSizeMb?: number } = {
    maxOldGenerationSizeMb: Math.max(16, Math.ceil(maxMemoryBytes / (1024 * 1024))),
  };
  if (youngGenerationMb !== undefined) resourceLimits.maxYoungGenerationSizeMb = youngGenerationMb;
  const worker = new Worker(new URL('./worker-entry.ts', import.meta.url), {
    workerData,
    resourceLimits,
    // The thread's name where the system shows threads (top -H; 15 characters at most).
    name: 'document-worker',
    // Libraries print warnings about hostile files; they are not the user's business.
    stdout: true,
    stderr: true,
  });
  worker.stdout.resume();
  worker.stderr.resume();
  return worker;
}

/** What a worker's death means for the user: out of memory → TooLarge, anything else → Damaged. */
export function workerCrashError(error: unknown): CoreError {
  const code = (error as { code?: string } | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'ERR_WORKER_OUT_OF_MEMORY') {
    return new CoreError('TooLarge', 'This document needs more memory than allowed to read.', {
      hint: 'The file may be damaged or built to exhaust memory.',
      detail,
    });
  }
  return new CoreError('Damaged', 'This document could not be read: it looks damaged.', { detail });
}

/**
 * Runs one job in a fresh worker and resolves with its result. The worker is terminated on the
 * deadline (TimeLimit), on abort (Cancelled), when its memory passes the limit (TooLarge) or
 * when it crashes (Damaged/TooLarge), so a parser stuck in a loop or exhausting memory never
 * takes the process down.
 */
export function runWorkerJob<T>(
  workerData: unknown,
  limits: WorkerLimits,
  onProgress?: (p: { done: number; total: number }) => void,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (limits.signal?.aborted === true) {
      reject(cancelledError());
      return;
    }
    const worker = spawnDocumentWorker(workerData, limits.maxMemoryBytes);
    let settled = false;
    const finish = (outcome: () => void): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      stopWatching();
      limits.signal?.removeEventListener('abort', onAbort);
      void worker.terminate();
      outcome();
    };
    const onAbort = (): void => finish(() => reject(cancelledError()));
    const timer = setTimeout(
      () => finish(() => reject(timeLimitError(limits.timeLimitMs))),
      Math.max(0, limits.deadline - Date.now()),
    );
    const stopWatching = watchMemory(
      () => [worker],
      limits.maxMemoryBytes,
      (used) => finish(() => reject(memoryTooLarge(used, limits.maxMemoryBytes))),
    );
    limits.signal?.addEventListener('abort', onAbort, { once: true });
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'progress')
        onProgress?.({ done: Number(msg.done), total: Number(msg.total) });
      else if (msg.type === 'result') finish(() => resolve((msg as { value: T }).value));
      else if (msg.type === 'error')
        finish(() => reject(errorFromWorker((msg as { error: AppError }).error)));
    });
    worker.on('error', (error) => finish(() => reject(workerCrashError(error))));
    worker.on('exit', (code) =>
      finish(() => reject(workerCrashError(new Error(`worker exited with code ${code}`)))),
    );
  });
}

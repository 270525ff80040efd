import { CoreError } from '../errors.ts';
import type { JobRegistry } from './job-registry.ts';

/**
 * Opens and re-reads in progress, one per document: each is a job (kind 'extraction') whose
 * signal `documents:cancel-extraction` or the service's shutdown aborts.
 */
export interface Extractions {
  /**
   * Runs `work` as the extraction of `documentId`. Throws BadUsage when one is already going
   * (a re-read while the document is being opened or re-read).
   */
  run<T>(documentId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T>;
  /** Resolves once no extraction of `documentId` is going (at once when none is). */
  idle(documentId: string): Promise<void>;
  /** Aborts the extraction of `documentId`, if one is going. */
  cancel(documentId: string): void;
}

export function createExtractions(jobs: JobRegistry, shutdown: AbortSignal): Extractions {
  return {
    async run<T>(documentId: string, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
      if (jobs.isLive('extraction', documentId))
        throw new CoreError('BadUsage', 'This document is already being read.', {
          hint: 'Wait until it is done, or cancel it, then try again.',
        });
      // The caller hears the outcome as the call's result: the job sends no events.
      const job = jobs.start<null, never, T>({
        kind: 'extraction',
        id: documentId,
        owner: undefined,
        snapshot: null,
        signal: shutdown,
        emit: () => undefined,
        work: (job) => work(job.signal),
        finish: () => undefined,
      });
      const ending = await job.done;
      if (ending.status === 'done') return ending.value;
      throw ending.error;
    },
    async idle(documentId) {
      await jobs.get('extraction', documentId)?.done;
    },
    cancel(documentId) {
      jobs.get('extraction', documentId)?.cancel();
    },
  };
}

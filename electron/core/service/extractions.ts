import { CoreError } from '../errors.ts';

/**
 * Opens and re-reads in progress, one per document: each gets a signal that
 * `documents:cancel-extraction` or the service's shutdown aborts.
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

export function createExtractions(shutdown: AbortSignal): Extractions {
  const going = new Map<string, { controller: AbortController; done: Promise<void> }>();
  return {
    async run(documentId, work) {
      if (going.has(documentId))
        throw new CoreError('BadUsage', 'This document is already being read.', {
          hint: 'Wait until it is done, or cancel it, then try again.',
        });
      const controller = new AbortController();
      const result = work(AbortSignal.any([shutdown, controller.signal]));
      const done = result.then(
        () => undefined,
        () => undefined,
      );
      going.set(documentId, { controller, done });
      try {
        return await result;
      } finally {
        going.delete(documentId);
      }
    },
    async idle(documentId) {
      await going.get(documentId)?.done;
    },
    cancel(documentId) {
      going.get(documentId)?.controller.abort();
    },
  };
}

// The one home for how core stops on an AbortSignal: what it throws and how it is recognised.
// `toAppError` (errors.ts) turns what is thrown here into a `Cancelled` error value.

/** What work stopped by `signal` throws: the signal's reason, or a standard AbortError. */
export function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('The operation was aborted.', 'AbortError');
}

/** Throws the signal's reason when it has been aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw abortReason(signal);
}

/** A promise that rejects with the signal's reason once it aborts (never settles otherwise). */
export function whenAborted(signal: AbortSignal): Promise<never> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise((_resolve, reject) => {
    signal.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
  });
}

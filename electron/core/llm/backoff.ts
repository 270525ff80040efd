import { CoreError } from '../errors.ts';

/** Longest wait a server's Retry-After may impose on one retry. */
export const RETRY_AFTER_CAP_MS = 60_000;

/**
 * Exponential backoff with full jitter (a uniform wait in [0, min(cap, base * 2^(attempt-1))]),
 * which spreads the retries of many concurrent runs instead of having them hit the server in step.
 */
export function backoffDelay(
  attempt: number,
  baseMs: number,
  capMs: number,
  random: () => number = Math.random,
): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(random() * ceiling);
}

/** The server's requested wait from `retry-after-ms`, or `retry-after` (seconds or an HTTP date), capped. */
export function retryAfterMs(
  headers: Headers | undefined,
  capMs: number = RETRY_AFTER_CAP_MS,
  now: number = Date.now(),
): number | undefined {
  if (headers === undefined) return undefined;
  const ms = Number.parseFloat(headers.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return Math.min(capMs, Math.round(ms));
  const value = headers.get('retry-after');
  if (value === null) return undefined;
  const seconds = Number.parseFloat(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(capMs, Math.round(seconds * 1000));
  const date = Date.parse(value);
  if (Number.isFinite(date)) return Math.min(capMs, Math.max(0, date - now));
  return undefined;
}

export function cancelledError(): CoreError {
  return new CoreError('Cancelled', 'The request to the LLM server was cancelled.');
}

/** Waits `ms`, or throws a Cancelled CoreError as soon as `signal` aborts. */
export function sleepUnlessAborted(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted === true) return Promise.reject(cancelledError());
  return new Promise((resolve, reject) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(cancelledError());
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

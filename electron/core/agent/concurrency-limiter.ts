import { CoreError } from '../errors.ts';
import { abortReason } from '../abort.ts';

interface Waiter {
  priority: number;
  arrival: number;
  grant: (release: () => void) => void;
}

/**
 * Slots for work that must not all run at once (questions against one server). At most
 * `concurrency` holders at a time; the others wait, higher `priority` first and, within a
 * priority, in arrival order. A wait ends early when its signal aborts. Holds no state about
 * the work itself: the run registry owns runs, this only says when one may go.
 */
export class ConcurrencyLimiter {
  readonly concurrency: number;
  #held = 0;
  #arrivals = 0;
  /** Sorted: the next to be granted first. */
  #waiting: Waiter[] = [];

  constructor(concurrency = 4) {
    if (!Number.isInteger(concurrency) || concurrency < 1) {
      throw new CoreError(
        'BadUsage',
        `Concurrency must be a whole number of at least 1, not ${concurrency}.`,
      );
    }
    this.concurrency = concurrency;
  }

  get running(): number {
    return this.#held;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  /**
   * Resolves with a `release` function once a slot is held (call it exactly once when done;
   * later calls do nothing). Rejects with the signal's reason when it aborts first.
   */
  acquire(options: { priority?: number; signal?: AbortSignal } = {}): Promise<() => void> {
    const { signal } = options;
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        priority: options.priority ?? 0,
        arrival: (this.#arrivals += 1),
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      const onAbort = () => {
        const at = this.#waiting.indexOf(waiter);
        if (at < 0) return;
        this.#waiting.splice(at, 1);
        reject(abortReason(signal as AbortSignal));
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#insert(waiter);
      this.#pump();
    });
  }

  #insert(waiter: Waiter): void {
    // Binary search for the first waiter that should go after this one.
    let lo = 0;
    let hi = this.#waiting.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.#waiting[mid] as Waiter;
      const after =
        other.priority < waiter.priority ||
        (other.priority === waiter.priority && other.arrival > waiter.arrival);
      if (after) hi = mid;
      else lo = mid + 1;
    }
    this.#waiting.splice(lo, 0, waiter);
  }

  #pump(): void {
    while (this.#held < this.concurrency && this.#waiting.length > 0) {
      const next = this.#waiting.shift() as Waiter;
      this.#held += 1;
      let released = false;
      next.grant(() => {
        if (released) return;
        released = true;
        this.#held -= 1;
        this.#pump();
      });
    }
  }
}

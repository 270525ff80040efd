import { abortReason } from '../abort.ts';
import { CoreError } from '../errors.ts';

export interface SlotRequestOptions {
  /** Higher goes first (default 0). */
  priority?: number;
  /**
   * The job group the work belongs to (a set of questions, a review, an evaluation). Within one
   * priority, groups take turns; work without a group is a group of its own.
   */
  group?: string;
  signal?: AbortSignal;
}

/** A wait for a slot: its grant, and a way to move it in the queue while it waits. */
export interface SlotRequest {
  /**
   * Resolves with a `release` function once a slot is held (call it exactly once when done;
   * later calls do nothing). Rejects with the signal's reason when it aborts first.
   */
  granted: Promise<() => void>;
  /** Changes the priority of the wait (nothing once granted or aborted). */
  setPriority(priority: number): void;
}

interface Waiter {
  priority: number;
  /** Undefined: a group of its own. */
  group: string | undefined;
  arrival: number;
  grant: (release: () => void) => void;
}

/**
 * Slots for work that must not all run at once (requests to one backend). At most
 * `concurrency` holders at a time; the others wait, higher `priority` first. Within a priority
 * the groups take turns (round-robin: the group granted longest ago goes next, a group never
 * granted first), and within a group waiters go in arrival order; so a job of 500 runs queued
 * first does not starve one question asked after it. A wait ends early when its signal aborts.
 * Holds no state about the work itself: registries own jobs, this only says when one may go.
 */
export class ConcurrencyLimiter {
  #concurrency: number;
  #held = 0;
  #arrivals = 0;
  #grants = 0;
  #waiting: Waiter[] = [];
  /** When each group was last granted a slot (a grant counter, not a time). */
  #lastGrant = new Map<string, number>();

  constructor(concurrency = 4) {
    this.#concurrency = checkConcurrency(concurrency);
  }

  get concurrency(): number {
    return this.#concurrency;
  }

  /** Changes the limit; a larger one grants waiters at once, a smaller one lets holders finish. */
  setConcurrency(concurrency: number): void {
    this.#concurrency = checkConcurrency(concurrency);
    this.#pump();
  }

  get running(): number {
    return this.#held;
  }

  get queued(): number {
    return this.#waiting.length;
  }

  /** `request(options).granted`, for work that never changes its place in the queue. */
  acquire(options: SlotRequestOptions = {}): Promise<() => void> {
    return this.request(options).granted;
  }

  /** Queues a wait for a slot (granted at once when one is free). */
  request(options: SlotRequestOptions = {}): SlotRequest {
    const { signal } = options;
    let waiter: Waiter | undefined;
    const granted = new Promise<() => void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(abortReason(signal));
        return;
      }
      const onAbort = () => {
        const at = this.#waiting.indexOf(waiter as Waiter);
        if (at < 0) return;
        this.#waiting.splice(at, 1);
        reject(abortReason(signal as AbortSignal));
      };
      waiter = {
        priority: options.priority ?? 0,
        group: options.group,
        arrival: (this.#arrivals += 1),
        grant: (release) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(release);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiter);
      this.#pump();
    });
    return {
      granted,
      setPriority: (priority) => {
        // The next grant scans the waiters, so changing the field is the whole re-sort.
        if (waiter !== undefined && this.#waiting.includes(waiter)) waiter.priority = priority;
      },
    };
  }

  /** The waiter to grant next: highest priority, then the group whose turn it is, then arrival. */
  #next(): number {
    let best = 0;
    let bestTurn = this.#turnOf(this.#waiting[0] as Waiter);
    for (let i = 1; i < this.#waiting.length; i += 1) {
      const w = this.#waiting[i] as Waiter;
      const b = this.#waiting[best] as Waiter;
      if (w.priority !== b.priority) {
        if (w.priority > b.priority) [best, bestTurn] = [i, this.#turnOf(w)];
        continue;
      }
      const turn = this.#turnOf(w);
      if (turn < bestTurn || (turn === bestTurn && w.arrival < b.arrival))
        [best, bestTurn] = [i, turn];
    }
    return best;
  }

  /** A group's last grant (0 = never); a waiter without a group has never been granted. */
  #turnOf(waiter: Waiter): number {
    return waiter.group === undefined ? 0 : (this.#lastGrant.get(waiter.group) ?? 0);
  }

  #pump(): void {
    while (this.#held < this.#concurrency && this.#waiting.length > 0) {
      const [next] = this.#waiting.splice(this.#next(), 1) as [Waiter];
      this.#held += 1;
      this.#grants += 1;
      if (next.group !== undefined) this.#remember(next.group);
      let released = false;
      next.grant(() => {
        if (released) return;
        released = true;
        this.#held -= 1;
        this.#pump();
      });
    }
  }

  #remember(group: string): void {
    this.#lastGrant.delete(group);
    this.#lastGrant.set(group, this.#grants);
    // Groups long gone are forgotten (oldest first); one that comes back starts a new turn.
    if (this.#lastGrant.size <= 1024) return;
    for (const old of this.#lastGrant.keys()) {
      if (this.#lastGrant.size <= 512) break;
      if (!this.#waiting.some((w) => w.group === old)) this.#lastGrant.delete(old);
    }
  }
}

/** `concurrency` when it is a whole number of at least 1; throws BadUsage otherwise. */
export function checkConcurrency(concurrency: number): number {
  if (!Number.isInteger(concurrency) || concurrency < 1) {
    throw new CoreError(
      'BadUsage',
      `Concurrency must be a whole number of at least 1, not ${concurrency}.`,
    );
  }
  return concurrency;
}

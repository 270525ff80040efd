import { checkConcurrency, ConcurrencyLimiter } from './concurrency-limiter.ts';

/** Requests at once to a backend whose limit was never set (a vLLM server batches them). */
export const DEFAULT_BACKEND_CONCURRENCY = 4;

/**
 * The one concurrency limit of each backend in this process, shared by everything that talks
 * to it: the app's runs, a backend check, an evaluation, a review. A backend is named by a key
 * (a profile id, or a server URL); work given no key shares the default limiter. Each key gets
 * one `ConcurrencyLimiter`, created on first use with the key's limit (`setLimit`) or the
 * default one; changing a limit later changes the live limiter, so waiters never move.
 */
export class BackendLimits {
  readonly defaultLimit: number;
  #limiters = new Map<string, ConcurrencyLimiter>();
  #limits = new Map<string, number>();
  #shared: ConcurrencyLimiter;

  constructor(defaultLimit = DEFAULT_BACKEND_CONCURRENCY) {
    this.#shared = new ConcurrencyLimiter(defaultLimit);
    this.defaultLimit = defaultLimit;
  }

  /** The limiter of `backend`; without a key, the one shared by work that names no backend. */
  limiter(backend?: string): ConcurrencyLimiter {
    if (backend === undefined) return this.#shared;
    let limiter = this.#limiters.get(backend);
    if (limiter === undefined) {
      limiter = new ConcurrencyLimiter(this.#limits.get(backend) ?? this.defaultLimit);
      this.#limiters.set(backend, limiter);
    }
    return limiter;
  }

  /** The limit of `backend` (the default one until set). */
  limitOf(backend?: string): number {
    if (backend === undefined) return this.#shared.concurrency;
    return this.#limits.get(backend) ?? this.defaultLimit;
  }

  /** Sets how many requests `backend` takes at once (a whole number of at least 1). */
  setLimit(backend: string, limit: number): void {
    this.#limits.set(backend, checkConcurrency(limit));
    this.#limiters.get(backend)?.setConcurrency(limit);
  }
}

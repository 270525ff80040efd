import { abortReason } from '../abort.ts';

/** How much a cache keeps: the last `slots` results, or results up to `maxBytes` in all. */
export type CacheLimit<T> = number | { maxBytes: number; sizeOf: (value: T) => number };

/**
 * Results of slow work by key, shared by concurrent callers: one piece of work per key however
 * many wait for it (two runs on one document load its text once). Each caller's wait is
 * abortable on its own; the work's own signal aborts only when every caller waiting for it has
 * given up, so one cancel never fails another caller. A failure is not remembered. Least
 * recently used results go first when the limit is passed; the newest result is always kept.
 */
export interface PromiseCache<T> {
  get(key: string, make: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T>;
  /** A result already made (never waits, never makes). */
  peek(key: string): T | undefined;
  /** Keeps `value` as the result for `key` (made elsewhere). */
  set(key: string, value: T): void;
  delete(key: string): void;
  /** Bytes held (0 for a cache limited by slots). */
  readonly bytes: number;
}

interface Entry<T> {
  promise: Promise<T>;
  /** Set once made. */
  value?: { v: T; bytes: number };
  /** Callers waiting while it is made; the work is aborted when the last one gives up. */
  waiting: number;
  controller: AbortController;
}

export function createPromiseCache<T>(limit: CacheLimit<T>): PromiseCache<T> {
  const entries = new Map<string, Entry<T>>();
  let bytes = 0;
  const sizeOf = typeof limit === 'number' ? () => 0 : limit.sizeOf;

  const drop = (key: string, entry: Entry<T>) => {
    if (entries.get(key) !== entry) return;
    entries.delete(key);
    bytes -= entry.value?.bytes ?? 0;
  };

  const evict = (keep: string) => {
    const over = () => (typeof limit === 'number' ? entries.size > limit : bytes > limit.maxBytes);
    for (const [key, entry] of entries) {
      if (!over()) return;
      // Work still being made stays: dropping it would start it a second time.
      if (key === keep || entry.value === undefined) continue;
      drop(key, entry);
    }
  };

  const made = (key: string, entry: Entry<T>, value: T) => {
    if (entries.get(key) !== entry) return;
    entry.value = { v: value, bytes: sizeOf(value) };
    bytes += entry.value.bytes;
    evict(key);
  };

  const touch = (key: string, entry: Entry<T>) => {
    entries.delete(key);
    entries.set(key, entry);
  };

  return {
    get(key, make, signal) {
      if (signal.aborted) return Promise.reject(abortReason(signal));
      let entry = entries.get(key);
      if (entry) touch(key, entry);
      else {
        const controller = new AbortController();
        const created: Entry<T> = {
          promise: make(controller.signal),
          waiting: 0,
          controller,
        };
        entry = created;
        entries.set(key, created);
        created.promise.then(
          (value) => made(key, created, value),
          () => drop(key, created),
        );
        if (typeof limit === 'number') evict(key);
      }
      if (entry.value !== undefined) return Promise.resolve(entry.value.v);
      return wait(key, entry, signal);
    },
    peek(key) {
      const entry = entries.get(key);
      if (entry?.value === undefined) return undefined;
      touch(key, entry);
      return entry.value.v;
    },
    set(key, value) {
      const old = entries.get(key);
      if (old) drop(key, old);
      const entry: Entry<T> = {
        promise: Promise.resolve(value),
        waiting: 0,
        controller: new AbortController(),
      };
      entries.set(key, entry);
      made(key, entry, value);
    },
    delete(key) {
      const entry = entries.get(key);
      if (entry) drop(key, entry);
    },
    get bytes() {
      return bytes;
    },
  };

  function wait(key: string, entry: Entry<T>, signal: AbortSignal): Promise<T> {
    entry.waiting += 1;
    return new Promise<T>((resolve, reject) => {
      let left = false;
      const leave = () => {
        if (left) return;
        left = true;
        signal.removeEventListener('abort', onAbort);
        entry.waiting -= 1;
      };
      const onAbort = () => {
        leave();
        reject(abortReason(signal));
        // Nobody waits for it any more: stop the work, and let the next caller start it again.
        if (entry.waiting === 0 && entry.value === undefined) {
          drop(key, entry);
          entry.controller.abort();
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      entry.promise.then(
        (value) => (leave(), resolve(value)),
        (error: unknown) => (leave(), reject(error)),
      );
    });
  }
}

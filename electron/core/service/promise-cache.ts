import { abortReason } from '../abort.ts';

/**
 * The last `slots` results of slow work by key, shared by concurrent callers. The work runs
 * without any caller's signal (another caller may be waiting for it, and one cancel must not
 * fail it); each caller's wait is abortable on its own. A failure is not remembered.
 */
export interface PromiseCache<T> {
  get(key: string, make: () => Promise<T>, signal: AbortSignal): Promise<T>;
}

export function createPromiseCache<T>(slots: number): PromiseCache<T> {
  const entries = new Map<string, Promise<T>>();
  return {
    get(key, make, signal) {
      let entry = entries.get(key);
      if (!entry) {
        entry = make();
        entries.set(key, entry);
        entry.catch(() => entries.delete(key));
        while (entries.size > slots) entries.delete(entries.keys().next().value as string);
      }
      return abortable(entry, signal);
    },
  };
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(abortReason(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => (signal.removeEventListener('abort', onAbort), resolve(value)),
      (error: unknown) => (signal.removeEventListener('abort', onAbort), reject(error)),
    );
  });
}

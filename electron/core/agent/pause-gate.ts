import { abortReason } from '../abort.ts';

/**
 * A switch a run checks at chunk boundaries: while paused, the run waits there (no request in
 * flight) until resumed or aborted.
 */
export interface PauseGate {
  readonly paused: boolean;
  /** Resolves when the gate opens; rejects with the signal's reason when aborted first. */
  wait(signal?: AbortSignal): Promise<void>;
}

export interface ControllablePauseGate extends PauseGate {
  pause(): void;
  resume(): void;
}

/** A gate controlled by `pause()` / `resume()` (used by the scheduler). */
export function createPauseGate(): ControllablePauseGate {
  let paused = false;
  let waiters: (() => void)[] = [];
  return {
    get paused() {
      return paused;
    },
    pause() {
      paused = true;
    },
    resume() {
      paused = false;
      const release = waiters;
      waiters = [];
      for (const w of release) w();
    },
    wait(signal) {
      if (!paused) return Promise.resolve();
      return new Promise<void>((resolve, reject) => {
        if (signal?.aborted) {
          reject(abortReason(signal));
          return;
        }
        const onAbort = () => {
          waiters = waiters.filter((w) => w !== done);
          reject(abortReason(signal as AbortSignal));
        };
        const done = () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        };
        waiters.push(done);
        signal?.addEventListener('abort', onAbort, { once: true });
      });
    },
  };
}

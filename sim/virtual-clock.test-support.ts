import type { SimClock } from './latency.ts';

interface Timer {
  at: number;
  fire: () => void;
}

/** Lets every promise chain that is ready run until it waits on a timer or on I/O again. */
function settle(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * A clock that moves only when a test runs it: `sleep` registers a timer, and `run` fires the
 * timers in time order, jumping straight to each deadline, so the latency model is checked to
 * the exact millisecond without waiting for real time.
 */
export class VirtualClock implements SimClock {
  private time: number;
  private readonly timers: Timer[] = [];

  constructor(start = 0) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  /** Timers set and not yet fired or aborted. */
  get pending(): number {
    return this.timers.length;
  }

  sleep(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.reject(signal.reason as Error);
    return new Promise((resolve, reject) => {
      const timer: Timer = {
        at: this.time + Math.max(0, ms),
        fire: () => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        const at = this.timers.indexOf(timer);
        if (at >= 0) this.timers.splice(at, 1);
        reject(signal.reason as Error);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      // After every timer due no later than this one: equal deadlines fire in the order set, as in Node.
      const after = this.timers.findIndex((t) => t.at > timer.at);
      this.timers.splice(after < 0 ? this.timers.length : after, 0, timer);
    });
  }

  /**
   * Fires the timers one at a time, each at its deadline, letting the code it wakes run (and set
   * new timers) before the next, until none is left. Returns the time reached.
   */
  async run(): Promise<number> {
    await settle();
    for (let timer = this.timers.shift(); timer !== undefined; timer = this.timers.shift()) {
      this.time = timer.at;
      timer.fire();
      await settle();
    }
    return this.time;
  }

  /** Lets real I/O (e.g. requests arriving over loopback) proceed, virtual time standing still, until `ready()`. */
  async waitUntil(ready: () => boolean): Promise<void> {
    while (!ready()) await settle();
  }
}

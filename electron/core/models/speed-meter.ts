// Download speed over the last few seconds (a moving window, so a resumed download's earlier
// bytes and a slow start do not skew the time left), and when the next progress event is due.

const WINDOW_MS = 5000;
const EVERY_MS = 100;

export class SpeedMeter {
  readonly #now: () => number;
  #samples: { at: number; bytes: number }[] = [];
  #lastEmit = Number.NEGATIVE_INFINITY;

  constructor(now: () => number) {
    this.#now = now;
  }

  /** Starts measuring from `bytes` already on disk. */
  reset(bytes: number): void {
    this.#samples = [{ at: this.#now(), bytes }];
    this.#lastEmit = Number.NEGATIVE_INFINITY;
  }

  /** True at most every 100 ms (progress events would otherwise come per 64 KB read). */
  due(): boolean {
    const now = this.#now();
    if (now - this.#lastEmit < EVERY_MS) return false;
    this.#lastEmit = now;
    return true;
  }

  /** Bytes a second over the window, given the count now; 0 until time has passed. */
  perSecond(bytes: number): number {
    const now = this.#now();
    this.#samples.push({ at: now, bytes });
    while (this.#samples.length > 2 && now - (this.#samples[1]?.at ?? now) >= WINDOW_MS)
      this.#samples.shift();
    const first = this.#samples[0];
    if (first === undefined || now <= first.at) return 0;
    return ((bytes - first.bytes) / (now - first.at)) * 1000;
  }
}

import { setTimeout as sleep } from 'node:timers/promises';
import type { LatencyModel } from './options.ts';

/** The simulator's time: real by default; tests pass a virtual one (sim/virtual-clock.test-support.ts). */
export interface SimClock {
  /** Milliseconds, like `Date.now()`. */
  now(): number;
  /** Resolves after `ms`; rejects (and drops the timer) when `signal` aborts first. */
  sleep(ms: number, signal: AbortSignal): Promise<void>;
}

/** Wall-clock time and Node's abortable timer. */
export const REAL_CLOCK: SimClock = {
  now: () => Date.now(),
  sleep: (ms, signal) => sleep(ms, undefined, { signal }),
};

/**
 * When each request waited, started and finished, for tests and benchmarks: milliseconds on the
 * simulator's clock (since the epoch, unless a test gave the server a virtual clock).
 */
export interface RequestTiming {
  id: number;
  receivedAt: number;
  admittedAt?: number;
  firstTokenAt?: number;
  /** Prompt tokens the latency model prefilled for it (benchmarks replay the model with them). */
  promptTokens?: number;
  /** Output tokens the latency model paced (streamed pieces; a character split over tokens is one). */
  pacedTokens?: number;
  finishedAt?: number;
  /** Set when the connection closed before the response was complete: the client gave up (a
   * cancel, a timeout) or a `drop` fault cut it. Tests check cancels reach the wire with it. */
  closedEarlyAt?: number;
}

/**
 * The simulated GPU: at most `maxBatch` sequences run at once (FIFO admission, like vLLM's
 * scheduler), prefills share one throughput, and each running sequence decodes at
 * min(decodeTokensPerSec, aggregateDecodeTokensPerSec / running).
 */
export class LatencyScheduler {
  private readonly model: () => LatencyModel;
  /** The time every wait and every timing stamp of the simulator is taken from. */
  readonly clock: SimClock;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private prefillFreeAt = 0;
  /** The most sequences ever running at once. */
  peakRunning = 0;

  constructor(model: () => LatencyModel, clock: SimClock = REAL_CLOCK) {
    this.model = model;
    this.clock = clock;
  }

  get runningCount(): number {
    return this.running;
  }

  get queuedCount(): number {
    return this.waiting.length;
  }

  /** Waits for a batch slot; the returned function frees it (call it exactly once). */
  async admit(signal: AbortSignal): Promise<() => void> {
    if (this.running < this.model().maxBatch) {
      this.running += 1;
    } else {
      // A freed slot is handed over directly, so `running` already counts this request on wake.
      await new Promise<void>((resolve, reject) => {
        const wake = (): void => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = (): void => {
          const at = this.waiting.indexOf(wake);
          if (at >= 0) this.waiting.splice(at, 1);
          reject(signal.reason);
        };
        this.waiting.push(wake);
        signal.addEventListener('abort', onAbort, { once: true });
      });
    }
    this.peakRunning = Math.max(this.peakRunning, this.running);
    let freed = false;
    return () => {
      if (freed) return;
      freed = true;
      const next = this.running <= this.model().maxBatch ? this.waiting.shift() : undefined;
      if (next !== undefined) next();
      else this.running -= 1;
    };
  }

  /** Waits while `tokens` prompt tokens are prefilled behind the prefills already scheduled. */
  async prefill(tokens: number, signal: AbortSignal): Promise<void> {
    const model = this.model();
    const now = this.clock.now();
    const cost = model.overheadMs + (tokens / model.prefillTokensPerSec) * 1000;
    const start = Math.max(now, this.prefillFreeAt);
    this.prefillFreeAt = start + (Number.isFinite(cost) ? cost : 0);
    const wait = this.prefillFreeAt - now;
    if (wait > 0) await this.clock.sleep(wait, signal);
  }

  /** Milliseconds one output token takes right now for one running sequence. */
  tokenMs(): number {
    const model = this.model();
    const rate = Math.min(
      model.decodeTokensPerSec,
      model.aggregateDecodeTokensPerSec / Math.max(1, this.running),
    );
    return Number.isFinite(rate) && rate > 0 ? 1000 / rate : 0;
  }

  /**
   * Paces `count` output tokens, calling `emit(i)` when token i is due. Uses absolute deadlines
   * so timer overshoot does not accumulate; tokens that fell behind are emitted together.
   */
  async decode(count: number, signal: AbortSignal, emit: (i: number) => void): Promise<void> {
    let due = this.clock.now();
    for (let i = 0; i < count; i += 1) {
      due += this.tokenMs();
      const wait = due - this.clock.now();
      // Sleep only when at least a millisecond is owed: a 0 ms timer costs ~1 ms per token.
      if (wait >= 1) await this.clock.sleep(wait, signal);
      emit(i);
    }
  }
}

// The ideal wall time of a set of request chains on sim-llm's latency model (latency.ts): the
// model's scheduler replayed in virtual time on the very calls a run made, as if the client took
// no time at all (a chain's next request leaves the instant the previous reply ends; a freed row
// slot starts the next chain at once). Benchmarks divide their wall time by it.
import type { LatencyModel } from './options.ts';

/** One request: what the latency model charged it. */
export interface ReplayCall {
  promptTokens: number;
  /** Output tokens paced by the decode rate. */
  pacedTokens: number;
}

interface Event {
  at: number;
  seq: number;
  run: () => void;
}

/** A binary min-heap of events by time, ties in insertion order (the simulator's timers). */
class Events {
  #heap: Event[] = [];
  #seq = 0;
  push(at: number, run: () => void): void {
    const heap = this.#heap;
    heap.push({ at, seq: this.#seq++, run });
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!before(heap[i] as Event, heap[parent] as Event)) break;
      [heap[i], heap[parent]] = [heap[parent] as Event, heap[i] as Event];
      i = parent;
    }
  }
  pop(): Event | undefined {
    const heap = this.#heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last !== undefined) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < heap.length && before(heap[l] as Event, heap[m] as Event)) m = l;
        if (r < heap.length && before(heap[r] as Event, heap[m] as Event)) m = r;
        if (m === i) break;
        [heap[i], heap[m]] = [heap[m] as Event, heap[i] as Event];
        i = m;
      }
    }
    return top;
  }
}

const before = (a: Event, b: Event) => a.at < b.at || (a.at === b.at && a.seq < b.seq);

/**
 * Milliseconds from the first request to the last reply when `chains` (each row's calls, in
 * order; the chains in the order they started) run `slots` at a time on one server with
 * `model`. As in the simulator: at most `maxBatch` requests run (admitted), the rest wait FIFO;
 * each admitted request books its prefill (plus the fixed overhead) behind the prefills already
 * booked; each output token then takes 1000 / min(decode, aggregate / running) ms, with
 * `running` counting every admitted request, those still waiting for their prefill included.
 */
export function replayLatency(
  chains: readonly (readonly ReplayCall[])[],
  slots: number,
  model: LatencyModel,
): number {
  const events = new Events();
  let now = 0;
  let running = 0;
  let prefillFreeAt = 0;
  let end = 0;
  let nextChain = 0;
  const waiting: (() => void)[] = [];
  const tokenMs = () =>
    1000 / Math.min(model.decodeTokensPerSec, model.aggregateDecodeTokensPerSec / running);

  const decode = (left: number, done: () => void) => {
    if (left === 0) return done();
    events.push(now + tokenMs(), () => decode(left - 1, done));
  };
  const release = () => {
    const next = waiting.shift();
    if (next !== undefined) next();
    else running -= 1;
  };
  const send = (chain: readonly ReplayCall[], k: number) => {
    const call = chain[k];
    if (call === undefined) {
      end = Math.max(end, now);
      return startChain();
    }
    const admitted = () => {
      const start = Math.max(now, prefillFreeAt);
      prefillFreeAt =
        start + model.overheadMs + (call.promptTokens / model.prefillTokensPerSec) * 1000;
      events.push(prefillFreeAt, () =>
        decode(call.pacedTokens, () => {
          release();
          send(chain, k + 1);
        }),
      );
    };
    if (running < model.maxBatch) {
      running += 1;
      admitted();
    } else {
      waiting.push(admitted);
    }
  };
  const startChain = () => {
    const chain = chains[nextChain];
    if (chain === undefined) return;
    nextChain += 1;
    send(chain, 0);
  };

  for (let s = 0; s < slots; s += 1) startChain();
  for (let e = events.pop(); e !== undefined; e = events.pop()) {
    now = e.at;
    e.run();
  }
  return end;
}

/** How long `chain` alone would take on `model` (no other request on the server). */
export function aloneMs(chain: readonly ReplayCall[], model: LatencyModel): number {
  return replayLatency([chain], 1, model);
}

// The one routing rule over several servers: the next piece of work goes to the server with the
// fewest pieces in flight; among the least loaded, turns go round, so light load still reaches
// every server. Used per request by the routed client and per row by the evaluation.

/** A server taken for one piece of work; `release` once when that work has ended. */
export interface Pick {
  index: number;
  release(): void;
}

export interface LeastLoaded {
  /** Takes the least-loaded server (ties: the next one in turn). */
  acquire(): Pick;
  /** Pieces in flight on each server now. */
  readonly inFlight: readonly number[];
}

/** A least-loaded picker over `count` servers (at least one). */
export function createLeastLoaded(count: number): LeastLoaded {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('at least one server');
  const inFlight = new Array<number>(count).fill(0);
  // Where the search for a tie starts: one past the last server taken.
  let turn = 0;
  return {
    inFlight,
    acquire() {
      let best = turn;
      for (let step = 1; step < count; step += 1) {
        const i = (turn + step) % count;
        if ((inFlight[i] ?? 0) < (inFlight[best] ?? 0)) best = i;
      }
      turn = (best + 1) % count;
      inFlight[best] = (inFlight[best] ?? 0) + 1;
      let released = false;
      return {
        index: best,
        release() {
          if (released) return;
          released = true;
          inFlight[best] = (inFlight[best] ?? 1) - 1;
        },
      };
    },
  };
}

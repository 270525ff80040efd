// A toast's timer: runs out after `ms`, unless held. Holding (the pointer over the toast, or the
// keyboard focus in it) stops the clock; letting go gives back the time that was left, so a
// toast never disappears while someone reads or reaches for its button (WCAG 2.2.1).

export interface PausableTimer {
  /** Stops the clock; `hold` again is a no-op. */
  hold(): void;
  /** Starts the clock again with the time that was left. */
  release(): void;
  /** Never fires. */
  cancel(): void;
}

/** What the timer needs of time: injected so a test can drive it without waiting. */
export interface TimerClock {
  now(): number;
  setTimeout(fire: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const REAL_CLOCK: TimerClock = {
  now: () => Date.now(),
  setTimeout: (fire, ms) => setTimeout(fire, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function pausableTimer(
  ms: number,
  fire: () => void,
  clock: TimerClock = REAL_CLOCK,
): PausableTimer {
  let left = ms;
  let startedAt = clock.now();
  let handle: unknown = clock.setTimeout(fire, left);
  let done = false;
  return {
    hold() {
      if (done || handle === undefined) return;
      clock.clearTimeout(handle);
      handle = undefined;
      left = Math.max(0, left - (clock.now() - startedAt));
    },
    release() {
      if (done || handle !== undefined) return;
      startedAt = clock.now();
      handle = clock.setTimeout(fire, left);
    },
    cancel() {
      done = true;
      if (handle !== undefined) clock.clearTimeout(handle);
      handle = undefined;
    },
  };
}

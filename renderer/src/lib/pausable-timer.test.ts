import { describe, expect, it } from 'vitest';
import { pausableTimer, type TimerClock } from './pausable-timer.ts';

/** A clock moved by hand: no test here waits for real time. */
function manualClock() {
  let now = 0;
  const timers = new Map<number, { at: number; fire: () => void }>();
  let next = 0;
  const clock: TimerClock = {
    now: () => now,
    setTimeout: (fire, ms) => {
      next += 1;
      timers.set(next, { at: now + ms, fire });
      return next;
    },
    clearTimeout: (handle) => timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    now += ms;
    for (const [id, t] of [...timers]) {
      if (t.at <= now) {
        timers.delete(id);
        t.fire();
      }
    }
  };
  return { clock, advance };
}

describe('a toast’s timer', () => {
  it('runs out after its time', () => {
    const { clock, advance } = manualClock();
    let fired = 0;
    pausableTimer(8000, () => (fired += 1), clock);
    advance(7999);
    expect(fired).toBe(0);
    advance(1);
    expect(fired).toBe(1);
  });

  it('never runs out while held (pointer or focus on the toast), and gives back the time left', () => {
    const { clock, advance } = manualClock();
    let fired = 0;
    const timer = pausableTimer(8000, () => (fired += 1), clock);
    advance(5000);
    timer.hold();
    timer.hold();
    advance(60_000);
    expect(fired).toBe(0);
    timer.release();
    advance(2999);
    expect(fired).toBe(0);
    advance(1);
    expect(fired).toBe(1);
  });

  it('never fires once cancelled (the toast dismissed, or its screen left)', () => {
    const { clock, advance } = manualClock();
    let fired = 0;
    const timer = pausableTimer(1000, () => (fired += 1), clock);
    timer.cancel();
    timer.release();
    advance(5000);
    expect(fired).toBe(0);
  });
});

// A backend's measured speed: milliseconds per prompt token and per completion token, fitted
// to the requests of finished runs, for time estimates before the next run.
import type { MemoryState } from '../../../shared/model.ts';

export interface MeasuredSpeed {
  msPerPromptToken: number;
  msPerCompletionToken: number;
}

/**
 * Sums over requests (p prompt tokens, c completion tokens, m milliseconds) that determine the
 * least-squares fit m ≈ a·p + b·c. Kept instead of the fit so runs can be merged by adding.
 */
export interface SpeedSums {
  pp: number;
  pc: number;
  cc: number;
  pm: number;
  cm: number;
}

export interface RequestTiming {
  promptTokens: number;
  completionTokens: number;
  ms: number;
}

/** The requests of a run's memory states, as timings. */
export function timingsOf(memories: readonly MemoryState[]): RequestTiming[] {
  return memories.map((m) => ({ ...m.usage, ms: m.ms }));
}

/**
 * Adds a run's requests to earlier sums. The earlier sums count half: a server that got faster
 * or slower (another GPU, other load) shows within a run or two.
 */
export function addTimings(before: SpeedSums | undefined, timings: readonly RequestTiming[]) {
  const sums: SpeedSums = before
    ? {
        pp: before.pp / 2,
        pc: before.pc / 2,
        cc: before.cc / 2,
        pm: before.pm / 2,
        cm: before.cm / 2,
      }
    : { pp: 0, pc: 0, cc: 0, pm: 0, cm: 0 };
  for (const { promptTokens: p, completionTokens: c, ms: m } of timings) {
    sums.pp += p * p;
    sums.pc += p * c;
    sums.cc += c * c;
    sums.pm += p * m;
    sums.cm += c * m;
  }
  return sums;
}

/**
 * The fit m ≈ a·p + b·c (prefill and decode time; per-request overhead falls into both), or
 * null when nothing was measured. A negative coefficient (too little variety in the requests)
 * falls back to the one-variable fit of the other.
 */
export function fitSpeed(s: SpeedSums): MeasuredSpeed | null {
  const det = s.pp * s.cc - s.pc * s.pc;
  if (det > 1e-9 * s.pp * s.cc) {
    const a = (s.pm * s.cc - s.cm * s.pc) / det;
    const b = (s.cm * s.pp - s.pm * s.pc) / det;
    if (a >= 0 && b >= 0) return { msPerPromptToken: a, msPerCompletionToken: b };
  }
  // Decode dominates on every server we know: attribute the time to completions first.
  if (s.cc > 0 && s.cm > 0) return { msPerPromptToken: 0, msPerCompletionToken: s.cm / s.cc };
  if (s.pp > 0 && s.pm > 0) return { msPerPromptToken: s.pm / s.pp, msPerCompletionToken: 0 };
  return null;
}

/** A request's time at `speed`, in milliseconds. */
export function requestMs(speed: MeasuredSpeed, promptTokens: number, completionTokens: number) {
  return promptTokens * speed.msPerPromptToken + completionTokens * speed.msPerCompletionToken;
}

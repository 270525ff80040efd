// The one time model of a run: what a request takes (its prompt tokens at the backend's prefill
// speed, its completion tokens at its decode speed), the requests a run has left (the memory's
// growth as shared/memory-growth.ts projects it), and the speeds fitted on the chunks this
// session read and on earlier runs of the same backend and model. The app's run progress, the
// CLI's progress lines, the review's whole-job clock and the estimate before a run all use it.
//
// Why not "document tokens per second so far": early chunks write memories of a few tokens and
// take a second; later ones write a thousand tokens at decode speed and take twenty. A rate
// taken from the first chunks said "32 s left" at chunk 18 of 88 of a run that took 11 more
// minutes. And a rate over elapsed time counts chunks a resumed run skipped as read.
import type { MemoryState, Usage } from '../../../shared/model.ts';
import {
  DEFAULT_GROWTH,
  projectRequests,
  type GrowthCurve,
} from '../../../shared/memory-growth.ts';
import type { TimeLeft } from '../../../shared/run-clock.ts';
import {
  addTimings,
  fitSpeed,
  requestMs,
  type MeasuredSpeed,
  type RequestTiming,
  type SpeedSums,
} from './speed.ts';
import { timeSpread } from './time-spread.ts';

/** What earlier runs of a backend and model (or a measurement of this computer) tell. */
export interface ClockPrior {
  /** Request timings of earlier runs, as least-squares sums (speed.ts). */
  sums?: SpeedSums | undefined;
  /** How their memories grew (shared/memory-growth.ts). */
  curve?: GrowthCurve | undefined;
}

/**
 * Chunks this session reads before its own fit is trusted when nothing was measured before: one
 * request cannot tell prefill from decode, two barely do on a real server's noise.
 */
export const MIN_SESSION_CHUNKS = 3;

/**
 * On a backend and model with no finished run, the share of a run's chunks before which memories
 * that hold no notes yet (a few tokens: "nothing relevant so far") do not scale the assumed growth
 * down (memory-growth.ts `assumed`): a memory that stayed a few tokens for a fifth of the document
 * and then filled said "32 s left" where eleven minutes were. Memories that hold notes are
 * believed from their third chunk on, so short notes that stay short are not projected to fill.
 */
export const FIRM_DEFAULT_UNTIL = 0.3;

/**
 * The relative standard error of the time left above which a clock with nothing measured before
 * says it does not know yet (agent/time-spread.ts): memories of a few tokens do not tell how
 * fast a thousand will be decoded. Two of it stay within the issue's ±25 %.
 */
export const SESSION_SPREAD = 0.125;

export interface RunClockInput {
  /** Document tokens of every chunk, in order. */
  chunkTokens: readonly number[];
  memoryTokens: number;
  answerTokens: number;
  /** Memories of chunks read before this session (a resumed run): their growth, not their time. */
  earlier?: readonly MemoryState[];
  prior?: ClockPrior | undefined;
}

/**
 * The clock of one run in one session. Only requests made in this session fit the speeds: the
 * chunks a resumed run skipped (read yesterday, perhaps on another server) say nothing of today's.
 * Their memories do count for the growth.
 */
export class RunClock {
  #input: RunClockInput;
  /** Usage of every chunk read so far, by chunk number. */
  #usage: Usage[] = [];
  #session: RequestTiming[] = [];

  constructor(input: RunClockInput) {
    this.#input = input;
    for (const m of input.earlier ?? []) this.#usage[m.chunk] = m.usage;
  }

  /** A chunk read in this session. */
  chunkDone(state: MemoryState): void {
    this.#usage[state.chunk] = state.usage;
    this.#session.push({ ...state.usage, ms: state.ms });
  }

  /** The speeds: this session's requests beside earlier runs' (which count half), if enough is known. */
  speed(): MeasuredSpeed | null {
    const prior = this.#input.prior?.sums;
    if (prior === undefined && this.#session.length < MIN_SESSION_CHUNKS) return null;
    return fitSpeed(addTimings(prior, this.#session));
  }

  /** The time left now: the remaining requests at the fitted speeds. */
  timeLeft(): TimeLeft {
    const speed = this.speed();
    const rest = projectRequests({
      chunkTokens: this.#input.chunkTokens,
      done: readPrefix(this.#usage),
      memoryTokens: this.#input.memoryTokens,
      answerTokens: this.#input.answerTokens,
      // Before a run of the backend finished, the growth assumed (as the estimate does): held
      // firm while the memories hold no notes (up to FIRM_DEFAULT_UNTIL), then giving way to them.
      curve: this.#input.prior?.curve ?? DEFAULT_GROWTH,
      assumed:
        this.#input.prior?.curve === undefined ? { firmUntil: FIRM_DEFAULT_UNTIL } : undefined,
    });
    if (speed === null || rest === null) return { known: false, reason: 'first-chunks' };
    // Nothing measured before: only this session's requests say how fast the rest goes.
    if (this.#input.prior?.sums === undefined && timeSpread(this.#session, rest) > SESSION_SPREAD)
      return { known: false, reason: this.#session.length > 0 ? 'growth' : 'first-chunks' };
    return {
      known: true,
      ms: rest.reduce((t, u) => t + requestMs(speed, u.promptTokens, u.completionTokens), 0),
      basis: this.#session.length > 0 ? 'run' : 'history',
    };
  }
}

/** The usage of the chunks read in order from the first (a projection needs no gaps). */
function readPrefix(usage: readonly Usage[]): Usage[] {
  const prefix: Usage[] = [];
  for (const u of usage) {
    if (!u) break;
    prefix.push(u);
  }
  return prefix;
}

/** A run of a job as its whole-job clock sees it. */
export interface JobRunClock {
  /** The run's time left, when it is reading or was read in part. */
  left: TimeLeft | undefined;
  /** Chunks it has left (all of them for a run not started). */
  chunksLeft: number;
}

/**
 * A job's time left (the questions of one `ask`, a review's cells): the work every run has left,
 * spread over the runs that read at once. A run not started yet is counted at the time a chunk
 * takes in the runs that are known (their time left over their chunks left), so the clock is
 * unknown only until one run's is.
 */
export function jobTimeLeft(runs: readonly JobRunClock[], parallel: number): TimeLeft {
  let knownMs = 0;
  let knownChunks = 0;
  let longest = 0;
  let unknownChunks = 0;
  let basis: 'run' | 'history' = 'history';
  let open = 0;
  let unknownReason: 'first-chunks' | 'growth' = 'first-chunks';
  for (const run of runs) {
    if (run.left?.known === false && run.left.reason === 'growth') unknownReason = 'growth';
    if (run.chunksLeft > 0 || run.left?.known) open += 1;
    if (run.left?.known) {
      knownMs += run.left.ms;
      knownChunks += run.chunksLeft + 1;
      longest = Math.max(longest, run.left.ms);
      if (run.left.basis === 'run') basis = 'run';
    } else unknownChunks += run.chunksLeft;
  }
  if (knownChunks === 0)
    return unknownChunks === 0
      ? { known: true, ms: 0, basis }
      : { known: false, reason: unknownReason };
  const work = knownMs + (unknownChunks * knownMs) / knownChunks;
  const lanes = Math.max(1, Math.min(parallel, open));
  // One run reads its chunks one after another: the job takes at least its longest run.
  return { known: true, ms: Math.max(longest, work / lanes), basis };
}

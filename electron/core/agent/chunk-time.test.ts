import { describe, expect, it } from 'vitest';
import type { MemoryState } from '../../../shared/model.ts';
import { growthCurveOf } from '../../../shared/memory-growth.ts';
import { FIRM_DEFAULT_UNTIL, jobTimeLeft, MIN_SESSION_CHUNKS, RunClock } from './chunk-time.ts';
import { addTimings } from './speed.ts';

// A run of the shape on a server like the simulator's h100-14b model: 88 chunks of 5,000
// tokens; prefill 10,000 tokens/s, decode 60 tokens/s, 5 ms a request.
const CHUNKS = 88;
const BUDGET = 1024;
const chunkTokens = Array.from({ length: CHUNKS }, () => 5000);
const ms = (p: number, c: number) => 5 + p / 10 + (c / 60) * 1000;

/** Memories of a few tokens for the first fifth, then filling up to near the budget. */
const growth = (k: number) =>
  Math.round(k < 18 ? 4 + k : Math.min(1000, 22 + (k - 18) * 40 + ((k * 7) % 13)));

function states(memory: (k: number) => number): MemoryState[] {
  return chunkTokens.map((tokens, k) => {
    const promptTokens = 200 + tokens + (k > 0 ? memory(k - 1) : 3);
    const completionTokens = memory(k);
    return {
      chunk: k,
      memory: 'm',
      usage: { promptTokens, completionTokens },
      ms: ms(promptTokens, completionTokens),
      kept: false,
    };
  });
}

/** The real time left after chunk d: the chunks after it and the final request. */
function realLeft(all: MemoryState[], d: number): number {
  let t = 0;
  for (const s of all.slice(d)) t += s.ms;
  const last = all.at(-1)!.usage.completionTokens;
  return t + ms(200 + last, Math.min(512, last));
}

const input = { chunkTokens, memoryTokens: BUDGET, answerTokens: 512 };

describe('RunClock', () => {
  it('says the time is unknown until a few chunks were read on a backend never measured', () => {
    const all = states(growth);
    const clock = new RunClock(input);
    expect(clock.timeLeft()).toEqual({ known: false, reason: 'first-chunks' });
    for (const s of all.slice(0, MIN_SESSION_CHUNKS - 1)) clock.chunkDone(s);
    expect(clock.timeLeft().known).toBe(false);
    clock.chunkDone(all[MIN_SESSION_CHUNKS - 1]!);
    expect(clock.timeLeft()).toMatchObject({ known: true, basis: 'run' });
  });

  it('fits prefill and decode speeds apart from small early memories', () => {
    const clock = new RunClock(input);
    for (const s of states(growth).slice(0, 10)) clock.chunkDone(s);
    const speed = clock.speed()!;
    expect(speed.msPerCompletionToken).toBeCloseTo(1000 / 60, 0);
    expect(speed.msPerPromptToken).toBeGreaterThan(0.09);
    expect(speed.msPerPromptToken).toBeLessThan(0.11);
  });

  it('with the growth of an earlier run, is within 25% at 20, 50 and 80% of the run', () => {
    const earlier = states(growth);
    const prior = {
      sums: addTimings(
        undefined,
        earlier.map((s) => ({ ...s.usage, ms: s.ms })),
      ),
      curve: growthCurveOf(
        earlier.map((s) => s.usage.completionTokens),
        BUDGET,
      ),
    };
    // This run's memories are a little smaller than the earlier run's.
    const all = states((k) => Math.round(growth(k) * 0.9));
    const clock = new RunClock({ ...input, prior });
    const before = clock.timeLeft();
    expect(before).toMatchObject({ known: true, basis: 'history' });
    for (let d = 1; d <= CHUNKS; d += 1) {
      clock.chunkDone(all[d - 1]!);
      if (![18, 44, 70].includes(d)) continue;
      const left = clock.timeLeft();
      if (!left.known) throw new Error('unknown');
      const ratio = left.ms / realLeft(all, d);
      expect(ratio, `after ${d} chunks`).toBeGreaterThan(0.75);
      expect(ratio, `after ${d} chunks`).toBeLessThan(1.25);
    }
  });

  it('fixes the issue: without history, at chunk 18 of 88 it no longer says seconds for minutes', () => {
    const all = states(growth);
    const clock = new RunClock(input);
    for (const s of all.slice(0, 18)) clock.chunkDone(s);
    const left = clock.timeLeft();
    if (!left.known) throw new Error('unknown');
    // The old clock: document tokens per second so far × tokens left.
    const spent = all.slice(0, 18).reduce((t, s) => t + s.ms, 0);
    const old = (spent / 18) * (CHUNKS - 18);
    const real = realLeft(all, 18);
    expect(old / real).toBeLessThan(0.2);
    // Its memories still tiny, yet the assumed growth is held before 30 % of the chunks: within
    // 25 % of the late fill (scaled down by the tiny memories it said a fifth of the real time).
    expect(left.ms / real).toBeGreaterThan(0.75);
    expect(left.ms / real).toBeLessThan(1.25);
  });

  it('believes a first run whose memory holds short notes from the start: within 25 % at 20, 50 and 80 %', () => {
    // A question whose notes stay short (60 to 90 tokens), on a backend with no finished run:
    // the assumed growth (full by the middle) said 21 min where 3 were left at a fifth of it.
    const small = states((k) => 60 + Math.round(k / 3));
    const clock = new RunClock(input);
    for (let d = 1; d <= CHUNKS; d += 1) {
      clock.chunkDone(small[d - 1]!);
      if (![18, 44, 70].includes(d)) continue;
      const left = clock.timeLeft();
      if (!left.known) throw new Error('unknown');
      const ratio = left.ms / realLeft(small, d);
      expect(ratio, `after ${d} chunks`).toBeGreaterThan(0.75);
      expect(ratio, `after ${d} chunks`).toBeLessThan(1.25);
    }
  });

  it('holds the assumed growth while the memory holds nothing yet, for the first 30 % of the chunks only', () => {
    // "Nothing relevant yet": a few tokens a chunk, which may fill later (the run) or not.
    const empty = states(() => 5);
    const at = (d: number) => {
      const clock = new RunClock(input);
      for (const s of empty.slice(0, d)) clock.chunkDone(s);
      const left = clock.timeLeft();
      if (!left.known) throw new Error('unknown');
      return left.ms / realLeft(empty, d);
    };
    const firm = Math.floor(CHUNKS * FIRM_DEFAULT_UNTIL);
    // Held firm: projected to fill as MemAgent's memories mostly do, far above these.
    expect(at(firm)).toBeGreaterThan(3);
    // From then on the run's own memories scale it down.
    expect(at(firm + 1)).toBeLessThan(at(firm) / 2);
  });

  it('does not fall to seconds when the memory begins to hold notes after a fifth of the run', () => {
    const all = states(growth);
    for (const d of [20, 22, 24, 26]) {
      const clock = new RunClock(input);
      for (const s of all.slice(0, d)) clock.chunkDone(s);
      const left = clock.timeLeft();
      if (!left.known) throw new Error('unknown');
      const ratio = left.ms / realLeft(all, d);
      expect(ratio, `after ${d} chunks`).toBeGreaterThan(0.75);
      expect(ratio, `after ${d} chunks`).toBeLessThan(1.25);
    }
  });

  it('says it does not know yet while memories of a few tokens cannot tell the decode speed, rather than a wrong figure', () => {
    // The run on a server with ±10 % noise, nothing measured before: at chunk 18 every
    // memory was a few tokens, so the decode speed fitted was noise (105 ms a token where 16.7
    // were true: "48 min left" where 0.7 were, for a memory that stayed empty).
    let seed = 3;
    const noisy = states((k) => (k < 18 ? 5 + (k % 3) : growth(k))).map((s) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return { ...s, ms: s.ms * (0.9 + (0.2 * seed) / 2 ** 31) };
    });
    const clock = new RunClock(input);
    for (const s of noisy.slice(0, 18)) clock.chunkDone(s);
    // Said as such, not as "known after the first chunks" 18 chunks in.
    expect(clock.timeLeft()).toEqual({ known: false, reason: 'growth' });
    // Once memories of hundreds of tokens were decoded, the figure is known and right.
    for (const s of noisy.slice(18, 44)) clock.chunkDone(s);
    const left = clock.timeLeft();
    if (!left.known) throw new Error('unknown');
    let real = 0;
    for (const s of noisy.slice(44)) real += s.ms;
    real += ms(200 + 1000, 512);
    expect(left.ms / real).toBeGreaterThan(0.75);
    expect(left.ms / real).toBeLessThan(1.25);
  });

  it('after a resume, fits the speeds on the chunks read now, not on those skipped', () => {
    const all = states(growth);
    // Chunks 0-39 were read yesterday on a server ten times slower.
    const earlier = all.slice(0, 40).map((s) => ({ ...s, ms: s.ms * 10 }));
    const clock = new RunClock({ ...input, earlier });
    expect(clock.timeLeft().known).toBe(false);
    for (const s of all.slice(40, 40 + MIN_SESSION_CHUNKS)) clock.chunkDone(s);
    expect(clock.speed()!.msPerCompletionToken).toBeCloseTo(1000 / 60, 0);
    const left = clock.timeLeft();
    if (!left.known) throw new Error('unknown');
    const ratio = left.ms / realLeft(all, 40 + MIN_SESSION_CHUNKS);
    expect(ratio).toBeGreaterThan(0.75);
    expect(ratio).toBeLessThan(1.25);
  });
});

describe('jobTimeLeft', () => {
  const known = (ms: number) => ({ known: true as const, ms, basis: 'run' as const });

  it('spreads the work over the runs reading at once, and is never shorter than the longest run', () => {
    expect(
      jobTimeLeft(
        [
          { left: known(60_000), chunksLeft: 5 },
          { left: known(60_000), chunksLeft: 5 },
        ],
        2,
      ),
    ).toEqual(known(60_000));
    // One lane: one after another.
    expect(
      jobTimeLeft(
        [
          { left: known(60_000), chunksLeft: 5 },
          { left: known(60_000), chunksLeft: 5 },
        ],
        1,
      ),
    ).toEqual(known(120_000));
  });

  it('counts runs not started at the known runs’ time a chunk, and is unknown until one is known', () => {
    expect(jobTimeLeft([{ left: undefined, chunksLeft: 10 }], 4).known).toBe(false);
    // A job whose reading runs wait for their memories to grow says so, as each run does.
    expect(
      jobTimeLeft(
        [
          { left: { known: false, reason: 'growth' }, chunksLeft: 30 },
          { left: undefined, chunksLeft: 40 },
        ],
        2,
      ),
    ).toEqual({ known: false, reason: 'growth' });
    const left = jobTimeLeft(
      [
        { left: known(10_000), chunksLeft: 9 },
        { left: undefined, chunksLeft: 20 },
      ],
      1,
    );
    // 10 s for 9 chunks and the final request: 1 s a request, so 20 more chunks take 20 s.
    expect(left).toEqual(known(30_000));
  });
});

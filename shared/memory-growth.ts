// The tokens a running question will have used when it is done, from what it used so far.
// Memory grows as the model reads (a few dozen tokens after the first chunks, often its whole
// budget by the end), and every request sends the memory and gets a new one back: projecting
// "cost so far × chunks / chunks done" ran 2.5× low. This follows the memory's growth instead.
// One model for the cost projection (renderer) and the time left (electron/core/agent/chunk-time.ts).
import type { Usage } from './model.ts';

export interface ProjectionInput {
  /** Document tokens of every chunk, in order. */
  chunkTokens: readonly number[];
  /** Usage of the chunk requests done so far, in chunk order (the first `done.length` chunks). */
  done: readonly Usage[];
  /** The memory budget (max tokens of a memory update). */
  memoryTokens: number;
  /** The answer budget. */
  answerTokens: number;
  /** How memories grew in earlier runs of the backend and model, when known. */
  curve?: GrowthCurve | undefined;
  /**
   * The curve is an assumption (DEFAULT_GROWTH: no run of the backend and model finished yet),
   * not a measurement. It gives way to the run's own memories once they have held notes for a
   * few chunks (`holdsNotes`, `ASSUMED_CHUNKS`); until then it may be raised by them but not
   * lowered, up to `firmUntil` of the chunks (a fraction). A stored curve is followed as is.
   */
  assumed?: { firmUntil: number } | undefined;
}

/** Recent chunks show the memory's current growth better than the first ones. */
const TREND_WINDOW = 8;

/**
 * How full the memory was at ten even steps through earlier runs of a backend and model (a
 * fraction of the memory budget at 5 %, 15 % … 95 % of the chunks). Where a run's own memories
 * say little yet (a few tokens after the first chunks), this says how they grew before.
 */
export type GrowthCurve = readonly number[];

export const GROWTH_STEPS = 10;

/**
 * The growth assumed before any run of a backend and model finished: the memory fills its
 * budget by the middle of the document (what the 88-chunk run did) and stays full.
 * A run's own memories scale it down as they stay smaller (`projectRequests`).
 */
export const DEFAULT_GROWTH: GrowthCurve = [0.1, 0.3, 0.5, 0.7, 0.9, 1, 1, 1, 1, 1];

/** A finished run's memory sizes as a growth curve (fractions of `memoryTokens`). */
export function growthCurveOf(memorySizes: readonly number[], memoryTokens: number): number[] {
  const n = memorySizes.length;
  return Array.from({ length: GROWTH_STEPS }, (_, i) => {
    if (n === 0 || memoryTokens <= 0) return 0;
    const k = Math.min(n - 1, Math.floor(((i + 0.5) / GROWTH_STEPS) * n));
    return Math.min(1, (memorySizes[k] ?? 0) / memoryTokens);
  });
}

/** Earlier curves count half, as the measured speeds do (speed.ts addTimings). */
export function mergeGrowth(before: GrowthCurve | undefined, run: GrowthCurve): number[] {
  if (before === undefined || before.length !== run.length) return [...run];
  return run.map((f, i) => ((before[i] ?? f) + 2 * f) / 3);
}

/** The curve's fraction at relative position `x` (0 = first chunk, 1 = last), interpolated. */
export function growthAt(curve: GrowthCurve, x: number): number {
  const at = Math.max(0, Math.min(GROWTH_STEPS - 1, x * GROWTH_STEPS - 0.5));
  const i = Math.floor(at);
  const a = curve[i] ?? 0;
  const b = curve[Math.min(GROWTH_STEPS - 1, i + 1)] ?? a;
  return a + (b - a) * (at - i);
}

/**
 * The run's projected total usage (chunk requests and the final request), or null before any
 * chunk is done. Per remaining chunk: its own tokens, the prompt's fixed part as observed, and
 * the memory, whose size follows the recent trend (least-squares slope, never shrinking) and
 * never passes the budget; each reply is that memory. The final request sends the last memory
 * and its answer is counted at the memory's size, within the answer budget.
 */
export function projectUsage(input: ProjectionInput): Usage | null {
  const rest = projectRequests(input);
  if (rest === null) return null;
  const total: Usage = { promptTokens: 0, completionTokens: 0 };
  for (const u of [...input.done, ...rest]) {
    total.promptTokens += u.promptTokens;
    total.completionTokens += u.completionTokens;
  }
  return total;
}

/**
 * The requests a run has left (its remaining chunks, then the final request), each with the
 * tokens it is projected to send and receive; null before any chunk is done unless a curve is
 * given. With a growth curve
 * (`input.curve`), the remaining memories follow it, scaled by how this run's memories compare
 * with it so far, and never fall below the run's own trend: a run whose memories are still a few
 * tokens at chunk 18 of 88 is not projected to stay that small when earlier runs filled up later.
 */
export function projectRequests(input: ProjectionInput): Usage[] | null {
  const { chunkTokens, done, memoryTokens, answerTokens } = input;
  const d = done.length;
  // Before the first chunk only a curve says anything (the template's tokens are then unknown:
  // a few hundred beside thousands of chunk tokens).
  if (d === 0 && input.curve === undefined) return null;
  const memory = done.map((u) => Math.min(u.completionTokens, memoryTokens));
  // The prompt beyond the chunk and the memory it carried: template and question.
  let fixed = 0;
  for (let k = 0; k < d; k += 1) {
    fixed +=
      (done[k]?.promptTokens ?? 0) - (chunkTokens[k] ?? 0) - (k > 0 ? (memory[k - 1] ?? 0) : 0);
  }
  fixed = d === 0 ? 0 : Math.max(0, fixed / d);
  const { level, slope } = trend(recentGrowth(memory, memoryTokens));
  const curved = curveProjection(input, memory);
  const rest: Usage[] = [];
  let previous = memory[d - 1] ?? 0;
  for (let j = d; j < chunkTokens.length; j += 1) {
    const own = Math.max(previous, level + slope * (j - d + 1));
    const next = Math.min(memoryTokens, Math.max(own, curved?.(j) ?? 0));
    rest.push({ promptTokens: (chunkTokens[j] ?? 0) + fixed + previous, completionTokens: next });
    previous = next;
  }
  rest.push({
    promptTokens: fixed + previous,
    completionTokens: Math.min(answerTokens, previous),
  });
  return rest;
}

/**
 * How many chunks of a run's own memories the assumed growth (DEFAULT_GROWTH) counts as, once
 * those memories hold notes: with n such chunks read it weighs ASSUMED_CHUNKS / (ASSUMED_CHUNKS +
 * n). A memory that holds short notes for a fifth of the document mostly keeps them short; the
 * assumption then says little beside them. Set against bench/eta.ts (docs/benchmarks.md).
 */
export const ASSUMED_CHUNKS = 2;

/**
 * Whether a memory of `size` tokens holds notes: MemAgent's memory of a chunk with nothing
 * relevant is a short sentence ("No relevant information yet."), a handful of tokens, and says
 * nothing of how the notes will grow once the document gets to the point.
 */
export function holdsNotes(size: number, memoryTokens: number): boolean {
  return size > Math.min(NO_NOTES_TOKENS, memoryTokens / 16);
}

/** Chunks with notes after which a memory's own trend shows its growth (the trend needs two). */
const GROWTH_SHOWN = 3;

/** Longer than any "nothing found yet" memory seen: a sentence of a dozen words or two. */
const NO_NOTES_TOKENS = 32;

/**
 * Memory size at chunk j from the curve, scaled by this run's memories against the curve at
 * the same chunks. Both sums start from half a budget's worth, so a few tiny early memories do
 * not scale the curve down to nothing (nor a few large ones up past the budget). An assumed
 * curve (`input.assumed`) is held firm while the memories hold no notes (before `firmUntil`),
 * and fades as chunks with notes are read (ASSUMED_CHUNKS): the run's own trend then leads.
 */
function curveProjection(
  input: ProjectionInput,
  memory: readonly number[],
): ((j: number) => number) | undefined {
  const { curve, memoryTokens, assumed } = input;
  const chunks = input.chunkTokens.length;
  if (curve === undefined || curve.length !== GROWTH_STEPS || chunks === 0) return undefined;
  const at = (k: number) => growthAt(curve, (k + 0.5) / chunks) * memoryTokens;
  const damp = memoryTokens / 2;
  let seen = damp;
  let expected = damp;
  let notes = 0;
  memory.forEach((m, k) => {
    seen += m;
    expected += at(k);
    if (holdsNotes(m, memoryTokens)) notes += 1;
  });
  if (assumed === undefined) return (j) => (at(j) * seen) / expected;
  // Until the memory has shown its own growth (a few chunks with notes) the assumption stands.
  const firm = notes < GROWTH_SHOWN && memory.length < assumed.firmUntil * chunks;
  if (firm) return (j) => at(j) * Math.max(1, seen / expected);
  const weight = ASSUMED_CHUNKS / (ASSUMED_CHUNKS + notes);
  return (j) => ((at(j) * seen) / expected) * weight;
}

/**
 * The memories the trend is fitted on: the last TREND_WINDOW, or, where the memory has just
 * begun to hold notes, only those since (the "nothing yet" memories before them would flatten
 * the growth that has just begun).
 */
function recentGrowth(memory: readonly number[], memoryTokens: number): readonly number[] {
  const recent = memory.slice(-TREND_WINDOW);
  let since = recent.length;
  while (since > 0 && holdsNotes(recent[since - 1] ?? 0, memoryTokens)) since -= 1;
  return since > 0 && recent.length - since >= 2 ? recent.slice(since) : recent;
}

/** The fitted memory size at the last point and its growth per chunk (at least 0). */
function trend(sizes: readonly number[]): { level: number; slope: number } {
  const n = sizes.length;
  const last = sizes[n - 1] ?? 0;
  if (n < 2) return { level: last, slope: 0 };
  const meanX = (n - 1) / 2;
  const meanY = sizes.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  sizes.forEach((y, x) => {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
  });
  const slope = Math.max(0, sxy / sxx);
  return { level: Math.max(0, meanY + slope * (n - 1 - meanX)), slope };
}

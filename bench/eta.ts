// The time left against the simulator's latency model: `npm exec -- node bench/eta.ts`.
// Replays sim-llm's h100-14b model on paper (one run reads alone: a request takes the overhead,
// its prompt at the prefill rate and its reply at one sequence's decode rate, with ±10 % seeded
// jitter as a real server has) over runs of 88 chunks of 5,000 tokens whose memories grow as
// MemAgent's do: a few tokens early, near the 1,024-token budget later. Prints, at 20 %, 50 % and
// 80 % of each run, the time left the new clock (electron/core/agent/chunk-time.ts) and the old
// one (document tokens per second so far, the app's and the CLI's) showed beside the real
// remaining time; then the estimate before a run once one run of the backend finished.
import { H100_14B } from '../sim/options.ts';
import type { MemoryState } from '../shared/model.ts';
import { growthCurveOf, mergeGrowth, type GrowthCurve } from '../shared/memory-growth.ts';
import { RunClock } from '../electron/core/agent/chunk-time.ts';
import { estimateRun } from '../electron/core/agent/estimate.ts';
import { addTimings, fitSpeed, type SpeedSums } from '../electron/core/agent/speed.ts';

const CHUNKS = 88;
const BUDGET = 1024;
const ANSWER = 512;
const HEAD = 200;
const chunkTokens = Array.from({ length: CHUNKS }, (_, k) => (k === CHUNKS - 1 ? 2100 : 5000));

let seed = 7;
const random = () => {
  seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
  return seed / 2 ** 31;
};
const jitter = () => 0.9 + 0.2 * random();
const requestMs = (p: number, c: number) =>
  (H100_14B.overheadMs +
    (p / H100_14B.prefillTokensPerSec) * 1000 +
    (c / H100_14B.decodeTokensPerSec) * 1000) *
  jitter();

/** Memory sizes by chunk: the shapes a memory takes (x is the position in the run, 0..1). */
const SHAPES: [string, (x: number) => number][] = [
  [
    'tiny for a fifth, then filling up (the issue)',
    (x) => (x < 0.2 ? 4 + 20 * x : Math.min(1000, 8 + 2400 * (x - 0.2))),
  ],
  ['growing, then levelling off', (x) => 1000 * (1 - Math.exp(-x * 6))],
  ['small, jumping at two thirds', (x) => (x < 0.66 ? 60 + 80 * x : 950)],
  // A question whose notes stay short from the start: believed once they show (memory-growth.ts).
  ['small all along', (x) => 60 + 80 * x],
  // Short notes for half the document, then growing steadily: what a cap on the trend's slope hurt.
  ['short notes for half, then growing steadily', (x) => (x < 0.5 ? 100 : 100 + 2000 * (x - 0.5))],
  // Nothing relevant in the document: where holding the assumed growth early still costs.
  ['nothing found all along', () => 6],
];

interface Run {
  states: MemoryState[];
  finalMs: number;
}

function readRun(shape: (x: number) => number, scale: number): Run {
  const sizes = chunkTokens.map((_, k) =>
    Math.max(1, Math.min(BUDGET, Math.round(shape(k / CHUNKS) * scale * (0.9 + 0.2 * random())))),
  );
  const states = chunkTokens.map((tokens, k): MemoryState => {
    const promptTokens = HEAD + tokens + (k > 0 ? (sizes[k - 1] ?? 0) : 3);
    const completionTokens = sizes[k] ?? 0;
    return {
      chunk: k,
      memory: '',
      usage: { promptTokens, completionTokens },
      ms: requestMs(promptTokens, completionTokens),
      kept: false,
    };
  });
  const last = sizes.at(-1) ?? 0;
  return { states, finalMs: requestMs(150 + last, Math.min(ANSWER, last)) };
}

const minutes = (ms: number) => `${(ms / 60_000).toFixed(1)} min`;
const pct = (shown: number, real: number) =>
  `${shown >= real ? '+' : ''}${(((shown - real) / real) * 100).toFixed(0)} %`;

/** What the clocks showed at 20, 50 and 80 % of `run`, given what earlier runs left. */
function replay(run: Run, prior: { sums?: SpeedSums; curve?: GrowthCurve }) {
  const clock = new RunClock({ chunkTokens, memoryTokens: BUDGET, answerTokens: ANSWER, prior });
  const rows: string[] = [];
  let spent = 0;
  let readTokens = 0;
  const worst = { new: 0, old: 0 };
  /** The new clock's error at 20, 50 and 80 % (null: it said unknown). */
  const errors: (number | null)[] = [];
  for (let d = 1; d <= CHUNKS; d += 1) {
    const state = run.states[d - 1]!;
    clock.chunkDone(state);
    spent += state.ms;
    readTokens += chunkTokens[d - 1] ?? 0;
    const at = [0.2, 0.5, 0.8].find((f) => d === Math.round(f * CHUNKS));
    if (at === undefined) continue;
    let real = run.finalMs;
    for (const s of run.states.slice(d)) real += s.ms;
    let leftTokens = 0;
    for (const t of chunkTokens.slice(d)) leftTokens += t;
    // The old clock: document tokens per second so far × document tokens left.
    const old = (leftTokens / readTokens) * spent;
    const left = clock.timeLeft();
    const shown = left.known ? left.ms : Number.NaN;
    errors.push(left.known ? (shown - real) / real : null);
    if (left.known) worst.new = Math.max(worst.new, Math.abs(shown - real) / real);
    worst.old = Math.max(worst.old, Math.abs(old - real) / real);
    rows.push(
      `    ${(at * 100).toFixed(0)} % (chunk ${d}): real ${minutes(real)} · new ${left.known ? `${minutes(shown)} (${pct(shown, real)})` : 'unknown'} · old ${minutes(old)} (${pct(old, real)})`,
    );
  }
  return { rows, worst, errors };
}

function preRun(sums: SpeedSums, curve: GrowthCurve, run: Run) {
  const e = estimateRun(
    {
      sections: chunkTokens.map((t) => t + 10),
      head: HEAD,
      final: 150,
      initialMemory: 3,
      quote: 90,
      chunkTokens,
    },
    { memoryTokens: BUDGET, answerTokens: ANSWER },
    {},
    fitSpeed(sums),
    false,
    curve,
  );
  const real = run.states.reduce((t, s) => t + s.ms, run.finalMs) / 1000;
  return { seconds: e.seconds!, real };
}

console.log(
  `latency model: sim-llm h100-14b on paper (prefill ${H100_14B.prefillTokensPerSec}/s, decode ${H100_14B.decodeTokensPerSec}/s, ${H100_14B.overheadMs} ms a request, ±10 % jitter); ${CHUNKS} chunks of ≤5,000 tokens, memory budget ${BUDGET}`,
);
/** One first run and one later run of `shape`; the figures printed when `print`. */
function bench(shape: (x: number) => number, print: boolean) {
  const log = (line: string) => {
    if (print) console.log(line);
  };
  const first = readRun(shape, 1);
  const a = replay(first, {});
  log('  first run on this backend (nothing measured before):');
  for (const row of a.rows) log(row);
  const sums = addTimings(
    undefined,
    first.states.map((s) => ({ ...s.usage, ms: s.ms })),
  );
  const curve = mergeGrowth(
    undefined,
    growthCurveOf(
      first.states.map((s) => s.usage.completionTokens),
      BUDGET,
    ),
  );
  // Another question on another document of the backend: memories 20 % smaller.
  const second = readRun(shape, 0.8);
  const b = replay(second, { sums, curve });
  log('  a later run (another question, memories 20 % smaller), after the first finished:');
  for (const row of b.rows) log(row);
  const { seconds, real } = preRun(sums, curve, second);
  log(
    `  before that run: ${minutes(seconds.min * 1000)} to ${minutes(seconds.max * 1000)} (×${(seconds.max / seconds.min).toFixed(2)}); it took ${minutes(real * 1000)} — ${real >= seconds.min && real <= seconds.max ? 'inside' : 'OUTSIDE'}`,
  );
  log(
    `  worst error at 20/50/80 % (where known): first run new ${a.errors.some((e) => e !== null) ? `${(a.worst.new * 100).toFixed(0)} %` : 'unknown'}, old ${(a.worst.old * 100).toFixed(0)} %; later run new ${(b.worst.new * 100).toFixed(0)} %, old ${(b.worst.old * 100).toFixed(0)} %`,
  );
  return { first: a.errors, later: b.errors };
}

for (const [name, shape] of SHAPES) {
  console.log(`\n${name}`);
  bench(shape, true);
}

// The servers' noise decides much early in a first run: the same shapes over other seeds.
const SEEDS = [1, 2, 3, 5, 11, 13, 17, 19, 23, 29];
const spread = (all: (number | null)[]) => {
  const known = all.filter((e): e is number => e !== null);
  const unknown = all.length - known.length;
  if (known.length === 0) return `unknown ×${unknown}`;
  const p = (e: number) => `${e >= 0 ? '+' : ''}${(e * 100).toFixed(0)}`;
  return `${p(Math.min(...known))}…${p(Math.max(...known))} %${unknown > 0 ? ` (unknown ×${unknown})` : ''}`;
};
console.log(
  `\nover ${SEEDS.length} other seeds (jitter of the requests and memories), lowest…highest error:`,
);
for (const [name, shape] of SHAPES) {
  const runs = SEEDS.map((s) => {
    seed = s;
    return bench(shape, false);
  });
  const at = (which: 'first' | 'later', i: number) => spread(runs.map((r) => r[which][i] ?? null));
  console.log(`${name}`);
  for (const which of ['first', 'later'] as const)
    console.log(
      `  ${which === 'first' ? 'first run' : 'later run'}: 20 % ${at(which, 0)} · 50 % ${at(which, 1)} · 80 % ${at(which, 2)}`,
    );
}

// `memagent eval` (the CLI, in its own process, as users run it) on 64 rows at concurrency 64
// against sim-llm's h100-14b latency model, as a ratio to the ideal the latency model itself
// gives for the very same requests (sim/latency-replay.ts); beside it, the same rows at a lower
// concurrency, and at concurrency 64 spread over two simulated servers.
// `npm exec -- node bench/eval-concurrency.ts [--rows 64] [--length 16k] [--concurrency 64] [--peer 8]`
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { aloneMs, replayLatency, type ReplayCall } from '../sim/latency-replay.ts';
import { H100_14B } from '../sim/options.ts';
import { startChildSim, type ChildSim, type SimCall } from './engine-sim.ts';
import { loadAverage, machineLine, makeEvalSet, REPO, runMemagent } from './run-measured.ts';

const { values } = parseArgs({
  options: {
    rows: { type: 'string', default: '64' },
    length: { type: 'string', default: '16k' },
    concurrency: { type: 'string', default: '64' },
    peer: { type: 'string', default: '8' },
    book: {
      type: 'string',
      default: path.join(REPO, '../shared/corpus/cplusplus-annotations.pdf'),
    },
  },
});
const rows = Number(values.rows);
const concurrency = Number(values.concurrency);
// Families whose questions name a unique key: a row's requests are told apart by their question.
const TASKS = ['niah_single', 'niah_multikey', 'niah_multivalue', 'niah_multiquery'];
if (rows % TASKS.length !== 0) throw new Error(`--rows must be a multiple of ${TASKS.length}`);

interface Outcome {
  label: string;
  servers: number;
  concurrency: number;
  wallMs: number;
  /** First request received to last reply sent, on the simulators' clocks. */
  spanMs: number;
  idealMs: number;
  /** Every row one after another, each alone on a server. */
  sequentialMs: number;
  rowsPerServer: number[];
  calls: number;
  promptTokens: number;
  pacedTokens: number;
  peakRunning: number[];
  maxRssMb: number;
  cpuSec: number;
  summary: string;
  load: string;
}

/** Each row's requests in order, rows in the order they started; throws if rows share a question. */
function chainsOf(calls: readonly SimCall[]): { chains: ReplayCall[][]; first: number } {
  const byQuestion = new Map<string, SimCall[]>();
  for (const call of calls) {
    if (call.question === '') throw new Error('a request without a MemAgent question');
    const chain = byQuestion.get(call.question) ?? [];
    chain.push(call);
    byQuestion.set(call.question, chain);
  }
  const chains = [...byQuestion.values()].sort(
    (a, b) => (a[0] as SimCall).receivedAt - (b[0] as SimCall).receivedAt,
  );
  for (const chain of chains)
    for (let k = 1; k < chain.length; k += 1)
      if ((chain[k] as SimCall).receivedAt < ((chain[k - 1] as SimCall).finishedAt ?? Infinity))
        throw new Error('two rows ask the same question: their requests overlap');
  return {
    chains: chains.map((c) =>
      c.map(({ promptTokens, pacedTokens }) => ({ promptTokens, pacedTokens })),
    ),
    first: Math.min(...calls.map((c) => c.receivedAt)),
  };
}

async function measure(set: string, dir: string, servers: number, c: number): Promise<Outcome> {
  const sims: ChildSim[] = [];
  try {
    for (let s = 0; s < servers; s += 1) sims.push(await startChildSim({ latency: 'h100-14b' }));
    const load = loadAverage();
    const out = path.join(dir, `results-${servers}-${c}.jsonl`);
    const run = await runMemagent([
      'eval',
      set,
      ...sims.flatMap((sim) => ['--base-url', sim.baseUrl]),
      '--concurrency',
      String(c),
      '--out',
      out,
      '--json',
    ]);
    if (run.code !== 0) throw new Error(`memagent eval exited ${run.code}:\n${run.stderrTail}`);
    const perServer = await Promise.all(sims.map((sim) => sim.calls()));
    const stats = await Promise.all(sims.map((sim) => sim.stats()));
    const replays = perServer.map((calls) => chainsOf(calls));
    const all = perServer.flat();
    const done = readFileSync(out, 'utf8').trim().split('\n').length;
    const chainCount = replays.reduce((s, r) => s + r.chains.length, 0);
    if (done !== rows || chainCount !== rows)
      throw new Error(`${done} results and ${chainCount} request chains for ${rows} rows`);
    // Several servers: each replays its own rows; with every row in flight from the start
    // (concurrency ≥ rows), each server's rows all start at once.
    if (servers > 1 && c < rows)
      throw new Error('several servers are modelled with concurrency ≥ rows only');
    const ideal = Math.max(
      ...replays.map((r) => replayLatency(r.chains, servers > 1 ? r.chains.length : c, H100_14B)),
    );
    const sequential = replays
      .flatMap((r) => r.chains)
      .reduce((s, chain) => s + aloneMs(chain, H100_14B), 0);
    return {
      label: `${servers} server${servers > 1 ? 's' : ''}, concurrency ${c}`,
      servers,
      concurrency: c,
      wallMs: run.wallMs,
      spanMs:
        Math.max(...all.map((call) => call.finishedAt ?? 0)) -
        Math.min(...replays.map((r) => r.first)),
      idealMs: ideal,
      sequentialMs: sequential,
      rowsPerServer: replays.map((r) => r.chains.length),
      calls: all.length,
      promptTokens: all.reduce((s, call) => s + call.promptTokens, 0),
      pacedTokens: all.reduce((s, call) => s + call.pacedTokens, 0),
      peakRunning: stats.map((s) => s.peakRunning),
      maxRssMb: run.maxRssMb,
      cpuSec: run.cpuSec,
      summary: run.stdout.trim(),
      load: `${load} → ${loadAverage()}`,
    };
  } finally {
    for (const sim of sims) await sim.close();
  }
}

const dir = mkdtempSync(path.join(os.tmpdir(), 'memagent-eval-concurrency-'));
try {
  console.log(`eval concurrency benchmark — ${machineLine()}`);
  const set = path.join(dir, 'set.jsonl');
  await makeEvalSet({ book: values.book, set, length: values.length, tasks: TASKS, rows });
  console.log(
    `set: ${rows} rows of ${values.length} tokens (make-eval from ${path.basename(values.book)}, ${TASKS.join(', ')}); latency model h100-14b (prefill ${H100_14B.prefillTokensPerSec}/s shared, decode ${H100_14B.decodeTokensPerSec}/s per sequence up to ${H100_14B.aggregateDecodeTokensPerSec}/s in all, ${H100_14B.overheadMs} ms per request)`,
  );
  const outcomes: Outcome[] = [];
  for (const [servers, c] of [
    [1, concurrency],
    [1, Number(values.peer)],
    [2, concurrency],
  ] as const) {
    const o = await measure(set, dir, servers, c);
    outcomes.push(o);
    console.log(
      `\n${o.label} (load average ${o.load}): ${o.calls} calls, ${o.promptTokens.toLocaleString('en-US')} prompt tokens, ${o.pacedTokens.toLocaleString('en-US')} output tokens; rows per server ${o.rowsPerServer.join(' / ')}; simulator peak running ${o.peakRunning.join(' / ')}`,
    );
    console.log(
      `  wall (spawn to exit) ${(o.wallMs / 1000).toFixed(2)} s; first request to last reply ${(o.spanMs / 1000).toFixed(2)} s; ideal ${(o.idealMs / 1000).toFixed(2)} s`,
    );
    console.log(
      `  ratio wall / ideal ${(o.wallMs / o.idealMs).toFixed(3)}; span / ideal ${(o.spanMs / o.idealMs).toFixed(3)}; every row alone, one after another ${(o.sequentialMs / 1000).toFixed(1)} s`,
    );
    console.log(
      `  eval process: ${o.cpuSec.toFixed(1)} s CPU, peak RSS ${o.maxRssMb.toFixed(0)} MB; scores ${o.summary}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// A review of 10 documents × 20 questions (issue 24) read end to end against sim-llm's latency
// model (h100-14b, `--speed` times faster), at several concurrencies, to find the best one:
// a real library in a temp folder, the documents entered as `memagent ask FILE` enters them,
// the review made by createReview (the checklist's kinds and guidance), then driven by driveJob
// and core's jobLauncher through one RunRegistry on the backend's limiter — exactly as the app
// (live-jobs.ts) and the CLI (resume-job.ts) drive a job — in a child process whose peak RSS is
// its own. For each concurrency: wall time against the latency model's ideal for the very calls
// made (replayLatency, in the order the runs started, and longest run first), peak RSS, requests;
// then the table is read (reviewMatrix) and every cell must be answered and read in full.
// Prints figures; exits 1 when a cell is not answered.
// `npm exec -- node bench/review-scale.ts [--concurrency 8,16,32,64,128] [--speed 20]
//   [--chunks 3,4,6,8,10,12,15,20,26,40] [--order most-left-first|job] [--decode-scale 1]`
// `npm exec -- node bench/review-scale.ts --on-paper [--memory-tokens 512]`: the latency model
//   alone at the H100's speed with a real model's memories, the job's order against longest first.
// Figures and what they mean: docs/benchmarks.md, "10 documents × 20 questions".
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../shared/model.ts';
import type { ReviewQuestion } from '../shared/review.ts';
import { openStore } from '../electron/core/store/store.ts';
import { registerWriter } from '../electron/core/store/writers.ts';
import { driveJob } from '../electron/core/use-cases/job-group.ts';
import { jobLauncher } from '../electron/core/use-cases/job-launcher.ts';
import { createReview } from '../electron/core/use-cases/review-create.ts';
import { reviewMatrix } from '../electron/core/use-cases/review-matrix.ts';
import { enterFile } from '../electron/cli/job-documents.test-support.ts';
import { replayLatency, type ReplayCall } from '../sim/latency-replay.ts';
import { H100_14B, type LatencyModel } from '../sim/options.ts';
import {
  benchProfile,
  benchTexts,
  maxRssMb,
  openDriving,
  sampleRss,
  spawnDriving,
  writeResult,
} from './driving-child.ts';
import { startChildSim, type SimCall } from './engine-sim.ts';

const { values } = parseArgs({
  options: {
    concurrency: { type: 'string', default: '8,16,32,64,128' },
    speed: { type: 'string', default: '20' },
    // Each document's length in chunks of 5,000 tokens: a contract of 12 pages to one of ~160.
    chunks: { type: 'string', default: '3,4,6,8,10,12,15,20,26,40' },
    // The order the job driver launches runs in (driveJob's `order`): the engine's default, most
    // chunks left first, or the job's (row-major) order.
    order: { type: 'string', default: 'most-left-first' },
    // Decode this many times slower than `--speed` says: sim-llm writes memories of a few dozen
    // tokens where a real model writes hundreds, so this makes its steps decode-bound as a
    // real model's are (e.g. 20: a step's ~20 tokens cost what ~400 would).
    'decode-scale': { type: 'string', default: '1' },
    // Only the replay of a real model's memories (see onPaper), no run.
    'on-paper': { type: 'boolean', default: false },
    'memory-tokens': { type: 'string', default: '512' },
    // Internal: this file as the driving child process.
    role: { type: 'string' },
    dir: { type: 'string' },
    'base-url': { type: 'string' },
    job: { type: 'string' },
  },
});
const concurrencies = (values.concurrency as string).split(',').map(Number);
const chunkCounts = (values.chunks as string).split(',').map(Number);

/**
 * The h100-14b preset (one H100, a 14B model under vLLM) `--speed` times faster in every rate:
 * the same shape (shared prefill, per-sequence decode, aggregate ceiling, 256 sequences), but
 * the ~3,000 requests of 5,000-token chunks take about a minute and a half instead of half an
 * hour at each concurrency. Faster still, and this 2-core machine's own CPU (the simulator's
 * replies, prompts, SQLite commits) would be what is measured.
 */
const speed = Number(values.speed);
const decodeScale = Number(values['decode-scale']);
const order = values.order as 'most-left-first' | 'job';
const BENCH_MODEL: LatencyModel = {
  prefillTokensPerSec: H100_14B.prefillTokensPerSec * speed,
  decodeTokensPerSec: (H100_14B.decodeTokensPerSec * speed) / decodeScale,
  aggregateDecodeTokensPerSec: (H100_14B.aggregateDecodeTokensPerSec * speed) / decodeScale,
  maxBatch: H100_14B.maxBatch,
  overheadMs: H100_14B.overheadMs,
};

/** The app's run settings, with a tokenizer of its own (no /tokenize requests when chunking). */
const SETTINGS: RunSettings = { ...DEFAULT_RUN_SETTINGS, tokenizer: 'qwen' };

const NOT_STATED = "Answer 'not stated' if the contract does not say.";

/**
 * A supplier contract review: 20 questions of every kind, each with the sentence every document
 * states it in (`fact(d)`, sharing the question's words as a contract's clause does).
 */
const CHECKLIST: (ReviewQuestion & { fact: (d: number) => string })[] = [
  {
    id: 'law',
    text: 'Which law governs the contract?',
    kind: 'party',
    fact: (d) =>
      `This contract is governed by the law of ${['England', 'Scotland', 'Ireland', 'Germany', 'France'][d % 5]}.`,
  },
  {
    id: 'court',
    text: 'Which courts have jurisdiction over disputes?',
    kind: 'party',
    fact: (d) =>
      `Disputes fall under the exclusive jurisdiction of the courts of ${['London', 'Edinburgh', 'Dublin', 'Munich', 'Paris'][d % 5]}.`,
  },
  {
    id: 'start',
    text: 'On which date does the contract start?',
    kind: 'date',
    guidance: NOT_STATED,
    fact: (d) => `The contract start date is ${1 + (d % 27)} March 2025.`,
  },
  {
    id: 'term',
    text: 'What is the initial term of the contract?',
    kind: 'duration',
    guidance: NOT_STATED,
    fact: (d) => `The initial term of the contract is ${2 + (d % 4)} years.`,
  },
  {
    id: 'renewal',
    text: 'Does the contract renew automatically?',
    kind: 'yes_no',
    guidance: NOT_STATED,
    fact: (d) =>
      `The contract renews automatically for successive periods of ${d % 2 === 0 ? 'twelve' : 'six'} months.`,
  },
  {
    id: 'notice',
    text: 'What notice period applies to non-renewal?',
    kind: 'duration',
    fact: (d) => `The notice period for non-renewal is ${30 + 30 * (d % 3)} days.`,
  },
  {
    id: 'cap',
    text: 'Is the supplier liability capped?',
    kind: 'yes_no',
    guidance: NOT_STATED,
    fact: (d) => `The supplier liability is capped at ${100 + 25 * d} percent of the annual fees.`,
  },
  {
    id: 'capAmount',
    text: 'What amount is the liability cap?',
    kind: 'amount',
    fact: (d) => `The liability cap amount is EUR ${(d + 1) * 250_000}.`,
  },
  {
    id: 'fees',
    text: 'What are the annual fees?',
    kind: 'amount',
    fact: (d) => `The annual fees are GBP ${(d + 3) * 41_500}.`,
  },
  {
    id: 'payment',
    text: 'Within how many days must invoices be paid?',
    kind: 'number',
    fact: (d) => `Invoices must be paid within ${[30, 45, 60][d % 3]} days of receipt.`,
  },
  {
    id: 'convenience',
    text: 'May the customer terminate for convenience?',
    kind: 'yes_no',
    guidance: NOT_STATED,
    fact: (d) => `The customer may terminate for convenience on ${60 + d} days written notice.`,
  },
  {
    id: 'breach',
    text: 'What cure period applies to a material breach?',
    kind: 'duration',
    fact: (d) => `A material breach has a cure period of ${10 + (d % 4) * 5} business days.`,
  },
  {
    id: 'supplier',
    text: 'Who is the supplier party?',
    kind: 'party',
    fact: (d) =>
      `The supplier party is ${['Northwind Systems Ltd', 'Brightlane GmbH', 'Corvid Data SAS', 'Halden Cloud Ltd', 'Meridian Networks BV'][d % 5]}.`,
  },
  {
    id: 'confidential',
    text: 'How long do confidentiality obligations survive termination?',
    kind: 'duration',
    fact: (d) => `Confidentiality obligations survive termination for ${3 + (d % 3)} years.`,
  },
  {
    id: 'assignment',
    text: 'May the supplier assign the contract without consent?',
    kind: 'yes_no',
    fact: (d) =>
      `The supplier may ${d % 2 === 0 ? 'not ' : ''}assign the contract without prior written consent.`,
  },
  {
    id: 'subcontract',
    text: 'Which subcontracting restrictions apply to the supplier?',
    kind: 'clause',
    fact: (d) =>
      `Subcontracting restrictions apply: the supplier requires approval for any subcontractor handling ${d % 2 === 0 ? 'personal data' : 'hosting'}.`,
  },
  {
    id: 'insurance',
    text: 'What insurance cover must the supplier maintain?',
    kind: 'amount',
    fact: (d) => `The supplier must maintain insurance cover of USD ${d + 2} million per claim.`,
  },
  {
    id: 'audit',
    text: 'Does the customer have audit rights?',
    kind: 'yes_no',
    guidance: NOT_STATED,
    fact: (d) => `The customer has audit rights once every ${d % 2 === 0 ? 'year' : 'two years'}.`,
  },
  {
    id: 'sla',
    text: 'What service availability does the supplier commit to?',
    kind: 'number',
    fact: (d) =>
      `The supplier commits to service availability of ${99 + (d % 10) / 10} percent each month.`,
  },
  {
    id: 'credits',
    text: 'Which service credits apply when availability is missed?',
    kind: 'text',
    fact: (d) => `Service credits of ${5 + d} percent apply when availability is missed.`,
  },
];
const QUESTIONS: ReviewQuestion[] = CHECKLIST.map(({ fact: _fact, ...q }) => q);

/** Words no question uses: the pages of a contract a question does not ask about. */
const FILLER = [
  'Schedule {s} sets out the operational handbook for the regional teams, including the rota for weekend cover.',
  'The steering group meets quarterly; minutes are circulated within five working days and kept on the shared drive.',
  'Each workstream lead keeps a register of open actions, owners and target dates, reviewed at the monthly meeting.',
  'Training materials are refreshed every spring, translated where needed, and published on the intranet portal.',
  'Change requests follow the template in Annex {s}, with an impact estimate, a rollback plan and a sponsor signature.',
  'Office access badges are issued by facilities within two weeks and returned when a secondment ends.',
  'The glossary in Appendix {s} defines abbreviations used throughout the operational documents and reports.',
  'Quarterly reports summarise tickets raised, tickets closed, backlog age and staffing across both sites.',
];

/**
 * Document `d`: a supplier contract of `chunks` chunks of 5,000 tokens (about 4.3 characters a
 * token), each paragraph opening with its reference (SUP-d, as a page header does, so a chunk
 * request names its document), the 20 clauses the checklist asks about spread through it.
 */
function contractText(d: number, chunks: number): string {
  // Measured: this text is cut into chunks of about 28,000 characters (4.9 a qwen token, and a
  // chunk ends at a paragraph's end).
  const chars = chunks * 28_000 - 14_000;
  const paragraphs = Math.ceil(chars / 420);
  const at = new Map<number, string[]>();
  CHECKLIST.forEach((q, i) => {
    const where = Math.floor((((i * 7 + d * 3) % 20) / 20 + 0.02) * paragraphs);
    at.set(where, [...(at.get(where) ?? []), q.fact(d)]);
  });
  const parts: string[] = [];
  for (let p = 0; p < paragraphs; p += 1) {
    const s = (p % 9) + 1;
    const text = [0, 1, 2]
      .map((k) => (FILLER[(p * 3 + k + d) % FILLER.length] as string).replace('{s}', String(s)))
      .join(' ');
    const clauses = at.get(p)?.join(' ') ?? '';
    parts.push(`SUP-${d} § ${p + 1}. ${text}${clauses ? ` ${clauses}` : ''}`);
  }
  return parts.join('\n\n');
}

/** The documents entered as `memagent ask FILE` enters them, then the review. Returns its id. */
async function setUp(dir: string, baseUrl: string, concurrency: number): Promise<string> {
  const store = openStore(dir);
  const writer = registerWriter(store.db, 'cli');
  const texts = benchTexts(store, dir);
  const documentIds: string[] = [];
  for (const [d, chunks] of chunkCounts.entries()) {
    const file = path.join(dir, 'files', `supplier-contract-${d}.txt`);
    documentIds.push((await enterFile(store, texts, file, contractText(d, chunks))).id);
  }
  const jobId = createReview(
    { store, writer, now: Date.now },
    {
      title: `${documentIds.length} supplier contracts`,
      checklist: { name: 'Supplier contract review', questions: QUESTIONS },
      documentIds,
      profile: benchProfile(baseUrl),
      settings: SETTINGS,
      origin: 'cli',
      concurrency,
    },
  );
  writer.close();
  store.close();
  return jobId;
}

interface DriveResult {
  state: string;
  launched: number;
  wallMs: number;
  /** Epoch milliseconds of the drive's start and end, to set beside the simulator's stamps. */
  startedAt: number;
  endedAt: number;
  peakRssMb: number;
  maxRssMb: number;
}

/** The driving process: the review's job through driveJob and jobLauncher, as the app does. */
async function drive(dir: string, baseUrl: string, jobId: string, concurrency: number) {
  const { store, writer, texts, parts, profile, registry, close } = openDriving({
    dir,
    baseUrl,
    concurrency,
  });
  const rss = sampleRss();
  const startedAt = Date.now();
  const t0 = performance.now();
  const group = driveJob({
    store,
    writer,
    jobId,
    controls: registry,
    // As the app sizes it (create-service.ts): twice the backend's limit.
    window: concurrency * 2,
    order,
    launchRun: jobLauncher({ parts, registry, texts, jobId, profile, owner: 'bench' }),
  });
  const end = await group.ended;
  const wallMs = performance.now() - t0;
  rss.stop();
  const result: DriveResult = {
    state: end.state,
    launched: end.ran,
    wallMs,
    startedAt,
    endedAt: Date.now(),
    peakRssMb: rss.peakRss / 2 ** 20,
    maxRssMb: maxRssMb(),
  };
  writeResult(result);
  await close();
}

async function runDriver(dir: string, baseUrl: string, jobId: string, concurrency: number) {
  const { result } = await spawnDriving<DriveResult>({
    script: import.meta.filename,
    args: [
      ...['--dir', dir, '--base-url', baseUrl, '--job', jobId],
      ...['--concurrency', String(concurrency), '--speed', String(speed), '--order', order],
      ...['--decode-scale', String(decodeScale)],
    ],
  });
  if (!result) throw new Error('the driving process ended without its result');
  return result;
}

/**
 * Each run's requests as one chain, the chains in the order they started. A chunk request names
 * its document (SUP-d) and question; a final request names only its question, and follows at
 * once the last chunk reply of its run: it joins the chain of that question which has read all
 * its chunks and whose last reply came latest before it.
 */
function chainsOf(
  calls: readonly SimCall[],
  chunksOf: readonly number[],
): { chains: ReplayCall[][]; documentOf: number[] } {
  const runs = new Map<string, { d: number; calls: SimCall[]; final?: SimCall }>();
  const sorted = [...calls].sort((a, b) => a.receivedAt - b.receivedAt);
  for (const c of sorted) {
    if (c.section === undefined) continue;
    const d = Number(/SUP-(\d+)/.exec(c.section)?.[1] ?? -1);
    const key = `${d}\n${c.question}`;
    let run = runs.get(key);
    if (!run) runs.set(key, (run = { d, calls: [] }));
    run.calls.push(c);
  }
  for (const c of sorted) {
    if (c.section !== undefined) continue;
    let best: { calls: SimCall[]; final?: SimCall } | undefined;
    let bestAt = -Infinity;
    for (const [key, run] of runs) {
      if (run.final || !key.endsWith(`\n${c.question}`)) continue;
      const last = run.calls.at(-1) as SimCall;
      const at = last.finishedAt ?? last.receivedAt;
      if (at <= c.receivedAt && at > bestAt && run.calls.length === chunksOf[run.d])
        [best, bestAt] = [run, at];
    }
    if (best) best.final = c;
  }
  const ordered = [...runs.values()].sort(
    (a, b) => (a.calls[0] as SimCall).receivedAt - (b.calls[0] as SimCall).receivedAt,
  );
  return {
    chains: ordered.map((r) =>
      [...r.calls, ...(r.final ? [r.final] : [])].map((c) => ({
        promptTokens: c.promptTokens,
        pacedTokens: c.pacedTokens,
      })),
    ),
    documentOf: ordered.map((r) => r.d),
  };
}

interface Measure {
  concurrency: number;
  result: DriveResult;
  requests: number;
  unmatched: number;
  promptTokens: number;
  pacedTokens: number;
  idealMs: number;
  idealLongestFirstMs: number;
  /** From the drive's start to the first request, first request to last reply, then to the end. */
  beforeFirstMs: number;
  simSpanMs: number;
  afterLastMs: number;
  /** Each document's chunks, as the runs cut it. */
  chunks: number[];
  statuses: Record<string, number>;
  incomplete: number;
}

async function measure(concurrency: number): Promise<Measure> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-review-scale-'));
  const sim = await startChildSim({ latency: BENCH_MODEL, tokenCounting: 'approx' });
  try {
    const jobId = await setUp(dir, sim.baseUrl, concurrency);
    const result = await runDriver(dir, sim.baseUrl, jobId, concurrency);
    // The table as every view reads it: each cell answered (or 'not stated'), read in full.
    const store = openStore(dir);
    const matrix = reviewMatrix(store, jobId);
    store.close();
    const chunks = matrix.documents.map(
      (doc) => matrix.cells.find((c) => c.documentId === doc.id)?.coverage.chunks ?? 0,
    );
    const calls = await sim.calls();
    const { chains } = chainsOf(calls, chunks);
    const first = Math.min(...calls.map((c) => c.receivedAt));
    const last = Math.max(...calls.map((c) => c.finishedAt ?? c.receivedAt));
    const matched = chains.reduce((n, c) => n + c.length, 0);
    const work = (c: readonly ReplayCall[]) => c.reduce((s, x) => s + x.promptTokens, 0);
    const longestFirst = [...chains].sort((a, b) => work(b) - work(a));
    const statuses: Record<string, number> = {};
    for (const cell of matrix.cells) statuses[cell.status] = (statuses[cell.status] ?? 0) + 1;
    return {
      concurrency,
      result,
      requests: calls.length,
      unmatched: calls.length - matched,
      promptTokens: calls.reduce((s, c) => s + c.promptTokens, 0),
      pacedTokens: calls.reduce((s, c) => s + c.pacedTokens, 0),
      idealMs: replayLatency(chains, concurrency, BENCH_MODEL),
      beforeFirstMs: first - result.startedAt,
      simSpanMs: last - first,
      afterLastMs: result.endedAt - last,
      idealLongestFirstMs: replayLatency(longestFirst, concurrency, BENCH_MODEL),
      chunks,
      statuses,
      incomplete: matrix.cells.filter((c) => !c.coverage.complete).length,
    };
  } finally {
    await sim.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same review on the latency model alone at the H100's real speed, with memories as a real
 * model writes them (`--memory-tokens` a step, where sim-llm writes a few dozen): decode, not
 * prefill, then bounds each step, so a run's length is its document's chunks × a step, and the
 * order the runs start in decides the tail. Replays the job's order (row-major, documents as
 * given) and longest document first at each concurrency. Minutes.
 */
function onPaper(): void {
  const memory = Number(values['memory-tokens']);
  const chainFor = (chunks: number): ReplayCall[] => [
    ...Array.from({ length: chunks }, () => ({
      promptTokens: 5000 + memory + 300,
      pacedTokens: memory,
    })),
    { promptTokens: memory + 300, pacedTokens: 60 },
  ];
  const jobOrder = chunkCounts.flatMap((chunks) => QUESTIONS.map(() => chainFor(chunks)));
  const longestFirst = [...jobOrder].sort((a, b) => b.length - a.length);
  const min = (ms: number) => (ms / 60_000).toFixed(1);
  console.log(
    `on paper: h100-14b at its own speed, memories of ${memory} tokens a step; documents of ${chunkCounts.join(', ')} chunks × ${QUESTIONS.length} questions`,
  );
  for (const c of concurrencies) {
    const job = replayLatency(jobOrder, c, H100_14B);
    const longest = replayLatency(longestFirst, c, H100_14B);
    console.log(
      `  concurrency ${String(c).padStart(3)}: job order ${min(job)} min, longest document first ${min(longest)} min (${((job / longest - 1) * 100).toFixed(0)}% longer in job order)`,
    );
  }
}

if (values['on-paper']) {
  onPaper();
} else if (values.role === 'drive') {
  await drive(
    values.dir as string,
    values['base-url'] as string,
    values.job as string,
    Number(values.concurrency),
  );
} else {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(
    `review-scale benchmark — ${new Date().toISOString()} — ${os.cpus()[0]?.model ?? 'cpu'} ×${os.cpus().length}, Node ${process.version}, load average ${load()}`,
  );
  console.log(
    `${chunkCounts.length} documents of ${chunkCounts.join(', ')} chunks (≤${SETTINGS.chunkTokens} qwen tokens) × ${QUESTIONS.length} questions = ${chunkCounts.length * QUESTIONS.length} cells; latency model h100-14b × ${speed}${decodeScale !== 1 ? `, decode ÷ ${decodeScale}` : ''} (prefill ${BENCH_MODEL.prefillTokensPerSec}/s shared, decode ${BENCH_MODEL.decodeTokensPerSec}/s a sequence, ${BENCH_MODEL.aggregateDecodeTokensPerSec}/s in all, ${BENCH_MODEL.overheadMs} ms a request); window 2 × concurrency; launched ${order === 'job' ? "in the job's order" : 'most chunks left first'}`,
  );
  let failed = false;
  for (const concurrency of concurrencies) {
    const m = await measure(concurrency);
    const answered = (m.statuses.answered ?? 0) + (m.statuses.not_stated ?? 0);
    const cells = chunkCounts.length * QUESTIONS.length;
    console.log(
      `concurrency ${String(concurrency).padStart(3)}: wall ${s(m.result.wallMs)} s, ideal ${s(m.idealMs)} s, ratio ${(m.result.wallMs / m.idealMs).toFixed(3)} (ideal longest run first ${s(m.idealLongestFirstMs)} s, wall / that ${(m.result.wallMs / m.idealLongestFirstMs).toFixed(3)}); first request after ${s(m.beforeFirstMs)} s, simulator busy ${s(m.simSpanMs)} s, end ${s(m.afterLastMs)} s after the last reply; peak RSS ${m.result.peakRssMb.toFixed(0)} MB sampled, max RSS ${m.result.maxRssMb.toFixed(0)} MB; ${m.requests} requests (${(m.promptTokens / 1e6).toFixed(2)} M prompt tokens, ${m.pacedTokens.toLocaleString('en-US')} paced output tokens${m.unmatched ? `, ${m.unmatched} not matched to a run` : ''}); job ${m.result.state}, cells ${JSON.stringify(m.statuses)}, ${m.incomplete} not read in full; load ${load()}`,
    );
    if (concurrency === concurrencies[0]) console.log(`chunks as cut: ${m.chunks.join(', ')}`);
    if (answered !== cells || m.incomplete > 0) failed = true;
  }
  if (failed) {
    console.log('FAILED: not every cell was answered and read in full');
    process.exitCode = 1;
  }
}

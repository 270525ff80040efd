// The review's read model on a full table: 50 documents × 20 questions (1,000 cells) in a real
// library file, every cell answered with its chunks (pages), memories, evidence and a tenth of
// them re-read once (a history entry) — how long `reviewMatrix` takes to read the whole table,
// the first time (cold statements and pages) and then (the table refreshed as cells end); and
// the live feed's read, `reviewCells`, of 8 and of 200 cells' runs (a push of the cells reading
// at a backend's concurrency, and of a fifth of the table).
// Prints figures, asserts nothing.
// `npm exec -- node bench/review-matrix.ts [--documents 50] [--questions 20] [--chunks 30] [--reads 20]`
import os from 'node:os';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import type { ReviewQuestion } from '../shared/review.ts';
import { openStore } from '../electron/core/store/store.ts';
import { writeTransaction } from '../electron/core/store/write-transaction.ts';
import { rerunCells } from '../electron/core/use-cases/review-cells.ts';
import { createReview } from '../electron/core/use-cases/review-create.ts';
import { reviewCells, reviewMatrix } from '../electron/core/use-cases/review-matrix.ts';
import {
  openReviewLibrary,
  REVIEW_SETTINGS,
} from '../electron/core/use-cases/review.test-support.ts';

const { values } = parseArgs({
  options: {
    documents: { type: 'string', default: '50' },
    questions: { type: 'string', default: '20' },
    chunks: { type: 'string', default: '30' },
    reads: { type: 'string', default: '20' },
  },
});
const [documents, questionCount, chunkCount, reads] = [
  values.documents,
  values.questions,
  values.chunks,
  values.reads,
].map(Number) as [number, number, number, number];

const lib = openReviewLibrary();
const MEMORY =
  'The supplier agreement says the governing law is that of England and Wales. '.repeat(8);
const questions: ReviewQuestion[] = Array.from({ length: questionCount }, (_, q) => ({
  id: `q${q}`,
  text: `Question ${q}: what does the contract say about clause ${q}?`,
  kind: q % 2 === 0 ? 'yes_no' : 'text',
  ...(q % 3 === 0 ? { expected: 'yes' } : {}),
}));
const documentIds = Array.from({ length: documents }, (_, d) =>
  lib.addDocument(`contract-${d}`, `Contract ${d}. `.repeat(100), chunkCount * 10),
);

/** Wall and CPU milliseconds of `fn` (CPU: this process's user + system time, which a busy shared machine inflates less). */
function timed<T>(fn: () => T): { value: T; wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const value = fn();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { value, wall, cpu: (cpu.user + cpu.system) / 1000 };
}

const created = timed(() =>
  createReview(lib.parts, {
    title: 'Bench review',
    checklist: { name: 'Bench', questions },
    documentIds,
    profile: lib.profile,
    settings: REVIEW_SETTINGS,
    origin: 'cli',
  }),
);
const jobId = created.value;

/** Every run of the job finished as the journal leaves it. */
function finishAll() {
  const { store } = lib;
  writeTransaction(store.db, () => {
    for (const { id, status } of store.jobs.runs(jobId)) {
      if (status === 'done') continue;
      store.runs.setChunks(
        id,
        Array.from({ length: chunkCount }, (_, index) => ({
          index,
          start: index * 1000,
          end: index * 1000 + 1000,
          tokens: 250,
          pages: { first: index * 10 + 1, last: index * 10 + 10 },
          section: `Part ${index}`,
        })),
      );
      for (let chunk = 0; chunk < chunkCount; chunk += 1) {
        store.runs.saveMemory(id, {
          chunk,
          memory: MEMORY,
          usage: { promptTokens: 1200, completionTokens: 180 },
          ms: 900,
          kept: false,
        });
      }
      store.runs.saveAnswer(id, {
        answer: 'Yes, the liability is capped at twice the annual fees.',
        response: 'Yes, the liability is capped at twice the annual fees.',
        usage: { promptTokens: 1200, completionTokens: 40 },
        ms: 400,
        cut: false,
      });
      store.runs.setEvidence(
        id,
        [0, 1, 2].map((i) => ({
          chunk: i * 5,
          start: i * 5000 + 10,
          end: i * 5000 + 120,
          page: i * 50 + 3,
          pageLabel: null,
          section: `Part ${i * 5}`,
          quote: 'liability shall not exceed twice the fees paid in the preceding twelve months',
          score: 0.8,
          by: 'both' as const,
        })),
      );
      store.runs.setStatus(id, 'done', { finishedAt: Date.now(), error: null });
    }
  })();
}

finishAll();
// A tenth of the cells read again (a column and a half), so they carry a history entry.
for (let q = 0; q < Math.ceil(questionCount / 10); q += 1) {
  rerunCells(lib.parts, jobId, { questionId: `q${q}` }, { origin: 'cli' });
}
finishAll();
lib.store.close();

// A fresh connection: the first read prepares its statements and reads its pages from the file.
const store = openStore(lib.dir);
const cold = timed(() => reviewMatrix(store, jobId));
const first = cold.value;
const walls: number[] = [];
const cpus: number[] = [];
for (let i = 0; i < reads; i += 1) {
  const t = timed(() => reviewMatrix(store, jobId));
  walls.push(t.wall);
  cpus.push(t.cpu);
}
// The feed's read: the cells of some runs, with the review's counts.
const runIds = first.cells.flatMap((c) => (c.runId === undefined ? [] : [c.runId]));
const deltas = [8, 200].map((n) => {
  const picked = runIds.filter((_, i) => i % Math.floor(runIds.length / n) === 0).slice(0, n);
  const dw: number[] = [];
  const dc: number[] = [];
  for (let i = 0; i < reads; i += 1) {
    const t = timed(() => reviewCells(store, jobId, () => picked));
    if (t.value.cells.length !== n) throw new Error(`read ${t.value.cells.length} cells, not ${n}`);
    dw.push(t.wall);
    dc.push(t.cpu);
  }
  return { n, dw, dc };
});
const median = (xs: number[]) =>
  ([...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0).toFixed(1);
const least = (xs: number[]) => Math.min(...xs).toFixed(1);
const cells = first.cells.length;
const history = first.cells.reduce((n, c) => n + c.history.length, 0);
const pages = store.db.prepare('PRAGMA page_count').pluck().get() as number;
const pageSize = store.db.prepare('PRAGMA page_size').pluck().get() as number;
const [load] = os.loadavg();
console.log(
  `${documents} documents × ${questionCount} questions = ${cells} cells (${history} with a history entry), ${chunkCount} chunks each, library ${((pages * pageSize) / 1e6).toFixed(1)} MB; load average ${load?.toFixed(1)} on ${os.availableParallelism()} cores`,
);
console.log(
  `createReview (${cells} runs queued, one transaction): wall ${created.wall.toFixed(0)} ms, CPU ${created.cpu.toFixed(0)} ms`,
);
console.log(
  `reviewMatrix first read (new connection): wall ${cold.wall.toFixed(1)} ms, CPU ${cold.cpu.toFixed(1)} ms`,
);
console.log(
  `reviewMatrix then, ${reads} reads: wall median ${median(walls)} ms (least ${least(walls)}), CPU median ${median(cpus)} ms (least ${least(cpus)})`,
);
for (const { n, dw, dc } of deltas)
  console.log(
    `reviewCells of ${n} cells' runs, ${reads} reads: wall median ${median(dw)} ms (least ${least(dw)}), CPU median ${median(dc)} ms (least ${least(dc)})`,
  );
store.close();
lib.close();

// A small review read end to end: created with its cells queued, driven by driveJob like any job
// (through the same launcher the job tests use: the run registry journalling into the library,
// the simulator on loopback), then read as a table from what the runs stored.
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { paragraphChunks } from '../agent/test-support.ts';
import { fixtureLauncher, fixtureText, JOB_SETTINGS } from './job-fixture.test-support.ts';
import { driveJob } from './job-group.ts';
import { rerunCells } from './review-cells.ts';
import { createReview } from './review-create.ts';
import { reviewMatrix } from './review-matrix.ts';
import { openReviewLibrary, type ReviewLibrary } from './review.test-support.ts';

let sim: SimServer;
let lib: ReviewLibrary;
beforeEach(async () => {
  sim = await startSimLlm();
  lib = openReviewLibrary(sim.baseUrl);
});
afterEach(async () => {
  lib.close();
  await sim.close();
});

const CHUNKS = 4;
const QUESTIONS: ReviewQuestion[] = [
  { id: 'code', text: 'What is the vault code?', kind: 'number' },
  { id: 'mill', text: 'What bends twice before the mill?', kind: 'text' },
];

/** Documents as the fixture launcher reads them: doc-D-X, its text made again from D. */
function fixtureDocuments(count: number): string[] {
  const tag = randomUUID();
  return Array.from({ length: count }, (_, d) => {
    const id = `doc-${d}-${tag}`;
    lib.store.documents.upsert({
      id,
      fileName: `doc${d}.txt`,
      format: 'text',
      title: `doc${d}`,
      chars: fixtureText(d, CHUNKS).length,
      openedAt: Date.now(),
      warnings: [],
      textKey: id,
    });
    return id;
  });
}

// The chunking made up front, as the CLI makes it before it stores the runs.
const chunksOf = (id: string) => paragraphChunks(fixtureText(Number(id.split('-')[1]), CHUNKS), 3);

async function drive(jobId: string) {
  const launcher = fixtureLauncher(lib.store, sim.baseUrl, 2);
  const group = driveJob({
    store: lib.store,
    writer: lib.writer,
    jobId,
    launchRun: launcher.launchRun,
    controls: launcher.registry,
    window: 2,
  });
  return { group, end: await group.ended };
}

it('reads a 2 × 2 review as one job and shows every cell answered, read in full', async () => {
  const documentIds = fixtureDocuments(2);
  const jobId = createReview(lib.parts, {
    title: 'Two buildings',
    checklist: { name: 'Vaults', questions: QUESTIONS },
    documentIds,
    profile: lib.profile,
    settings: JOB_SETTINGS,
    origin: 'cli',
    chunksOf,
  });
  expect(reviewMatrix(lib.store, jobId).cells.map((c) => c.status)).toEqual(
    Array(4).fill('queued'),
  );

  const { group, end } = await drive(jobId);
  expect(end).toEqual({ state: 'done', ran: 4 });
  expect(group.runIds).toHaveLength(4);

  const matrix = reviewMatrix(lib.store, jobId);
  expect(matrix.review).toMatchObject({ state: 'done', counts: { cells: 4, done: 4 } });
  const codes = matrix.cells.filter((c) => c.questionId === 'code');
  expect(codes.map((c) => c.status)).toEqual(['answered', 'answered']);
  expect(codes.map((c) => c.answer)).toEqual([
    expect.stringContaining('4700'),
    expect.stringContaining('4701'),
  ]);
  for (const cell of matrix.cells) {
    expect(cell.coverage).toEqual({ chunksRead: CHUNKS, chunks: CHUNKS, complete: true });
    // Evidence is what the run stored when it ended, never found again here.
    expect(cell.evidence).toEqual(
      (lib.store.runs.evidence(cell.runId as string) ?? []).map((e) =>
        expect.objectContaining({ quote: e.quote }),
      ),
    );
  }
  expect(codes.every((c) => c.evidence.some((e) => /vault code/.test(e.quote)))).toBe(true);
  expect(sim.requests.length).toBe(4 * (CHUNKS + 1) + quoteRequests());

  // A column read again: only its two cells are read by the next drive; the rest are kept.
  const before = sim.requests.length;
  const quotesBefore = quoteRequests();
  const rerun = rerunCells(lib.parts, jobId, { questionId: 'code' }, { origin: 'cli', chunksOf });
  const again = await drive(jobId);
  expect(again.end).toEqual({ state: 'done', ran: 2 });
  expect(again.group.runIds).toEqual(rerun);
  const after = reviewMatrix(lib.store, jobId);
  expect(after.cells.map((c) => c.status)).toEqual(Array(4).fill('answered'));
  expect(after.cells.map((c) => c.runId)).toEqual([
    rerun[0],
    matrix.cells[1]?.runId,
    rerun[1],
    matrix.cells[3]?.runId,
  ]);
  expect(after.cells[0]?.history.map((h) => [h.runId, h.answer])).toEqual([
    [codes[0]?.runId, codes[0]?.answer],
  ]);
  expect(sim.requests.length - before).toBe(2 * (CHUNKS + 1) + quoteRequests() - quotesBefore);
});

/** Requests of the quote check, if the runs made any (not chunk or final prompts). */
function quoteRequests(): number {
  return sim.requests.filter((r) => {
    const prompt = (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '';
    return !prompt.includes('<problem>');
  }).length;
}

// The review table's calls (reviews:list/get/rerun/export) and its live feed (`review:cells`):
// a review made in the library, driven by the app as its job, pushed cell by cell to every
// window; a column read again keeps its earlier readings; a report saved where the user chose.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Events } from '../../../shared/api.ts';
import type { ReviewCell, ReviewQuestion } from '../../../shared/review.ts';
import { seedReview } from './review-seed.test-support.ts';
import {
  SMALL_CHUNKS,
  bookText,
  startHarness,
  useSimProfile,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const QUESTIONS: ReviewQuestion[] = [
  { id: 'code', text: 'What is the vault code?', kind: 'number', expected: '4711' },
  { id: 'who', text: 'Who set the vault code?', kind: 'party' },
];

const ENDED = new Set<ReviewCell['status']>(['answered', 'not_stated', 'no_answer', 'cut']);

/** Opens two books, seeds a 2 × 2 review over them and returns its id and documents. */
async function twoByTwo(harness: Harness) {
  const documentIds: string[] = [];
  for (const [name, paragraphs] of [
    ['north', 30],
    ['south', 20],
  ] as const) {
    const file = path.join(harness.dir, `${name}.txt`);
    fs.writeFileSync(file, bookText(paragraphs));
    documentIds.push((await harness.ok('documents:open', { path: file })).id);
  }
  const profileId = await useSimProfile(harness);
  const reviewId = seedReview(harness.dir, {
    title: 'Two vaults',
    checklistName: 'Vaults',
    documentIds,
    questions: QUESTIONS,
    profileId,
    settings: SMALL_CHUNKS,
  });
  return { reviewId, documentIds };
}

/** The cells as the window knows them: the table read once, then every push applied. */
function patched(harness: Harness, start: readonly ReviewCell[], reviewId: string): ReviewCell[] {
  const cells = new Map(start.map((c) => [`${c.documentId}\n${c.questionId}`, c]));
  for (const e of harness.emitted) {
    if (e.name !== 'review:cells') continue;
    const payload = e.payload as Events['review:cells'];
    if (payload.review.id !== reviewId) continue;
    for (const c of payload.cells) cells.set(`${c.documentId}\n${c.questionId}`, c);
  }
  return [...cells.values()];
}

const allEnded = (p: Events['review:cells'], reviewId: string, total: number) =>
  p.review.id === reviewId && p.review.counts.done === total && p.review.state === 'done';

it('a review driven by the app fills its table through pushes that match the stored table', async () => {
  h = await startHarness();
  const { reviewId } = await twoByTwo(h);
  const [listed] = await h.ok('reviews:list', {});
  expect(listed).toMatchObject({
    id: reviewId,
    title: 'Two vaults',
    checklistName: 'Vaults',
    documents: 2,
    questions: 2,
  });
  expect(listed?.counts).toMatchObject({ cells: 4, queued: 4 });
  const first = await h.ok('reviews:get', { reviewId });
  expect(first.cells.map((c) => c.status)).toEqual(Array(4).fill('queued'));

  await h.ok('jobs:continue', { jobId: reviewId });
  await h.waitFor('review:cells', (p) => allEnded(p, reviewId, 4));
  const stored = await h.ok('reviews:get', { reviewId });
  expect(stored.cells.every((c) => ENDED.has(c.status) && c.coverage.complete)).toBe(true);
  // What the window built from the pushes is the stored table, cell for cell.
  expect(patched(h, first.cells, reviewId)).toEqual(stored.cells);
  // A cell is pushed while it is being read, with the chunks read so far.
  const pushes = h.emitted.filter((e) => e.name === 'review:cells');
  expect(pushes.every((e) => e.target === undefined)).toBe(true);
  expect(
    pushes.some((e) =>
      (e.payload as Events['review:cells']).cells.some(
        (c) => c.status === 'reading' && c.coverage.chunksRead > 0,
      ),
    ),
  ).toBe(true);
  const codes = stored.cells.filter((c) => c.questionId === 'code');
  expect(codes.map((c) => c.display)).toEqual(['4,711', '4,711']);
  expect(codes.map((c) => c.disagrees)).toEqual([false, false]);
});

it('a column read again keeps the earlier readings, and only its cells are pushed', async () => {
  const harness = await startHarness();
  h = harness;
  const { reviewId } = await twoByTwo(h);
  await h.ok('jobs:continue', { jobId: reviewId });
  await h.waitFor('review:cells', (p) => allEnded(p, reviewId, 4));
  const before = await h.ok('reviews:get', { reviewId });
  const pushedBefore = h.emitted.length;

  const runIds = await h.ok('reviews:rerun', { reviewId, target: { questionId: 'who' } });
  expect(runIds).toHaveLength(2);
  // The review done, and the window's copy holds the new readings (their last push may have
  // come before the one that says the review is done).
  await h.waitFor(
    'review:cells',
    (p) =>
      allEnded(p, reviewId, 4) &&
      patched(harness, before.cells, reviewId).some(
        (c) => c.runId === runIds[1] && ENDED.has(c.status),
      ),
  );
  const after = await h.ok('reviews:get', { reviewId });
  const who = after.cells.filter((c) => c.questionId === 'who');
  expect(who.map((c) => c.runId)).toEqual(runIds);
  expect(who.map((c) => c.history.map((e) => e.runId))).toEqual(
    before.cells.filter((c) => c.questionId === 'who').map((c) => [c.runId]),
  );
  // The other column was not read again, and no push carried its cells.
  expect(after.cells.filter((c) => c.questionId === 'code')).toEqual(
    before.cells.filter((c) => c.questionId === 'code'),
  );
  const later = h.emitted
    .slice(pushedBefore)
    .filter((e) => e.name === 'review:cells')
    .flatMap((e) => (e.payload as Events['review:cells']).cells);
  expect(later.length).toBeGreaterThan(0);
  expect(later.every((c) => c.questionId === 'who')).toBe(true);
});

it('a cell being read is not read again; a report is saved where the user chose', async () => {
  h = await startHarness({ sim: { latency: 'h100-14b' } });
  const { reviewId, documentIds } = await twoByTwo(h);
  await h.ok('jobs:continue', { jobId: reviewId });
  const reading = await h.waitFor('review:cells', (p) =>
    p.cells.some((c) => c.status === 'reading'),
  );
  const cell = reading.cells.find((c) => c.status === 'reading') as ReviewCell;
  const refused = await h.call('reviews:rerun', {
    reviewId,
    target: { documentId: cell.documentId, questionId: cell.questionId },
  });
  expect(refused).toMatchObject({
    ok: false,
    error: { kind: 'BadUsage', hint: 'Cancel its run first, then read it again.' },
  });
  await h.ok('jobs:cancel', { jobId: reviewId });
  await h.waitFor('job:updated', (j) => j.id === reviewId && j.state === 'cancelled' && !j.live);

  const saved = await h.ok('reviews:export', { reviewId, format: 'csv' });
  expect(saved?.path).toBe(path.join(h.dir, 'two-vaults-review.csv'));
  const csv = fs.readFileSync(saved?.path as string, 'utf8');
  expect(csv).toContain('What is the vault code?');
  expect(documentIds).toHaveLength(2);
  expect(csv).toContain('north');
  // The saved report may be opened by the window that saved it, and by no other.
  expect(() =>
    h?.service.grants.require('w1', 'open-saved-export', saved?.path as string),
  ).not.toThrow();
  expect(() =>
    h?.service.grants.require('w2', 'open-saved-export', saved?.path as string),
  ).toThrow();
});

it('a cell read again while the review is still being read is read once the review’s drive ends', async () => {
  h = await startHarness({ sim: { latency: 'h100-14b' } });
  const { reviewId } = await twoByTwo(h);
  await h.ok('jobs:continue', { jobId: reviewId });
  const first = await h.waitFor(
    'review:cells',
    (p) => p.review.state === 'running' && p.cells.some((c) => ENDED.has(c.status)),
  );
  const done = first.cells.find((c) => ENDED.has(c.status)) as ReviewCell;
  const [runId] = await h.ok('reviews:rerun', {
    reviewId,
    target: { documentId: done.documentId, questionId: done.questionId },
  });
  // The cell's new reading, then the review's end: each pushed as it happens (a state change
  // goes out at once), so not necessarily in one push.
  await h.waitFor('review:cells', (p) =>
    p.cells.some((c) => c.runId === runId && ENDED.has(c.status)),
  );
  await h.waitFor('review:cells', (p) => allEnded(p, reviewId, 4));
  const after = await h.ok('reviews:get', { reviewId });
  const cell = after.cells.find(
    (c) => c.documentId === done.documentId && c.questionId === done.questionId,
  );
  expect(cell).toMatchObject({ runId, history: [{ runId: done.runId }] });
  expect(ENDED.has(cell?.status as ReviewCell['status'])).toBe(true);
});

// The review table's live feed through the IPC layer, on a real library and the simulator: a
// window that read the table in its locale (de-DE, ja-JP) sees dates, amounts and numbers in it,
// in the read and in every push, with `value` locale-free; the pushes carry only cells that
// changed, and laid over the first read with the renderer's merge (shared/review-cells.ts) they
// end as a fresh read of the stored table — also after a column is read again; a cell read again
// on an idle server is first pushed as queued (a state change goes out at once); a deleted run
// (from the history, or with its document) is pushed too, and the window's copy ends as a fresh
// read again.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import type { Events } from '../../../shared/api.ts';
import { cellAt, cellList, keepRows, keyCells, mergeCells } from '../../../shared/review-cells.ts';
import type { ReviewCell, ReviewQuestion } from '../../../shared/review.ts';
import { openStore } from '../store/store.ts';
import { reviewMatrix } from '../use-cases/review-matrix.ts';
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
  { id: 'start', text: 'What is the lease start date?', kind: 'date' },
  { id: 'cap', text: 'What is the liability cap?', kind: 'amount' },
  { id: 'code', text: 'What is the vault code?', kind: 'number' },
];

const ENDED = new Set<ReviewCell['status']>(['answered', 'not_stated', 'no_answer', 'cut']);

/** Three leases (each a few chunks long, its facts in the middle) × the three questions. */
async function leases(harness: Harness): Promise<string> {
  const documentIds: string[] = [];
  for (let d = 0; d < 3; d += 1) {
    const facts = `The lease start date is ${d + 1} March 2024. The liability cap is EUR ${250000 + d * 1000}.`;
    const text = bookText(16 + d * 6).replace('\n\n', `\n\n${facts}\n\n`);
    const file = path.join(harness.dir, `lease-${d}.txt`);
    fs.writeFileSync(file, text);
    documentIds.push((await harness.ok('documents:open', { path: file })).id);
  }
  return seedReview(harness.dir, {
    title: 'Leases',
    checklistName: 'Lease review',
    documentIds,
    questions: QUESTIONS,
    profileId: await useSimProfile(harness),
    settings: SMALL_CHUNKS,
  });
}

const allEnded = (p: Events['review:cells'], reviewId: string) =>
  p.review.id === reviewId &&
  p.review.counts.done === p.review.counts.cells &&
  p.review.state === 'done';

/**
 * The window's cells: `start` with the pushes from `from` on laid over it by the renderer's
 * merge; each pushed cell must differ from the window's copy (nothing is sent twice).
 */
function windowCells(harness: Harness, reviewId: string, start: readonly ReviewCell[], from = 0) {
  let cells = keyCells(start);
  let pushed = 0;
  for (const e of harness.emitted.slice(from)) {
    if (e.name !== 'review:cells') continue;
    const payload = e.payload as Events['review:cells'];
    if (payload.review.id !== reviewId) continue;
    for (const cell of payload.cells)
      expect(cell).not.toEqual(cellAt(cells, cell.documentId, cell.questionId));
    pushed += payload.cells.length;
    // As the renderer's store: the rows a push names, then its cells.
    if (payload.documents)
      cells = keepRows(
        cells,
        payload.documents.map((d) => d.id),
      );
    cells = mergeCells(cells, payload.cells);
  }
  return { cells, pushed };
}

/** A fresh read of the stored table, over a connection of its own. */
function freshRead(harness: Harness, reviewId: string, locale: string) {
  const store = openStore(harness.dir);
  try {
    return reviewMatrix(store, reviewId, { locale });
  } finally {
    store.close();
  }
}

const column = (cells: readonly ReviewCell[], questionId: string, field: 'display' | 'value') =>
  cells.filter((c) => c.questionId === questionId).map((c) => c[field]);

it('a window in de-DE gets its table and every push in its locale, and only cells that changed', async () => {
  h = await startHarness();
  const reviewId = await leases(h);
  const first = await h.ok('reviews:get', { reviewId, locale: 'de-DE' });
  expect(first.cells.map((c) => c.status)).toEqual(Array(9).fill('queued'));
  const pushesBefore = h.emitted.length;

  await h.ok('jobs:continue', { jobId: reviewId });
  const last = await h.waitFor('review:cells', (p) => allEnded(p, reviewId));

  const { cells, pushed } = windowCells(h, reviewId, first.cells, pushesBefore);
  const fresh = freshRead(h, reviewId, 'de-DE');
  expect(cells).toEqual(keyCells(fresh.cells));
  expect(last.review).toEqual(fresh.review);
  // The cells were sent as they changed (reading, a chunk further, answered), never the table
  // over again: each push a few cells, each cell more than once in all.
  expect(pushed).toBeGreaterThan(9);
  const sizes = h.emitted
    .slice(pushesBefore)
    .filter((e) => e.name === 'review:cells')
    .map((e) => (e.payload as Events['review:cells']).cells.length);
  expect(sizes.some((n) => n > 0 && n < 9)).toBe(true);

  // What a German user sees; the values stay the machine's.
  const shown = cellList(cells);
  expect(shown.every((c) => ENDED.has(c.status))).toBe(true);
  expect(column(shown, 'start', 'display')).toEqual([
    '1. März 2024',
    '2. März 2024',
    '3. März 2024',
  ]);
  expect(column(shown, 'start', 'value')).toEqual(['2024-03-01', '2024-03-02', '2024-03-03']);
  // Intl puts a no-break space before the euro sign in German.
  expect(column(shown, 'cap', 'display')).toEqual(
    ['250.000,00', '251.000,00', '252.000,00'].map((n) => `${n}\u00a0€`),
  );
  expect(column(shown, 'code', 'display')).toEqual(['4.711', '4.711', '4.711']);
  expect(column(shown, 'code', 'value')).toEqual(['4711', '4711', '4711']);

  // A Japanese window reads the same table in its own locale.
  const ja = await h.ok('reviews:get', { reviewId, locale: 'ja-JP' });
  expect(column(ja.cells, 'start', 'display')).toEqual([
    '2024年3月1日',
    '2024年3月2日',
    '2024年3月3日',
  ]);
  expect(column(ja.cells, 'start', 'value')).toEqual(column(shown, 'start', 'value'));
  // Without a locale: en-GB, as the reports of the command line read without one.
  const plain = await h.ok('reviews:get', { reviewId });
  expect(column(plain.cells, 'cap', 'display')).toEqual([
    '€250,000.00',
    '€251,000.00',
    '€252,000.00',
  ]);
  // A tag that is no locale is refused at the boundary.
  expect(await h.call('reviews:get', { reviewId, locale: 'not a locale' })).toMatchObject({
    ok: false,
    error: { kind: 'BadUsage' },
  });
});

it('a column read again reaches the window as its new cells only, in the window’s locale', async () => {
  const harness = await startHarness();
  h = harness;
  const reviewId = await leases(h);
  await h.ok('jobs:continue', { jobId: reviewId });
  await h.waitFor('review:cells', (p) => allEnded(p, reviewId));
  const before = await h.ok('reviews:get', { reviewId, locale: 'de-DE' });
  const pushesBefore = h.emitted.length;

  const runIds = await h.ok('reviews:rerun', { reviewId, target: { questionId: 'start' } });
  expect(runIds).toHaveLength(3);
  // The review done, and the window's copy holds the new readings (their last push may have
  // come before the one that says the review is done).
  const readAgain = () =>
    cellList(windowCells(harness, reviewId, before.cells, pushesBefore).cells).filter(
      (c) => runIds.includes(c.runId ?? '') && ENDED.has(c.status),
    ).length === 3;
  await h.waitFor('review:cells', (p) => allEnded(p, reviewId) && readAgain());
  const { cells } = windowCells(h, reviewId, before.cells, pushesBefore);
  const fresh = freshRead(h, reviewId, 'de-DE');
  expect(cells).toEqual(keyCells(fresh.cells));
  const after = cellList(cells);
  expect(column(after, 'start', 'display')).toEqual([
    '1. März 2024',
    '2. März 2024',
    '3. März 2024',
  ]);
  expect(after.filter((c) => c.questionId === 'start').map((c) => c.runId)).toEqual(runIds);
  // Only the column read again was pushed, its new runs among them.
  const later = h.emitted
    .slice(pushesBefore)
    .filter((e) => e.name === 'review:cells')
    .flatMap((e) => (e.payload as Events['review:cells']).cells);
  expect(later.every((c) => c.questionId === 'start')).toBe(true);
  expect(new Set(later.map((c) => c.runId))).toEqual(new Set(runIds));
});

it('a cell read again on an idle server is pushed as queued first, then reading', async () => {
  const harness = await startHarness();
  h = harness;
  const reviewId = await leases(h);
  await h.ok('jobs:continue', { jobId: reviewId });
  await h.waitFor('review:cells', (p) => allEnded(p, reviewId));
  const pushesBefore = h.emitted.length;

  const table = await h.ok('reviews:get', { reviewId });
  const target = { documentId: table.cells[0]!.documentId, questionId: 'code' };
  const [runId] = await h.ok('reviews:rerun', { reviewId, target });
  await h.waitFor('review:cells', (p) =>
    p.cells.some((c) => c.runId === runId && ENDED.has(c.status)),
  );
  // Every state the new run's cell went through, in the order the window was told.
  const states = h.emitted
    .slice(pushesBefore)
    .filter((e) => e.name === 'review:cells')
    .flatMap((e) => (e.payload as Events['review:cells']).cells)
    .filter((c) => c.runId === runId)
    .map((c) => c.status);
  expect(states[0]).toBe('queued');
  expect(states).toContain('reading');
  expect(ENDED.has(states[states.length - 1]!)).toBe(true);
});

it('a deleted run reaches the window: its cell shows what is left, and a removed document its row going', async () => {
  const harness = await startHarness();
  h = harness;
  const reviewId = await leases(h);
  await h.ok('jobs:continue', { jobId: reviewId });
  await h.waitFor('review:cells', (p) => allEnded(p, reviewId));
  // A column read again: each of its cells has an earlier reading.
  const reread = await h.ok('reviews:rerun', { reviewId, target: { questionId: 'start' } });
  await h.waitFor(
    'review:cells',
    (p) => allEnded(p, reviewId) && p.cells.some((c) => c.runId === reread[2]),
  );
  await h.waitFor('review:cells', (p) => allEnded(p, reviewId));
  const before = await h.ok('reviews:get', { reviewId, locale: 'de-DE' });
  const [first, second] = before.documents;
  const startCell = cellAt(keyCells(before.cells), first!.id, 'start')!;
  const capCell = cellAt(keyCells(before.cells), first!.id, 'cap')!;
  expect(startCell.history).toHaveLength(1);
  const pushesBefore = h.emitted.length;
  const pushedAfter = (from: number, match: (p: Events['review:cells']) => boolean) =>
    h!.waitFor(
      'review:cells',
      (p) => h!.emitted.slice(from).some((e) => e.payload === p) && match(p),
    );

  // The cell's current reading deleted from the history: it shows its earlier one.
  let from = h.emitted.length;
  await h.ok('runs:delete', { runId: startCell.runId! });
  await pushedAfter(from, (p) =>
    p.cells.some((c) => c.documentId === first!.id && c.questionId === 'start'),
  );
  // Its only reading deleted: the cell has nothing to show until it is read again.
  from = h.emitted.length;
  await h.ok('runs:delete', { runId: capCell.runId! });
  await pushedAfter(from, (p) =>
    p.cells.some((c) => c.documentId === first!.id && c.questionId === 'cap'),
  );
  let window = windowCells(harness, reviewId, before.cells, pushesBefore).cells;
  expect(window).toEqual(keyCells(freshRead(harness, reviewId, 'de-DE').cells));
  expect(cellAt(window, first!.id, 'start')).toMatchObject({
    runId: startCell.history[0]!.runId,
    history: [],
  });
  expect(cellAt(window, first!.id, 'cap')).toMatchObject({ status: 'cancelled', history: [] });
  expect(cellAt(window, first!.id, 'cap')?.runId).toBeUndefined();

  // A document removed from the library: its row leaves the window's table.
  from = h.emitted.length;
  await h.ok('documents:remove', { documentId: second!.id });
  const gone = await pushedAfter(from, (p) => p.documents !== undefined);
  expect(gone.documents?.map((d) => d.id)).toEqual(
    before.documents.filter((d) => d.id !== second!.id).map((d) => d.id),
  );
  window = windowCells(harness, reviewId, before.cells, pushesBefore).cells;
  const fresh = freshRead(harness, reviewId, 'de-DE');
  expect(window).toEqual(keyCells(fresh.cells));
  expect(gone.documents).toEqual(fresh.documents);
  expect(gone.review).toEqual(fresh.review);
});

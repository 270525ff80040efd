// The review table: a review of six documents (the 1,151-page book among them, 35+ chunks) × 8
// questions, seeded into the app's library as the command line or the new-review flow would
// make it, started from its table and filled in as its cells are read; a cell opened beside the
// table with its passage highlighted on the original page; filters; a column read again keeps
// its earlier readings; the keyboard; pictures in light and dark at two window sizes.
import { existsSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { Events } from '../shared/api.ts';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';
import type { ReviewQuestion } from '../shared/review.ts';
import { seedReview } from '../electron/core/ipc/review-seed.test-support.ts';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { BOOK, GPL } from './harness/corpus.ts';
import type { Harness } from './harness/harness.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { BOOK_QUESTION, shooter } from './harness/walk.ts';

const QUESTIONS: ReviewQuestion[] = [
  { id: 'law', text: 'Which law governs the agreement?', kind: 'party' },
  {
    id: 'watchman',
    text: 'Who was the night watchman of the harbour bridge?',
    kind: 'party',
    expected: 'Harald Brandvold',
  },
  { id: 'clonable', text: BOOK_QUESTION, kind: 'text' },
  { id: 'fee', text: 'What is the annual fee?', kind: 'amount' },
  { id: 'term', text: 'What is the term of the agreement?', kind: 'duration' },
  { id: 'cap', text: 'Is liability capped?', kind: 'yes_no' },
  { id: 'signed', text: 'When was the agreement signed?', kind: 'date' },
  { id: 'notice', text: 'How many days of notice are required?', kind: 'number' },
];

/** Four minutes of the bridge committee, each with its own facts. */
const MINUTES: [string, string][] = [
  ['minutes-north.pdf', 'The night watchman of the harbour bridge was named Ottilie Brandvold.'],
  ['minutes-south.pdf', 'This agreement is governed by the laws of England.'],
  ['minutes-east.pdf', 'This agreement is governed by the laws of Scotland.'],
  ['minutes-west.pdf', 'The annual fee is 12,000 euros, payable in advance.'],
];

const DONE = new Set(['answered', 'not_stated', 'no_answer', 'cut']);
const ended = (p: Events['review:cells'], cells: number) =>
  p.review.counts.done === cells && p.review.state === 'done';

describe.skipIf(!canRun || !existsSync(BOOK) || !existsSync(GPL))(
  'the review table (needs Chromium and ../shared/corpus)',
  () => {
    const b = useBrowser();

    test('fills in, opens a cell beside the table, filters, and a column read again keeps history', async () => {
      const h = await b.open({ viewport: { width: 1280, height: 800 } });
      const { page } = h;
      const { reviewId, documentIds } = await seed(h, b.file);
      const cells = 6 * QUESTIONS.length;

      // The list names it with its size; opening it shows the table, every cell queued.
      await nav(page, 'Reviews');
      const list = page.getByRole('table', { name: 'Reviews' });
      await list.getByText('6 documents × 8 questions').waitFor();
      await list.getByRole('button', { name: 'Open the review Bridge and book' }).click();
      const grid = page.getByRole('grid');
      await grid.waitFor();
      await expect(grid.getAttribute('aria-rowcount')).resolves.toBe('7');
      await expect(grid.getAttribute('aria-colcount')).resolves.toBe('9');
      await expect(page.locator('.rt-chip-queued').count()).resolves.toBeGreaterThan(0);

      // Start: the cells stream in as they are read, the book's with its chunks read so far.
      await page.getByRole('button', { name: 'Start', exact: true }).click();
      await h.waitForEvent(
        'review:cells',
        (p) => p.cells.some((c) => c.status === 'reading' && c.coverage.chunksRead > 0),
        240_000,
      );
      await h.waitForEvent('review:cells', (p) => ended(p, cells), 400_000);
      await page.getByText(`${cells}/${cells} cells read`).waitFor();
      await expect(page.locator('.rt-chip-queued, .rt-chip-reading').count()).resolves.toBe(0);
      const row = (name: string) => page.getByRole('row').filter({ hasText: name });
      const bookCell = row('cplusplus-annotations').getByRole('gridcell').nth(2);
      await expect(bookCell.getAttribute('aria-label')).resolves.toMatch(
        /read all (3\d|[4-9]\d) chunks, pp\. 1–1151/,
      );
      // Four files share one title: each row says its file.
      await expect(row('minutes-north.pdf').count()).resolves.toBe(1);
      await expect(
        row('minutes-north.pdf').getByRole('gridcell').nth(1).textContent(),
      ).resolves.toMatch(/Ottilie Brandvold/);
      await shots(page, 'review-table');

      // A cell opens beside the table: its answer, coverage, passage and the original page with
      // the passage highlighted.
      await bookCell.click();
      const panel = page.getByRole('complementary', { name: 'The cell opened' });
      await panel.getByRole('heading', { name: BOOK_QUESTION }).waitFor();
      await expect(panel.getByTestId('cell-coverage').textContent()).resolves.toMatch(
        /^read all \d+ chunks, pp\. 1–1151$/,
      );
      const passage = panel.locator('.cell-passages button.passage').first();
      await passage.waitFor({ timeout: 60_000 });
      await expect(passage.locator('.passage-quote').textContent()).resolves.not.toBe('');
      await expect(passage.locator('.passage-where').textContent()).resolves.toMatch(/^p\. \d+/);
      await panel.getByTestId('pdf-highlight').first().waitFor({ timeout: 60_000 });
      await shots(page, 'review-cell');

      // The keyboard: the grid moves its active cell, Enter opens it, Ctrl+C copies its answer.
      await grid.focus();
      const before = await grid.getAttribute('aria-activedescendant');
      await page.keyboard.press('ArrowLeft');
      const after = await grid.getAttribute('aria-activedescendant');
      expect(after).not.toBe(before);
      await page.keyboard.press('Enter');
      await panel.getByRole('heading', { name: QUESTIONS[1]!.text }).waitFor();

      // Ctrl+C copies the active cell's normalised answer and the page it rests on (the fee is
      // on page 7 of minutes-west, a PDF without printed labels).
      await h.page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const west = row('minutes-west.pdf');
      const feeCell = west.getByRole('gridcell').nth(3);
      await feeCell.click();
      await panel.getByRole('heading', { name: QUESTIONS[3]!.text }).waitFor();
      const fee = (await feeCell.locator('.rt-answer').textContent()) ?? '';
      expect(fee).toMatch(/12,?000/);
      await grid.focus();
      await page.keyboard.press('Control+c');
      await page.getByText('Copied the answer and its page.').waitFor();
      await expect(page.evaluate(() => navigator.clipboard.readText())).resolves.toBe(
        `${fee} — p. 7`,
      );

      // R reads the active cell again, after a confirmation: nothing is sent before the yes; then
      // the cell is read anew (a new request for its question reaches the server), and
      // the earlier answer stays in the cell's history.
      const sent = h.sim.requests.length;
      const pushedBefore = h.events.length;
      await page.keyboard.press('r');
      const confirm = page.getByRole('dialog', { name: 'Read again?' });
      await confirm.getByText('1 new run', { exact: false }).waitFor();
      expect(h.sim.requests.length).toBe(sent);
      await confirm.getByRole('button', { name: 'Read again' }).click();
      const westId = documentIds[5]!;
      const feeOf = (p: Events['review:cells']) =>
        p.cells.find((c) => c.documentId === westId && c.questionId === 'fee');
      await waitForEventAfter(
        h,
        pushedBefore,
        (p) => DONE.has(feeOf(p)?.status ?? '') && ended(p, cells),
      );
      // On its way the cell was waiting or reading again (queued, or already reading when the
      // idle server took it at once), never its earlier answer, and it ended answered.
      const feeStates = h.events
        .slice(pushedBefore)
        .flatMap((e) =>
          e.name === 'review:cells' ? [feeOf(e.payload as Events['review:cells'])?.status] : [],
        )
        .filter((status) => status !== undefined);
      expect(['queued', 'reading']).toContain(feeStates[0]);
      expect(feeStates.at(-1)).toBe('answered');
      expect(
        h.sim.requests.slice(sent).some((r) => r.raw.includes('What is the annual fee?')),
      ).toBe(true);
      const feeHistory = panel.getByRole('region', { name: 'Earlier readings' });
      await feeHistory.getByRole('listitem').filter({ hasText: fee }).waitFor();
      await expect(feeHistory.getByRole('listitem').count()).resolves.toBe(1);
      await expect(feeCell.locator('.rt-answer').textContent()).resolves.toBe(fee);

      // Filters: the documents whose watchman differs from the expected one (minutes-north's
      // Ottilie), then every "No answer" to that question.
      const bodyRows = page.locator('.rt-body [role="row"]');
      await page.getByLabel('Differs from expected').check();
      const differing = await bodyRows.count();
      expect(differing).toBeGreaterThan(0);
      expect(differing).toBeLessThan(6);
      for (let i = 0; i < differing; i += 1)
        await expect(bodyRows.nth(i).locator('.rt-differs:visible').count()).resolves.toBe(1);
      await expect(row('minutes-north.pdf').count()).resolves.toBe(1);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(bodyRows.count()).resolves.toBe(6);
      await page.getByLabel('Question the filters look at').selectOption('watchman');
      await page.getByLabel('Cell state to show').selectOption('no_answer');
      const shown = await bodyRows.count();
      expect(shown).toBeLessThan(6);
      expect(shown).toBeGreaterThan(0);
      const watchman = await bodyRows
        .locator('[role="gridcell"][aria-colindex="3"]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
      for (const label of watchman) expect(label).toMatch(/No answer/);
      await expect(row('minutes-north.pdf').count()).resolves.toBe(0);
      await shots(page, 'review-filtered');
      await page.getByRole('button', { name: 'Clear filters' }).click();

      // A column read again from its header menu: new runs, the earlier answers kept as history.
      const header = page
        .getByRole('columnheader')
        .filter({ hasText: 'Who was the night watchman' });
      await header.getByLabel(/^Menu of the question/).click();
      await header.getByRole('menuitem', { name: 'Read this question again…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Read again?' });
      await dialog.getByText('6 new runs').waitFor();
      const pushes = h.events.length;
      await dialog.getByRole('button', { name: 'Read again' }).click();
      await waitForEventAfter(h, pushes, (p) => ended(p, cells));
      const north = row('minutes-north.pdf');
      await north.getByRole('gridcell').nth(1).click();
      const history = panel.getByRole('region', { name: 'Earlier readings' });
      await history.waitFor();
      await expect(history.getByRole('listitem').count()).resolves.toBe(1);
      await expect(north.getByRole('gridcell').nth(1).textContent()).resolves.toMatch(
        /Ottilie Brandvold/,
      );
      const stored = await h.service.handlers['reviews:get']({ reviewId }, { senderId: 'test' });
      // The column's six cells have one earlier reading each; the fee cell read again above too.
      expect(
        stored.ok &&
          stored.value.cells
            .filter((c) => c.history.length > 0)
            .map((c) => `${c.questionId}:${c.history.length}`)
            .sort(),
      ).toEqual(['fee:1', ...Array<string>(6).fill('watchman:1')]);
      expect(
        stored.ok
          ? stored.value.cells.filter((c) => !DONE.has(c.status)).map((c) => [c.status, c.error])
          : stored,
      ).toEqual([]);

      // Transposed: questions down, documents across.
      await page.getByLabel('Questions down').check();
      await expect(grid.getAttribute('aria-rowcount')).resolves.toBe('9');
      await shots(page, 'review-transposed');
    }, 600_000);
  },
);

/**
 * Opens the six documents in the app's library and makes the review in it; returns its id and
 * the documents' ids (the book, the GPL, then the minutes north, south, east, west).
 */
async function seed(
  h: Harness,
  file: (name: string, bytes: Uint8Array) => string,
): Promise<{ reviewId: string; documentIds: string[] }> {
  const files = [
    BOOK,
    GPL,
    ...MINUTES.map(([name, needle], i) => file(name, makeReportPdf(10 + i * 3, 4 + i, needle))),
  ];
  const documentIds: string[] = [];
  for (const file of files) {
    const opened = await h.service.handlers['documents:open']({ path: file }, { senderId: 'test' });
    if (!opened.ok) throw new Error(opened.error.message);
    documentIds.push(opened.value.id);
  }
  const reviewId = seedReview(h.dataDir, {
    title: 'Bridge and book',
    checklistName: 'Harbour checklist',
    documentIds,
    questions: QUESTIONS,
    profileId: 'sim',
    // The book in 35+ chunks, as the other e2e tests read it.
    settings: { ...DEFAULT_RUN_SETTINGS, chunkTokens: 16_000, temperature: 0 },
  });
  return { reviewId, documentIds };
}

async function nav(page: Page, screen: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: screen })
    .click();
}

/** The first `review:cells` sent after the `from`-th event that matches (not an earlier one). */
async function waitForEventAfter(
  h: Harness,
  from: number,
  match: (p: Events['review:cells']) => boolean,
): Promise<void> {
  const earlier = new Set(h.events.slice(0, from).map((e) => e.payload));
  await h.waitForEvent('review:cells', (p) => !earlier.has(p) && match(p), 400_000);
}

/** The page as it is, at 1280×800 and 1024×700, in light and dark. */
async function shots(page: Page, name: string): Promise<void> {
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 1024, height: 700 },
    ]) {
      await page.setViewportSize(size);
      await page.evaluate(() => new Promise(requestAnimationFrame));
      await shooter(page, scheme)(`${name}-${size.width}x${size.height}`);
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 800 });
}

// The Jobs screen: three questions about the 1,151-page book asked together are one job, seen
// with live counts, paused, resumed, cancelled and continued to the end without reading a
// finished question again; a job whose app quit mid-way shows Interrupted with Continue. Then
// pictures of the screen with jobs in every state, at two window sizes, light and dark.
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seedReview } from '../electron/core/ipc/review-seed.test-support.ts';
import type { JobView } from '../shared/jobs.ts';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';
import type { ReviewQuestion } from '../shared/review.ts';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { BOOK } from './harness/corpus.ts';
import type { Harness } from './harness/harness.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog, showScreen, SLOW_SIM } from './harness/ui.ts';
import { BOOK_CHUNK_TOKENS, setChunkSize, shooter } from './harness/walk.ts';

const NEEDLE = 'The night watchman of the harbour bridge was named Ottilie Brandvold.';
const harbour = () => makeReportPdf(30, 22, NEEDLE);
const bookMissing = existsSync(BOOK) ? null : `the corpus has no ${path.basename(BOOK)}`;

const REVIEW_QUESTIONS: ReviewQuestion[] = [
  { id: 'watchman', text: 'Who was the night watchman of the harbour bridge?', kind: 'party' },
  { id: 'law', text: 'Which law governs the agreement?', kind: 'party' },
  { id: 'fee', text: 'What is the annual fee?', kind: 'amount' },
  { id: 'term', text: 'What is the term of the agreement?', kind: 'duration' },
  { id: 'cap', text: 'Is liability capped?', kind: 'yes_no' },
  { id: 'signed', text: 'When was the agreement signed?', kind: 'date' },
  { id: 'notice', text: 'How many days of notice are required?', kind: 'number' },
  { id: 'repairs', text: 'Who paid for the repairs?', kind: 'party' },
];

const BOOK_QUESTIONS = [
  'Who created an alternative implementation of the class Clonable as a class template?',
  'Which compilers does the book use for its examples?',
  'What does the book say about the keyword mutable?',
];

async function showJobs(page: Page): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Jobs' })
    .click();
  await page.getByRole('heading', { name: 'Jobs', level: 1 }).waitFor();
}

/** Types the questions (one a line) on the Jobs screen and asks them together. */
async function askTogether(page: Page, questions: readonly string[]): Promise<void> {
  await showJobs(page);
  const form = page.getByRole('form', { name: 'Ask several questions together' });
  await form.getByRole('textbox').fill(questions.join('\n'));
  await form.getByRole('button', { name: `Ask ${questions.length} questions together` }).click();
}

/** Opens `file` from the Library screen (whose list may hold a "Remove … library" button). */
async function reopen(h: Harness, file: string): Promise<void> {
  h.chooseNext(file);
  await showScreen(h.page, 'Library');
  await h.page.getByRole('button', { name: /Open document/ }).click();
}

/** The Jobs table's row of the job titled `title`. */
function jobRow(page: Page, title: string | RegExp): Locator {
  return page.getByRole('table', { name: 'Jobs' }).getByRole('row', { name: title });
}

/** The text of the row's cell under the column `column`. */
async function cell(row: Locator, column: string): Promise<string> {
  const headers = await row
    .page()
    .getByRole('table', { name: 'Jobs' })
    .getByRole('columnheader')
    .allTextContents();
  const at = headers.findIndex((h) => h.trim() === column);
  if (at < 0) throw new Error(`No column ${column} in ${headers.join(', ')}`);
  return ((await row.getByRole('cell').nth(at).textContent()) ?? '').trim();
}

/** Waits for the row's column to read `text`. */
async function waitForCell(row: Locator, column: string, text: string | RegExp): Promise<void> {
  await expect
    .poll(() => cell(row, column), { timeout: 120_000 })
    .toMatch(typeof text === 'string' ? new RegExp(`^${escape(text)}$`) : text);
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The chunks read and in all from the row's Progress ("412 of 1,050 chunks"). */
async function chunksOf(row: Locator): Promise<{ read: number; total: number }> {
  const m = /([\d,]+) of ([\d,]+)\+? chunks/.exec(await cell(row, 'Progress'));
  if (!m) return { read: 0, total: 0 };
  const n = (s: string | undefined) => Number((s ?? '').replace(/,/g, ''));
  return { read: n(m[1]), total: n(m[2]) };
}

/** Waits until the row's Progress shows more chunks read than `than`; returns them. */
async function chunksAbove(row: Locator, than: number): Promise<{ read: number; total: number }> {
  await expect
    .poll(async () => (await chunksOf(row)).read, { timeout: 120_000 })
    .toBeGreaterThan(than);
  return chunksOf(row);
}

/** The chat requests the simulator saw for `question` (each memory step and the answer). */
function requestsFor(h: Harness, question: string, from = 0): number {
  return h.sim.requests
    .slice(from)
    .filter((r) => r.raw.includes(JSON.stringify(question).slice(1, -1))).length;
}

/** The job's latest view the service sent. */
function lastView(h: Harness, jobId: string): JobView | undefined {
  return h.events
    .filter((e) => e.name === 'job:updated' && (e.payload as JobView).id === jobId)
    .map((e) => e.payload as JobView)
    .at(-1);
}

describe.skipIf(!canRun)('jobs', () => {
  const b = useBrowser();

  describe.skipIf(bookMissing !== null)(
    `the book${bookMissing ? ` (skipped: ${bookMissing})` : ''}`,
    () => {
      test(
        'three questions as one job: live counts, pause, resume, cancel, continue to the end',
        { timeout: 600_000 },
        async () => {
          const h = await b.open({ sim: SLOW_SIM });
          const { page } = h;
          await openWithDialog(h, BOOK);
          await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
          // The chunk size set on the Ask screen is the one the job reads with (35 chunks).
          await setChunkSize(page, BOOK_CHUNK_TOKENS);

          await askTogether(page, BOOK_QUESTIONS);
          const row = jobRow(page, '3 questions about cplusplus-annotations.pdf');
          await row.waitFor();
          const started = await h.waitForEvent('job:updated', (j) => j.state === 'running');
          const jobId = started.id;
          // Live counts: the three questions are read at once, chunk after chunk.
          await waitForCell(row, 'Progress', /\d reading/);
          await waitForCell(row, 'State', /Running/i);
          await h.waitForEvent(
            'run:event',
            (p) => p.event.type === 'chunk-done' && p.event.state.chunk >= 2,
          );
          const progressBefore = await cell(row, 'Progress');
          // Its chunks: three questions of the book's 35 chunks each, counted as they are read.
          const early = await chunksAbove(row, 0);
          expect(early.total).toBeGreaterThanOrEqual(3 * 30);
          const later = await chunksAbove(row, early.read);
          expect(later.total).toBe(early.total);
          expect(later.read).toBeLessThan(later.total);

          // Pause: every run stops after the chunk it is reading; nothing more is asked.
          await row.getByRole('button', { name: 'Pause' }).click();
          await waitForCell(row, 'State', /Paused/i);
          // Every question that was reading has stopped after its chunk (one may still be
          // waiting for a slot of the backend: it stays queued).
          await waitForCell(row, 'Progress', /^(?!.*reading).*paused/);
          await expect(row.getByRole('button', { name: 'Resume' }).isEnabled()).resolves.toBe(true);
          await expect(row.getByRole('button', { name: 'Pause' }).count()).resolves.toBe(0);
          const progressPaused = await cell(row, 'Progress');
          const asked = h.sim.requests.length;
          // Another look at the list (as after leaving the screen) shows the same counts.
          await showScreen(page, 'Library');
          await showJobs(page);
          await expect(cell(row, 'Progress')).resolves.toBe(progressPaused);
          await expect(cell(row, 'State')).resolves.toMatch(/Paused/i);
          expect(h.sim.requests.length).toBe(asked);
          expect(progressPaused).not.toBe('');
          expect(progressBefore).not.toBe('');

          // Resume: reading goes on.
          await row.getByRole('button', { name: 'Resume' }).click();
          await waitForCell(row, 'State', /Running/i);
          await h.waitForEvent('run:event', (p) => p.event.type === 'resumed');
          const resumedAt = h.sim.requests.length;
          await h.waitForEvent(
            'run:event',
            (p) => p.event.type === 'chunk-done' && h.sim.requests.length > resumedAt + 3,
          );

          // Cancel: the questions stop where they are; the job can be continued.
          await row.getByRole('button', { name: 'Cancel' }).click();
          await waitForCell(row, 'State', /Cancelled/i);
          const again = row.getByRole('button', { name: 'Continue' });
          await expect(again.isEnabled()).resolves.toBe(true);
          await expect(row.getByRole('button', { name: 'Pause' }).count()).resolves.toBe(0);
          await expect(row.getByRole('button', { name: 'Cancel' }).count()).resolves.toBe(0);

          // Continue: each question left goes on from its saved memory, not from chunk 1; one
          // answered before the cancel is not read again.
          const answeredBefore = Number(/^\d+/.exec(await cell(row, 'Done'))?.[0]);
          const before = h.sim.requests.length;
          await again.click();
          await waitForCell(row, 'State', /Done/i);
          await waitForCell(row, 'Done', '3 of 3');
          await expect(chunksOf(row)).resolves.toEqual({ read: later.total, total: later.total });
          // The title is the one button left: the way to the answers on the book's Ask screen.
          await expect(row.getByRole('button').count()).resolves.toBe(1);
          expect(lastView(h, jobId)?.counts.done).toBe(3);
          const after = BOOK_QUESTIONS.map((q) => requestsFor(h, q, before));
          expect(after.filter((n) => n === 0).length).toBe(answeredBefore);
          // From its saved chunk: fewer requests than the book's chunks (as the job counts them,
          // 35 or 36 a question as the chunker cuts it) and the answer.
          const perQuestion = later.total / BOOK_QUESTIONS.length;
          for (const n of after) expect(n).toBeLessThan(perQuestion + 1);
        },
      );
    },
  );

  test('one question of a job paused on its Ask screen: the job runs on, "1 paused"', async () => {
    const h = await b.open({ sim: SLOW_SIM });
    const { page } = h;
    // Long enough (40+ chunks a question) that no question ends before one is paused.
    await openWithDialog(h, b.file('harbour.pdf', makeReportPdf(80, 22, NEEDLE)));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await setChunkSize(page, 512);
    const questions = [
      'Who was the night watchman of the harbour bridge?',
      'In which season were traffic counts taken?',
      'Who paid for the repairs?',
    ];
    await askTogether(page, questions);
    const row = jobRow(page, '3 questions about harbour.pdf');
    await waitForCell(row, 'Progress', /\d reading/);
    await chunksAbove(row, 0);

    // The title leads to the answers: the document's Ask screen, where one question is paused.
    await row.getByRole('button', { name: '3 questions about harbour.pdf' }).click();
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await page
      .getByRole('navigation', { name: 'Questions' })
      .getByRole('button', { name: new RegExp(escape(questions[0] ?? '')) })
      .click();
    const selected = page.getByRole('region', { name: 'Selected question' });
    await selected.getByRole('button', { name: 'Pause' }).click();
    const paused = await h.waitForEvent('run:event', (p) => p.event.type === 'paused');
    await selected.getByText(/^Paused after chunk \d+ of \d+$/).waitFor();

    // The job is still running: its other questions read on, and its progress still moves.
    await showJobs(page);
    await waitForCell(row, 'State', /Running/i);
    await waitForCell(row, 'Progress', /1 paused/);
    await waitForCell(row, 'Progress', /2 reading/);
    await expect(row.getByRole('button', { name: 'Pause' }).count()).resolves.toBe(1);
    const { read } = await chunksOf(row);
    await h.waitForEvent(
      'run:event',
      (p) => p.event.type === 'chunk-done' && p.event.runId !== paused.event.runId,
    );
    await chunksAbove(row, read);
    const view = lastView(h, (await h.waitForEvent('job:updated', () => true)).id);
    expect(view?.state).toBe('running');

    // Once only the paused question is left the job reads nothing and says Paused; its Resume
    // resumes that question too, and the job ends done.
    await waitForCell(row, 'State', /Paused/i);
    await waitForCell(row, 'Done', '2 of 3');
    await row.getByRole('button', { name: 'Resume' }).click();
    await waitForCell(row, 'State', /Done/i);
    await waitForCell(row, 'Done', '3 of 3');
  });

  test('a job whose app stopped mid-way shows Interrupted with Continue, and continues', async () => {
    const first = await b.open({ sim: SLOW_SIM });
    await openWithDialog(first, b.file('harbour.pdf', harbour()));
    await first.page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await setChunkSize(first.page, 512);
    await askTogether(first.page, [
      'Who was the night watchman of the harbour bridge?',
      'In which season were traffic counts taken?',
    ]);
    await first.waitForEvent('run:event', (p) => p.event.type === 'chunk-done');
    // The app quits (its service stops) while the job reads.
    await first.service.dispose();

    const h = await b.open({
      sim: SLOW_SIM,
      beforeStart: (dir) => cpSync(first.dataDir, dir, { recursive: true }),
    });
    const { page } = h;
    await showJobs(page);
    const row = jobRow(page, '2 questions about harbour.pdf');
    await waitForCell(row, 'State', /Interrupted/i);
    const again = row.getByRole('button', { name: 'Continue' });
    await expect(again.isEnabled()).resolves.toBe(true);
    await expect(row.getByRole('button', { name: 'Pause' }).count()).resolves.toBe(0);
    await again.click();
    await waitForCell(row, 'State', /Done/i);
    await waitForCell(row, 'Done', '2 of 2');
  });

  test('pictures of the Jobs screen with jobs in every state', { timeout: 600_000 }, async () => {
    const useBook = bookMissing === null;
    // An interrupted job, left by an app that stopped mid-way.
    const first = await b.open({ sim: SLOW_SIM });
    const harbourFile = b.file('harbour.pdf', harbour());
    await openWithDialog(first, harbourFile);
    await first.page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await setChunkSize(first.page, 512);
    await askTogether(first.page, [
      'Who was the night watchman of the harbour bridge?',
      'In which season were traffic counts taken?',
    ]);
    await first.waitForEvent('run:event', (p) => p.event.type === 'chunk-done');
    await first.service.dispose();

    const h = await b.open({
      sim: SLOW_SIM,
      viewport: { width: 1280, height: 800 },
      beforeStart: (dir) => cpSync(first.dataDir, dir, { recursive: true }),
    });
    const { page } = h;
    await reopen(h, harbourFile);
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await setChunkSize(page, 2048);
    // A done job.
    await askTogether(page, ['Who was the night watchman?', 'How long is the harbour bridge?']);
    await h.waitForEvent('job:updated', (j) => j.state === 'done', 120_000);
    // A failed one: the server answers every request with an error.
    h.sim.setOptions({ faults: [{ kind: 'server-error', next: 1000 }] });
    await askTogether(page, ['What was built in 1911?', 'Who paid for the repairs?']);
    await h.waitForEvent('job:updated', (j) => j.state === 'failed', 120_000);
    h.sim.setOptions({ faults: [] });

    // A review of 4 documents × 8 questions, started from its row here.
    const documentIds: string[] = [];
    for (const [i, name] of ['north', 'south', 'east', 'west'].entries()) {
      const file = b.file(`minutes-${name}.pdf`, makeReportPdf(8 + i * 3, 4 + i, NEEDLE));
      const opened = await h.service.handlers['documents:open']({ path: file }, { senderId: 't' });
      if (!opened.ok) throw new Error(opened.error.message);
      documentIds.push(opened.value.id);
    }
    seedReview(h.dataDir, {
      title: 'Bridge minutes',
      checklistName: 'Harbour checklist',
      documentIds,
      questions: REVIEW_QUESTIONS,
      profileId: 'sim',
      settings: { ...DEFAULT_RUN_SETTINGS, chunkTokens: 1024, temperature: 0 },
    });
    await showScreen(page, 'Library');
    await showJobs(page);
    const review = jobRow(page, /^Bridge minutes/);
    await waitForCell(review, 'State', /Queued/i);
    await review.getByRole('button', { name: 'Start' }).click();
    await waitForCell(review, 'Progress', /\d reading/);
    await h.waitForEvent('job:updated', (j) => j.kind === 'review' && j.counts.done >= 4, 240_000);

    if (useBook) {
      await reopen(h, BOOK);
      await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
      await setChunkSize(page, BOOK_CHUNK_TOKENS);
      // A paused job…
      await askTogether(page, BOOK_QUESTIONS.slice(0, 2));
      const pausedRow = jobRow(page, '2 questions about cplusplus-annotations.pdf');
      await h.waitForEvent('run:event', (p) => p.event.type === 'chunk-done');
      await pausedRow.getByRole('button', { name: 'Pause' }).click();
      await waitForCell(pausedRow, 'State', /Paused/i);
      // …and one running, 35 chunks a question.
      await askTogether(page, BOOK_QUESTIONS);
      const running = jobRow(page, '3 questions about cplusplus-annotations.pdf');
      await waitForCell(running, 'Progress', /\d reading/);
      await h.waitForEvent(
        'run:event',
        (p) => p.event.type === 'chunk-done' && p.event.state.chunk >= 3,
      );
    }

    for (const size of [
      { width: 1280, height: 800 },
      { width: 1024, height: 700 },
    ]) {
      await page.setViewportSize(size);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await shooter(page, scheme)(`jobs-${size.width}x${size.height}`);
      }
    }
    // At 1024 px every column and button is in the window.
    const table = page.getByRole('table', { name: 'Jobs' });
    const box = await table.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(1024);
  });
});

// The library as a user meets it in the first hour: several files dropped at once (one damaged,
// one encrypted), Remove with Undo, what each document's questions are doing, search and sort.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import {
  ask,
  dropFiles,
  openWithDialog,
  showScreen,
  SLOW_SIM,
  waitForAnswer,
} from './harness/ui.ts';

const CORPUS = path.resolve(repoRoot, '../shared/corpus');
const GPL = path.join(CORPUS, 'gpl-3.0.pdf');
const LOCKED = path.join(repoRoot, 'test-fixtures/encrypted-secret.pdf');
const NEEDLE = 'The replacement bearing was ordered from the Harwick foundry.';

describe.skipIf(!canRun)('the library', () => {
  const b = useBrowser();

  test('three files dropped at once: a named row each, the error stays until dismissed', async () => {
    const h = await b.open();
    const { page } = h;
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    const whole = makeReportPdf(2, 1, 'x');
    const broken = b.file('broken.pdf', whole.subarray(0, Math.floor(whole.length / 3)));
    const secret = b.file('secret.pdf', new Uint8Array(readFileSync(LOCKED)));
    await dropFiles(page, [broken, GPL, secret]);

    // The encrypted one asks at once; closing the prompt leaves its row waiting.
    const dialog = page.getByRole('dialog', { name: 'Password required' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    const results = page.getByRole('region', { name: 'Opened files' });
    const row = (name: string) => results.getByRole('listitem').filter({ hasText: name });
    await row('gpl-3.0.pdf').filter({ hasText: 'opened' }).waitFor();
    await row('secret.pdf').filter({ hasText: 'needs a password' }).waitFor();
    // The damaged file's error names it and is still there after the other two were handled.
    await expect(row('broken.pdf').textContent()).resolves.toMatch(
      /broken\.pdf.*damaged|broken\.pdf.*read/i,
    );
    expect(await results.getByRole('listitem').count()).toBe(3);
    // A batch stays on the library.
    await page.getByRole('row', { name: /gpl-3\.0\.pdf/ }).waitFor();

    await row('secret.pdf').getByRole('button', { name: 'Enter password…' }).click();
    // A wrong one: said in the dialog, the cursor stays in the field for the next try.
    await dialog.getByLabel('Password').fill('wrong');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await dialog.getByRole('alert').getByText('That password is wrong. Try again.').waitFor();
    await expect
      .poll(() => dialog.getByLabel('Password').evaluate((el) => el === document.activeElement))
      .toBe(true);
    await dialog.getByLabel('Password').fill('secret');
    await dialog.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await showScreen(page, 'Library');
    await row('secret.pdf').filter({ hasText: 'opened' }).waitFor();
    await expect(row('broken.pdf').textContent()).resolves.toMatch(/broken\.pdf/);

    await row('broken.pdf').getByRole('button', { name: 'Dismiss broken.pdf' }).click();
    await row('broken.pdf').waitFor({ state: 'detached' });
    expect(await results.getByRole('listitem').count()).toBe(2);
  });

  test('five files dropped at once: the opened ones fold under "4 files opened", the failure stays; Clear all empties it', async () => {
    const h = await b.open();
    const { page } = h;
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    const whole = makeReportPdf(2, 1, 'x');
    const broken = b.file('broken.pdf', whole.subarray(0, Math.floor(whole.length / 3)));
    const notes = ['a', 'b', 'c', 'd'].map((n) =>
      b.file(`notes-${n}.txt`, new TextEncoder().encode(`Notes ${n}. Nothing else.`)),
    );
    await dropFiles(page, [...notes.slice(0, 2), broken, ...notes.slice(2)]);
    const results = page.getByRole('region', { name: 'Opened files' });
    const summary = results.getByText('4 files opened', { exact: true });
    await summary.waitFor();
    // The failure names its file and is listed; the opened ones are folded away.
    const failure = results.getByRole('listitem').filter({ hasText: 'broken.pdf' });
    await failure.waitFor();
    await expect(
      results.getByRole('listitem').filter({ hasText: 'notes-a.txt' }).isVisible(),
    ).resolves.toBe(false);
    await summary.click();
    await results.getByRole('listitem').filter({ hasText: 'notes-a.txt' }).waitFor();
    expect(await results.getByRole('listitem').count()).toBe(5);
    await results.getByRole('button', { name: 'Clear all' }).click();
    await results.waitFor({ state: 'detached' });
  });

  test('Remove hides at once with Undo; Undo brings it back with its question; then it is gone', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(
      h,
      b.file('notes.txt', new TextEncoder().encode('Short notes. Nothing else.')),
    );
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(6, 4, NEEDLE)));
    await page.getByRole('heading', { name: /Ask about Bridge committee minutes/ }).waitFor();
    await ask(page, 'Which foundry supplied the bearing?');
    await waitForAnswer(page);

    await showScreen(page, 'Library');
    const minutes = page.getByRole('row', { name: /minutes\.pdf/ });
    await minutes
      .getByTestId('question-state')
      .filter({ hasText: '1 question · 1 answered' })
      .waitFor();
    await minutes.getByRole('button', { name: /^Remove/ }).click();
    await minutes.waitFor({ state: 'detached' });
    const toast = page.locator('.toast');
    await expect(toast.textContent()).resolves.toContain(
      'Removed “Bridge committee minutes” and its question.',
    );
    // The keyboard stays in the list: on the next row's title.
    await expect(page.evaluate(() => document.activeElement?.textContent)).resolves.toBe('notes');

    await toast.getByRole('button', { name: 'Undo' }).click();
    await minutes.getByTestId('question-state').filter({ hasText: '1 question' }).waitFor();
    await minutes.getByRole('button', { name: 'Bridge committee minutes', exact: true }).click();
    await page.locator('.run-item', { hasText: 'Which foundry' }).waitFor();

    await showScreen(page, 'Library');
    await minutes.getByRole('button', { name: /^Remove/ }).click();
    // After the undo window the removal reaches main; the reloaded window does not show it.
    await toast.waitFor({ state: 'detached', timeout: 15_000 });
    await page.reload();
    await page.getByRole('row', { name: /notes\.txt/ }).waitFor();
    expect(await page.getByRole('row', { name: /minutes\.pdf/ }).count()).toBe(0);
  });

  test('a document being read says so in its row and in the nav bar, which leads to the run', async () => {
    const h = await b.open({ sim: SLOW_SIM });
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(8, 4, NEEDLE)));
    await page.getByRole('heading', { name: /Ask about Bridge committee minutes/ }).waitFor();
    await ask(page, 'Which foundry supplied the bearing?');
    await waitForAnswer(page);
    await ask(page, 'When did the committee meet?', 256);

    await showScreen(page, 'Library');
    const state = page.getByRole('row', { name: /minutes\.pdf/ }).getByTestId('question-state');
    await state.filter({ hasText: '2 questions · 1 reading' }).waitFor();
    // Exact: the run's own entry reads "Reading 1/3" while it is at its first chunk.
    const reading = page.getByRole('button', { name: 'Reading 1', exact: true });
    await reading.click();
    await page.getByRole('heading', { name: 'When did the committee meet?' }).waitFor();
    await reading.waitFor({ state: 'detached', timeout: 60_000 });
    await showScreen(page, 'Library');
    await state.filter({ hasText: '2 questions · 2 answered' }).waitFor();
  });

  test('search by title or file name, sort by name or size, opened with its time', async () => {
    const h = await b.open();
    const { page } = h;
    for (const f of ['gpl-3.0.pdf', 'live-manual.ja.epub', 'fhs-3.0.docx']) {
      await openWithDialog(h, path.join(CORPUS, f));
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    }
    await showScreen(page, 'Library');
    const titles = () => page.locator('table.documents .doc-file').allTextContents();
    await expect(titles()).resolves.toEqual(['fhs-3.0.docx', 'live-manual.ja.epub', 'gpl-3.0.pdf']);
    await expect(page.locator('td.opened-at').first().textContent()).resolves.toMatch(
      /\d{1,2}:\d{2}/,
    );

    await page.getByLabel('Sort by').selectOption('name');
    const names = await page.locator('table.documents .doc-title').allTextContents();
    const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });
    expect(names).toEqual([...names].sort(collator.compare));
    await page.getByLabel('Sort by').selectOption('size');
    const cells = await page.locator('table.documents tbody td:nth-child(5)').allTextContents();
    const tokens = cells.map((t) => {
      const n = Number.parseFloat(t.replace(/[^\d.]/g, ''));
      return t.includes('M') ? n * 1e6 : t.includes('K') ? n * 1e3 : n;
    });
    expect(tokens).toEqual([...tokens].sort((x, y) => y - x));

    await page.getByLabel('Filter', { exact: true }).fill('live-manual');
    await expect(titles()).resolves.toEqual(['live-manual.ja.epub']);
    await page.getByText('1 of 3 documents').waitFor();
    await page.getByLabel('Filter', { exact: true }).fill('GPL');
    await expect(titles()).resolves.toEqual(['gpl-3.0.pdf']);
  });

  test('extraction warnings open as a list; one that names a page opens the reader there', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, path.join(repoRoot, 'test-fixtures/damaged-page.pdf'));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await showScreen(page, 'Library');
    // Opening the list floats it over the rows: no column moves.
    const columns = () =>
      page
        .locator('table.documents th')
        .evaluateAll((ths) => ths.map((th) => Math.round(th.getBoundingClientRect().left)));
    const before = await columns();
    await page.getByText(/extraction warning/).click();
    await page.locator('.extraction-warnings li').first().waitFor();
    await expect(columns()).resolves.toEqual(before);
    const show = page.getByRole('button', { name: /^Show page \d+$/ }).first();
    await show.click();
    await page
      .getByRole('navigation', { name: 'Screens' })
      .locator('[aria-current="page"]', { hasText: 'Reader' })
      .waitFor();
  });

  test('a row leads with Ask, a text PDF keeps OCR under More; a removed document drops its notice; four notices show three', async () => {
    const h = await b.open({ viewport: { width: 1024, height: 700 } });
    const { page } = h;
    const files = [
      ...['a', 'b', 'c'].map((n) =>
        b.file(`notes-${n}.txt`, new TextEncoder().encode(`Notes ${n}. Nothing else.`)),
      ),
      b.file('minutes.pdf', makeReportPdf(2, 1, NEEDLE)),
    ];
    for (const f of files) {
      await openWithDialog(h, f);
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    }
    await showScreen(page, 'Library');
    const results = page.getByRole('region', { name: 'Opened files' });
    // The newest three; the oldest behind "Show all".
    await expect(results.getByRole('listitem').count()).resolves.toBe(3);
    await results.getByRole('button', { name: 'Show all 4' }).click();
    await expect(results.getByRole('listitem').count()).resolves.toBe(4);

    // At 1,024 px the table fits, every row's actions in view.
    const table = page.getByRole('table', { name: 'Recent documents' });
    const box = await table.boundingBox();
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1024);
    const minutes = page.getByRole('row', { name: /minutes\.pdf/ });
    for (const name of [/^Ask about/, /^Remove/]) {
      const b2 = await minutes.getByRole('button', { name }).boundingBox();
      expect((b2?.x ?? 0) + (b2?.width ?? 0)).toBeLessThanOrEqual(1024);
    }
    // Asking leads; re-reading a PDF that has text waits under More.
    const reread = minutes.getByRole('button', { name: /^Re-read .* with OCR…$/ });
    expect(await reread.isVisible()).toBe(false);
    await minutes.getByLabel(/^More actions for/).click();
    await reread.waitFor();
    await page.keyboard.press('Escape');
    await reread.waitFor({ state: 'hidden' });

    // Removing a document takes its "opened — Ask about it" with it.
    const notice = results.getByRole('listitem').filter({ hasText: 'notes-a.txt' });
    await notice.waitFor();
    await page
      .getByRole('row', { name: /notes-a\.txt/ })
      .getByRole('button', { name: /^Remove/ })
      .click();
    await notice.waitFor({ state: 'detached' });

    await minutes.getByRole('button', { name: /^Ask about/ }).click();
    await page.getByRole('heading', { name: /Ask about Bridge committee minutes/ }).waitFor();
  });
});

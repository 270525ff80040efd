// A PDF dropped on the window and the highlight of a cited passage across a PDF's two views: a
// file dropped from disk opens from its path (its citations on the original page), a file with
// no path behind it (dropped from a browser) opens its citations on the text, highlighted, never
// on an error; switching a highlighted page to the text and back keeps the highlight, on the
// 1,151-page book.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import type { Harness } from './harness/harness.ts';
import { repoRoot } from './harness/paths.ts';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { expectTextHighlight, showSentenceOnPage, views } from './harness/reader-highlight.ts';
import { ask, dropFiles, openWithDialog, showScreen } from './harness/ui.ts';
import { continueInReader } from './harness/source-panel.ts';

const BOOK = path.resolve(repoRoot, '../shared/corpus/cplusplus-annotations.pdf');
/** Screenshots for looking at: out/screenshots. */
const LOOK = path.resolve(repoRoot, 'out/screenshots');
const VIEWPORT = { width: 1280, height: 800 };
const NEEDLE = 'The night watchman of the harbour bridge was named Ottilie Brandvold.';
const QUESTION = 'Who was the night watchman of the harbour bridge?';

/** Asks about the dropped report and follows the answer's first cited passage. */
async function followCitation(h: Harness): Promise<void> {
  const { page } = h;
  await page.getByRole('heading', { name: /Ask about/ }).waitFor();
  await ask(page, QUESTION, 300);
  const cited = page.locator('.evidence button.passage').first();
  await cited.waitFor({ timeout: 60_000 });
  await cited.click();
  // The passage shows beside the answer first; the panel's link continues in the Reader.
  await continueInReader(page);
}

/** "Re-read with OCR…" in an open More menu: shown disabled, its reason beside it, inert. */
async function expectNoReread(page: Page, menu: Locator): Promise<void> {
  const reread = menu.getByRole('button', { name: /Re-read .*with OCR/ });
  await expect(reread.getAttribute('aria-disabled')).resolves.toBe('true');
  await expect(reread.getAttribute('aria-describedby')).resolves.toBeTruthy();
  await menu.getByText(/^No file to read again: this PDF came without its file/).waitFor();
  // (aria-disabled, not disabled: Playwright would wait for it to be enabled.)
  await reread.click({ force: true });
  // The menu stays open with the reason; no Re-read dialog.
  await menu.getByText(/^No file to read again/).waitFor();
  await expect(page.getByRole('dialog', { name: 'Re-read with OCR' }).count()).resolves.toBe(0);
  await page.keyboard.press('Escape');
}

describe.skipIf(!canRun)('a PDF dropped on the window', () => {
  const b = useBrowser();
  beforeAll(() => mkdirSync(LOOK, { recursive: true }));

  test('dropped from disk: it opens from its path, and its citation opens on the original page', async () => {
    const h = await b.open({ viewport: VIEWPORT });
    const file = b.file('harbour.pdf', makeReportPdf(12, 7, NEEDLE));
    // Electron tells the preload where the dropped file is (webUtils.getPathForFile).
    h.onDisk([file]);
    // The window listens for drops once the app has rendered.
    await h.page.getByRole('heading', { name: 'Library' }).waitFor();
    await dropFiles(h.page, [file]);
    await followCitation(h);
    const { page } = h;
    await page.locator('.pdf-caption', { hasText: 'Highlighted' }).waitFor({ timeout: 30_000 });
    await page.getByTestId('pdf-highlight').first().waitFor();
    await page.locator('.pdf-loading').waitFor({ state: 'detached' });
    await expect(
      views(page).getByRole('radio', { name: 'Original page' }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
    await expect(page.getByText(/was not opened from a file/).count()).resolves.toBe(0);
    // The library holds its path, as a file chosen in the Open dialog.
    const listed = await h.service.handlers['documents:list']({}, { senderId: 'test' });
    expect(listed.ok && listed.value[0]?.path).toBe(file);
    await page.locator('.pdf-page:not(.stale)').waitFor();
    await page.screenshot({ path: path.join(LOOK, 'dropped-pdf-citation-page-light.png') });
  });

  test('with no file behind it (a browser drop): its citation opens on the text, highlighted, with no error', async () => {
    const h = await b.open({ viewport: VIEWPORT });
    const { page } = h;
    await page.getByRole('heading', { name: 'Library' }).waitFor();
    await dropFiles(page, [b.file('harbour.pdf', makeReportPdf(12, 7, NEEDLE))]);
    await followCitation(h);
    // The focus lands on the highlighted sentence in the text view.
    await expectTextHighlight(page, 'Ottilie Brandvold');
    await expect(
      views(page).getByRole('radio', { name: 'Text' }).getAttribute('aria-checked'),
    ).resolves.toBe('true');
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await expect(page.locator('.pdf-error').count()).resolves.toBe(0);
    // Its original page cannot be drawn: the switch says why instead of showing an error box.
    const original = views(page).getByRole('radio', { name: 'Original page' });
    await expect(original.getAttribute('aria-disabled')).resolves.toBe('true');
    // (Not disabled: a click says why, where a disabled button would say nothing.)
    await original.click({ force: true });
    await page
      .locator('.pdf-switch')
      .getByText(/came without its file \(dropped from a browser or an archive\)/)
      .waitFor();
    await expect(page.locator('.pdf-error').count()).resolves.toBe(0);
    await expect(page.locator('.document-text mark.passage').count()).resolves.toBeGreaterThan(0);
    await page.screenshot({ path: path.join(LOOK, 'dropped-pdf-no-file-citation-light.png') });

    // Nor can it be read again with OCR: the reader's More menu and the library row's show the
    // action disabled with the reason, and pressing it opens no dialog that would then fail.
    await showScreen(page, 'Reader');
    await page.getByLabel('More actions for this document').click();
    await expectNoReread(page, page.locator('.reader-toolbar .more-menu-body'));
    await showScreen(page, 'Library');
    await page.getByLabel(/^More actions for /).click();
    await expectNoReread(page, page.locator('.row-actions .more-menu-body'));
    await expect(page.getByText(/no file to read .* again from/i).count()).resolves.toBe(0);
  });
});

describe.skipIf(!canRun || !existsSync(BOOK))(
  'a highlighted passage of the 1,151-page book',
  () => {
    const b = useBrowser();
    beforeAll(() => mkdirSync(LOOK, { recursive: true }));

    test('stays highlighted on the Text view, scrolled into view, and again on the page view', async () => {
      const h = await b.open({ viewport: VIEWPORT });
      const { page } = h;
      await openWithDialog(h, BOOK);
      await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 120_000 });
      await showScreen(page, 'Reader');
      // A passage on page 580 shown on its page, as a citation is.
      const sentence = await showSentenceOnPage(page, 580);

      // The Text view: the same sentence highlighted, in view, with the focus.
      await views(page).getByRole('radio', { name: 'Text' }).click();
      await expectTextHighlight(page, sentence.replace(/\s+/g, ' ').trim().slice(0, 60));
      await page
        .getByRole('status')
        .getByText(/^Cited passage/)
        .waitFor();
      await page.screenshot({ path: path.join(LOOK, 'pdf-text-view-highlight-light.png') });

      // And back on the original page, the highlight is there again, in view.
      await views(page).getByRole('radio', { name: 'Original page' }).click();
      await page
        .locator('.pdf-caption')
        .getByText(/^Highlighted: /)
        .waitFor();
      const marks = page.getByTestId('pdf-highlight');
      await marks.first().waitFor();
      await expect(marks.first().isVisible()).resolves.toBe(true);
      await expect(page.locator('.page-indicator').textContent()).resolves.toMatch(
        /^p\. 580 \(PDF page 604 of 1151\)/,
      );
    }, 240_000);
  },
);

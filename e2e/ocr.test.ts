// Scanned PDFs through the UI: opening one shows the OCR stage and can be cancelled, the library
// and the reader say which text came from OCR, a text PDF can be re-read with OCR (or the re-read
// cancelled, leaving it as it was), a question asked before a re-read keeps the text it read, and
// Settings lists the OCR languages and adds one. OCR takes seconds a page: the scans are 1-2 pages.
import { copyFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canMakeScans, scannedContract } from './fixtures/make-scan.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, openWithDialog, READ_ALL, showScreen } from './harness/ui.ts';

const ENG = path.join(repoRoot, 'node_modules/@tesseract.js-data/eng/4.0.0/eng.traineddata.gz');
const OCR_WAIT = { timeout: 150_000 };

/** The library row of a document (by its file name). */
function row(page: Page, fileName: RegExp) {
  return page.getByRole('row', { name: fileName });
}

/** Opens the Re-read dialog from the library row, chooses `mode` with the keyboard, starts it. */
async function startRereadFromLibrary(page: Page, fileName: RegExp, mode: RegExp) {
  await showScreen(page, 'Library');
  // A PDF with text leads with Ask; its re-reading is under More.
  await row(page, fileName).locator('summary', { hasText: 'More' }).click();
  await row(page, fileName)
    .getByRole('button', { name: /^Re-read .* with OCR…$/ })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Re-read with OCR' });
  await dialog.waitFor();
  const radio = dialog.getByRole('radio', { name: mode });
  await radio.focus();
  await page.keyboard.press('Space');
  await expect(radio.isChecked()).resolves.toBe(true);
  await dialog.getByRole('button', { name: 'Re-read', exact: true }).press('Enter');
  return dialog;
}

describe.skipIf(!canRun || !canMakeScans())('scanned PDFs and OCR', () => {
  const b = useBrowser();

  test('a scanned PDF opens through the OCR stage; library and reader say which text is OCR', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    await openWithDialog(h, scannedContract(2, 'scanned-contract.pdf'));
    await page
      .getByRole('status')
      .filter({ hasText: /Opening scanned-contract\.pdf — Recognising scanned pages \(OCR\)/ })
      .first()
      .waitFor(OCR_WAIT);
    await page.getByRole('heading', { name: /Ask about/ }).waitFor(OCR_WAIT);

    await showScreen(page, 'Library');
    const badge = row(page, /scanned-contract\.pdf/).getByTestId('ocr-badge');
    await expect(badge.textContent()).resolves.toMatch(/^OCR: all 2 pages/);
    await expect(badge.getAttribute('title')).resolves.toMatch(/check quotes against the original/);

    await showScreen(page, 'Reader');
    await page
      .getByText(/Northwind/)
      .first()
      .waitFor();
    await expect(page.getByTestId('ocr-badge').textContent()).resolves.toMatch(/OCR: all 2 pages/);
    const marks = page.locator('.page-marker .ocr-mark');
    await marks.first().waitFor();
    await expect(marks.first().textContent()).resolves.toMatch(/OCR, \d{2,3}% confidence/);
  });

  test('cancelling an open while OCR runs leaves a note, no error and no library entry', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    await openWithDialog(h, scannedContract(2, 'scan-to-cancel.pdf'));
    await page.getByText(/Recognising scanned pages \(OCR\)/).waitFor(OCR_WAIT);
    await page.getByRole('button', { name: 'Cancel opening' }).click();
    await page.getByText('Cancelled: scan-to-cancel.pdf was not opened.').waitFor();
    await expect(page.getByRole('alert').count()).resolves.toBe(0);
    await expect(row(page, /scan-to-cancel\.pdf/).count()).resolves.toBe(0);
  });

  test('re-reading a text PDF with "Every page" updates its library entry; focus returns', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(2, 1, 'The bell rang twice.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await showScreen(page, 'Library');
    await expect(
      row(page, /minutes\.pdf/)
        .getByTestId('ocr-badge')
        .count(),
    ).resolves.toBe(0);

    const dialog = await startRereadFromLibrary(page, /minutes\.pdf/, /^Every page/);
    await dialog.getByText(/Re-reading .* — Recognising scanned pages \(OCR\)/).waitFor(OCR_WAIT);
    await dialog.waitFor({ state: 'hidden', ...OCR_WAIT });
    await row(page, /minutes\.pdf/)
      .getByTestId('ocr-badge')
      .filter({ hasText: /OCR: all 2 pages/ })
      .waitFor();
    // Back on the menu that opened the dialog.
    await expect(
      page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''),
    ).resolves.toMatch(/^More actions for /);

    // The dialog remembers the reading, and says what another one would cost.
    await row(page, /minutes\.pdf/)
      .locator('summary', { hasText: 'More' })
      .click();
    await row(page, /minutes\.pdf/)
      .getByRole('button', { name: /^Re-read .* with OCR…$/ })
      .click();
    await expect(dialog.getByRole('radio', { name: /^Every page/ }).isChecked()).resolves.toBe(
      true,
    );
    await expect(dialog.getByTestId('reading-cost').textContent()).resolves.toMatch(
      /All 2 pages are recognised: about 6 s \(about 3 s a page on this machine\)/,
    );
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });

  test('cancelling a re-read leaves the entry and the text unchanged', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(2, 1, 'The bell rang twice.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    const dialog = await startRereadFromLibrary(page, /minutes\.pdf/, /^Every page/);
    await dialog.getByText(/Recognising scanned pages \(OCR\)/).waitFor(OCR_WAIT);
    await dialog.getByRole('button', { name: 'Cancel re-read' }).click();
    await dialog.getByText('Cancelled: the document keeps the text it had.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(
      row(page, /minutes\.pdf/)
        .getByTestId('ocr-badge')
        .count(),
    ).resolves.toBe(0);
    await showScreen(page, 'Reader');
    await page.getByText('The bell rang twice.').waitFor();
    await expect(page.locator('.ocr-mark').count()).resolves.toBe(0);
  });

  test('a re-read of a file that changed since it was opened says so in the dialog', async () => {
    const h = await b.open({ backend: 'none' });
    const { page } = h;
    const file = b.file('changing.pdf', makeReportPdf(1, 1, 'The bell rang twice.'));
    await openWithDialog(h, file);
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    writeFileSync(file, makeReportPdf(1, 1, 'The bell rang three times.'));
    const dialog = await startRereadFromLibrary(page, /changing\.pdf/, /^Every page/);
    const error = dialog.getByRole('alert');
    await error.getByText('The file changing.pdf has changed since it was opened.').waitFor();
    await error.getByText('Open the file again.').waitFor();
    // The form stays, to try again or close; the entry is as it was.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect(
      row(page, /changing\.pdf/)
        .getByTestId('ocr-badge')
        .count(),
    ).resolves.toBe(0);
  });

  test('a question asked before a re-read keeps the text it read', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(1, 1, 'The bell rang twice.')));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, 'How many times did the bell ring?', 512);
    await page.getByText(READ_ALL).waitFor({ timeout: 60_000 });
    await expect(page.getByText(/Read before the document was re-read/).count()).resolves.toBe(0);

    const dialog = await startRereadFromLibrary(page, /minutes\.pdf/, /^Every page/);
    await dialog.waitFor({ state: 'hidden', ...OCR_WAIT });

    await showScreen(page, 'Ask');
    await page.getByText(/Read before the document was re-read with OCR/).waitFor();
    await showScreen(page, 'Reader');
    await page.getByText(/this is the text it read/).waitFor();
    await expect(page.locator('.ocr-mark').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Show the current text' }).click();
    await page.locator('.page-marker .ocr-mark').first().waitFor();
  });

  test.skipIf(!existsSync(ENG))(
    'Settings lists the OCR languages and adds a language file',
    async () => {
      const h = await b.open({ backend: 'none' });
      const { page } = h;
      await showScreen(page, 'Settings');
      const list = page.getByRole('list', { name: 'OCR languages' });
      await list.getByText('English').waitFor();
      await expect(list.getByRole('listitem').count()).resolves.toBeGreaterThanOrEqual(6);

      // A file that is not language data is refused with the service's sentence.
      h.chooseNext(b.file('notes.txt', new TextEncoder().encode('not a language')));
      await page.getByRole('button', { name: 'Add language file…' }).click();
      await page
        .getByRole('alert')
        .getByText(/notes\.txt is not named like an OCR language file/)
        .waitFor();

      const ita = path.join(
        mkdtempSync(path.join(tmpdir(), 'memagent-e2e-lang-')),
        'ita.traineddata.gz',
      );
      copyFileSync(ENG, ita);
      h.chooseNext(ita);
      await page.getByRole('button', { name: 'Add language file…' }).click();
      await page.getByText(/^Added Italian \(ita\)\.$/).waitFor();
      await list.getByRole('listitem').filter({ hasText: 'Italian' }).getByText('Added').waitFor();
    },
  );
});

// The reader's document view of DOCX and EPUB files (sanitized HTML rendered from the file) and
// find in document: a hit in the middle of the Japanese Debian Live manual is highlighted,
// scrolled into view and focused, in the rendered document and in the text; a Word document
// shows its headings and table with a highlight. Screenshots go to out/screenshots/.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { extractDocument } from '../electron/core/documents/index.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog, showScreen } from './harness/ui.ts';

const EPUB = path.resolve(repoRoot, '../shared/corpus/live-manual.ja.epub');
const LEASE = path.join(repoRoot, 'test-fixtures/lease.docx');
const OUT = path.resolve(repoRoot, process.env.MEMAGENT_SCREENSHOTS_DIR ?? 'out/screenshots');

/** A line of the text past its middle that occurs once: something to find there. */
function uniqueLineAfterMiddle(text: string): string {
  let at = text.indexOf('\n', Math.floor(text.length / 2));
  for (;;) {
    const end = text.indexOf('\n', at + 1);
    const line = text.slice(at + 1, end).trim();
    if (line.length >= 12 && line.length <= 40 && text.indexOf(line) === text.lastIndexOf(line))
      return line;
    at = end;
  }
}

/** The highlight: there, reading `text`, focused, and inside the visible part of `view`. */
async function expectShown(page: Page, view: Locator, text: string): Promise<void> {
  const mark = view.locator('mark.passage').first();
  await mark.waitFor();
  await expect(view.locator('mark.passage').allTextContents()).resolves.toEqual([text]);
  await expect.poll(() => mark.evaluate((m) => m === document.activeElement)).toBe(true);
  await expect
    .poll(async () => {
      const box = await view.boundingBox();
      const m = await mark.boundingBox();
      return box !== null && m !== null && m.y >= box.y && m.y + m.height <= box.y + box.height;
    })
    .toBe(true);
  await expect(mark.getAttribute('aria-describedby')).resolves.toBeTruthy();
  void page;
}

describe.skipIf(!canRun)('the document view and find in document', () => {
  const b = useBrowser();

  test.skipIf(!existsSync(EPUB))(
    'the Japanese EPUB: a passage in the middle found, highlighted and focused in both views',
    async () => {
      const { text } = await extractDocument({ path: EPUB });
      const needle = uniqueLineAfterMiddle(text);
      const h = await b.open();
      const { page } = h;
      await openWithDialog(h, EPUB);
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      await showScreen(page, 'Reader');
      const view = page.getByRole('document', { name: 'Document', exact: true });
      await view.locator('section h1, section h2').first().waitFor();
      await expect(page.getByRole('radio', { name: 'Document' }).isChecked()).resolves.toBe(true);

      const find = page.getByRole('searchbox', { name: 'Find' });
      await find.fill(needle);
      await find.press('Enter');
      await page
        .getByRole('status')
        .filter({ hasText: /^1 of 1 match/ })
        .waitFor();
      await expectShown(page, view, needle);

      // The same passage in the extracted text (virtualized): still highlighted and focused.
      await page.getByText('Text', { exact: true }).click();
      const textView = page.getByRole('document', { name: 'Document text' });
      await expectShown(page, textView, needle);

      // A common word: a count, and next/previous walk the hits in both views.
      await page.getByText('Document', { exact: true }).click();
      await find.fill('lb config');
      await find.press('Enter');
      const status = page.getByRole('status').filter({ hasText: /matches/ });
      await status.filter({ hasText: /^1 of \d+ matches/ }).waitFor();
      const total = Number(/of (\d+)/.exec((await status.textContent()) ?? '')?.[1]);
      expect(total).toBeGreaterThan(10);
      await page.getByRole('button', { name: 'Next' }).click();
      await status.filter({ hasText: /^2 of / }).waitFor();
      await expectShown(page, view, 'lb config');
      await page.getByRole('button', { name: 'Previous' }).click();
      await page.getByRole('button', { name: 'Previous' }).click();
      await status.filter({ hasText: new RegExp(`^${total} of `) }).waitFor();
      await expectShown(page, view, 'lb config');
      mkdirSync(OUT, { recursive: true });
      await page.screenshot({ path: path.join(OUT, 'reader-epub-find.png') });
    },
  );

  test('a Word document: headings and a table in the document view, a cell highlighted', async () => {
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, LEASE);
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await showScreen(page, 'Reader');
    const view = page.getByRole('document', { name: 'Document', exact: true });
    await view.getByRole('heading', { name: '2.1 Payment' }).waitFor();
    await view.getByRole('heading', { name: '1. Parties' }).waitFor();
    await view.getByRole('cell', { name: '950 EUR' }).waitFor();
    await view.getByRole('listitem').filter({ hasText: 'Quote the flat number.' }).waitFor();

    const find = page.getByRole('searchbox', { name: 'Find' });
    await find.fill('monthly rent');
    await find.press('Enter');
    await expectShown(page, view, 'Monthly rent');
    await expect(
      view.getByRole('cell', { name: 'Monthly rent' }).locator('mark.passage').count(),
    ).resolves.toBe(1);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'reader-docx-highlight.png') });
  });
});

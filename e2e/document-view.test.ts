// The reader's document view of DOCX and EPUB files (sanitized HTML rendered from the file) and
// find in document: a hit in the middle of the Japanese Debian Live manual is highlighted,
// scrolled into view and focused, in the rendered document and in the text; a Word document
// shows its headings and table with a highlight. Screenshots go to out/screenshots/.
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { extractDocument } from '../electron/core/documents/index.ts';
import { makePdf } from '../scripts/make-fixtures-pdf.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog, showScreen } from './harness/ui.ts';

const EPUB = path.resolve(repoRoot, '../shared/corpus/live-manual.ja.epub');
const GPL = path.resolve(repoRoot, '../shared/corpus/gpl-3.0.pdf');
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
      // No question asked: no chunk boundaries drawn.
      await expect(view.locator('.chunk-marker').count()).resolves.toBe(0);

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

      // The outline (the book's table of contents): an entry brings its section's title into view.
      await page.getByText(/^Outline \(\d+\)$/).click();
      const outline = page.getByRole('navigation', { name: 'Outline' });
      const entry = outline.getByRole('button', { name: /^19\.1 / });
      const title = (await entry.textContent()) ?? '';
      await entry.click();
      await expect(outline.count()).resolves.toBe(0);
      // (The book's own contents list has the title too, further up: one of them is in view.)
      const frame = await view.elementHandle();
      await expect
        .poll(() =>
          view.getByText(title, { exact: true }).evaluateAll((els, frame) => {
            const box = (frame as Element).getBoundingClientRect();
            return els.some((el) => {
              const r = el.getBoundingClientRect();
              return r.height > 0 && r.top >= box.top && r.top < box.bottom;
            });
          }, frame),
        )
        .toBe(true);
    },
  );

  test('a PDF: paragraphs from hard-wrapped lines, page N of M, a label printed twice offered', async () => {
    const lines = (n: number) => [
      `# Part ${n}`,
      ...Array.from({ length: 9 }, () => [
        '',
        'The licensee may cure the violation',
        'within thirty days of the notice,',
        'after which the licence ends.',
      ]).flat(),
    ];
    const pdf = makePdf({
      title: 'Labels',
      pages: [1, 2, 3, 4, 5, 6].map((n) => ({ lines: lines(n) })),
      // i, ii, then 1, 2, then 1, 2 again (a second part numbered from 1).
      pageLabels: '0 << /S /r >> 2 << /S /D >> 4 << /S /D >>',
    });
    const h = await b.open();
    const { page } = h;
    await openWithDialog(h, b.file('labels.pdf', pdf));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await showScreen(page, 'Reader');
    await page.getByText('p. i (PDF page 1 of 6)').waitFor();
    await page
      .locator('p.para', {
        hasText:
          'The licensee may cure the violation within thirty days of the notice, after which the licence ends.',
      })
      .first()
      .waitFor();

    await page.getByLabel('Page').fill('1');
    await page.getByLabel('Page').press('Enter');
    // The first page printed "1" is shown; the others "1" may mean are offered, named.
    await page.locator('.row.target .page-marker', { hasText: 'p. 1 (PDF page 3)' }).waitFor();
    const which = page.getByRole('group', { name: 'Which page?' });
    await which.getByText('Showing p. 1 (PDF page 3). “1” is also:').waitFor();
    await expect(which.getByRole('button').allTextContents()).resolves.toEqual([
      'p. 1 (PDF page 5)',
      'p. i (PDF page 1)',
    ]);
    await which.getByRole('button', { name: 'p. 1 (PDF page 5)' }).click();
    await page.locator('.row.target .page-marker', { hasText: 'p. 1 (PDF page 5)' }).waitFor();
    await page.getByText('p. 1 (PDF page 5 of 6)').waitFor();
    await expect(which.count()).resolves.toBe(0);
    mkdirSync(OUT, { recursive: true });
    await page.screenshot({ path: path.join(OUT, 'reader-pdf-pages.png') });
  });

  test.skipIf(!existsSync(GPL))(
    'the GPL (corpus PDF): a hit on page 7 highlighted in its paragraph, page shown',
    async () => {
      const h = await b.open();
      const { page } = h;
      await openWithDialog(h, GPL);
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      await showScreen(page, 'Reader');
      const find = page.getByRole('searchbox', { name: 'Find' });
      await find.fill('cure the violation');
      await find.press('Enter');
      const textView = page.getByRole('document', { name: 'Document text' });
      await expectShown(page, textView, 'cure the violation');
      await page
        .getByRole('status')
        .filter({ hasText: /^1 of \d+ match/ })
        .waitFor();
      await page.getByText(/^p\. 7 of \d+/).waitFor();
      // The hit's paragraph reads as one paragraph: the PDF's line breaks are not shown.
      const para = textView.locator('p.para', { has: page.locator('mark.passage') });
      await expect(para.textContent()).resolves.not.toMatch(/\n/);
      mkdirSync(OUT, { recursive: true });
      await page.screenshot({ path: path.join(OUT, 'reader-pdf-find.png') });
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
    await page.screenshot({ path: path.join(OUT, 'reader-docx-highlight-light.png') });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.screenshot({ path: path.join(OUT, 'reader-docx-highlight-dark.png') });
    await page.emulateMedia({ colorScheme: 'light' });

    // The " | " between table cells exists only in the extracted text: the reader says so and
    // shows the hit there rather than highlighting something else.
    await find.fill('|');
    await find.press('Enter');
    await page
      .getByRole('note')
      .filter({ hasText: 'could not be placed in the document view' })
      .waitFor();
    await expect(page.getByRole('radio', { name: 'Text' }).isChecked()).resolves.toBe(true);
    await expectShown(page, page.getByRole('document', { name: 'Document text' }), '|');
  });
});

// The PDF reader's original-page view with real PDFs from the shared corpus: a passage selected
// in the text shown highlighted where it is printed, page navigation and zoom, the text view
// still there; and a screenshot of a highlighted page in the middle of a 1,151-page book.
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { pageToFrame } from '../shared/page-frame.ts';
import type { Harness } from './harness/harness.ts';
import { repoRoot } from './harness/paths.ts';
import { canMakeScans, scannedContract } from './fixtures/make-scan.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { showSentenceOnPage } from './harness/reader-highlight.ts';
import { selectInText } from './harness/select-text.ts';
import { openWithDialog, showScreen } from './harness/ui.ts';

const CORPUS = path.resolve(repoRoot, '../shared/corpus');
const GPL = path.join(CORPUS, 'gpl-3.0.pdf');
const BOOK = path.join(CORPUS, 'cplusplus-annotations.pdf');
const OUT = path.resolve(repoRoot, process.env.MEMAGENT_SCREENSHOTS_DIR ?? 'out/screenshots');
/** Screenshots for looking at, not for the user guide: always under out/. */
const LOOK = path.resolve(repoRoot, 'out/screenshots');

/** GPL §8: the cure period, on page 7 of the corpus PDF. */
const CURE = /you\s+cure\s+the\s+violation\s+prior\s+to\s+30\s+days[^.]*\./;

/** The document's only library entry, its text, and where `pattern` is in it. */
async function passage(h: Harness, pattern: RegExp) {
  const list = await h.service.handlers['documents:list']({}, { senderId: 'test' });
  if (!list.ok || !list.value[0]) throw new Error('no document');
  const documentId = list.value[0].id;
  const got = await h.service.handlers['documents:get']({ documentId }, { senderId: 'test' });
  if (!got.ok) throw new Error(got.error.message);
  const match = pattern.exec(got.value.document.text);
  if (!match) throw new Error('passage not in the text');
  return { documentId, start: match.index, end: match.index + match[0].length };
}

describe.skipIf(!canRun)('the original page of a PDF', () => {
  const b = useBrowser();
  beforeAll(() => {
    mkdirSync(OUT, { recursive: true });
    mkdirSync(LOOK, { recursive: true });
  });

  test.skipIf(!existsSync(GPL))(
    'a sentence of the GPL selected in the text shows highlighted on page 7; the text view stays',
    async () => {
      const h = await b.open({ viewport: { width: 1200, height: 900 } });
      const { page } = h;
      await openWithDialog(h, GPL);
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      await showScreen(page, 'Reader');
      const views = page.getByRole('radiogroup', { name: 'View' });
      await expect(
        views.getByRole('radio', { name: 'Text' }).getAttribute('aria-checked'),
      ).resolves.toBe('true');

      await page.getByLabel('Page', { exact: true }).fill('7');
      await page.getByLabel('Page', { exact: true }).press('Enter');
      await selectInText(page, CURE);
      await page.getByRole('button', { name: 'Show selection on the page' }).click();

      // The original page, page 7 of 11, the sentence named and highlighted.
      await expect(
        views.getByRole('radio', { name: 'Original page' }).getAttribute('aria-checked'),
      ).resolves.toBe('true');
      const caption = page.locator('.pdf-caption');
      await caption.getByText(/^Highlighted: /).waitFor();
      await expect(caption.textContent()).resolves.toBe(
        'Highlighted: “you cure the violation prior to 30 days after your receipt of the notice.” — p. 7',
      );
      const indicator = page.locator('.page-indicator');
      await expect(indicator.textContent()).resolves.toBe('p. 7 of 11');
      const marks = page.getByTestId('pdf-highlight');
      await marks.first().waitFor();
      await page.locator('.pdf-loading').waitFor({ state: 'detached' });
      // The view has the focus, so the keys below act on it.
      await expect(
        page.evaluate(() => document.activeElement?.classList.contains('pdf-scroller')),
      ).resolves.toBe(true);

      // Each box lies over the sentence's line, where main's geometry puts it on the page.
      const { documentId, start, end } = await passage(h, CURE);
      const ctx = { senderId: 'test' };
      const rects = await h.service.handlers['documents:text-rects'](
        { documentId, start, end },
        ctx,
      );
      const drawn = await h.service.handlers['documents:render-page'](
        { documentId, page: 7, scale: 0.25 },
        ctx,
      );
      if (!rects.ok || !drawn.ok) throw new Error('the service did not answer');
      expect(rects.value.map((r) => r.page)).toEqual(rects.value.map(() => 7));
      await expect(marks.count()).resolves.toBe(rects.value.length);
      const canvas = await page.locator('canvas.pdf-page-canvas').boundingBox();
      const [x0, , x1] = drawn.value.box;
      if (!canvas) throw new Error('no canvas');
      const cssScale = canvas.width / (x1 - x0);
      for (const [i, rect] of rects.value.entries()) {
        const want = pageToFrame(rect, drawn.value.box, drawn.value.rotation, cssScale);
        const got = await marks.nth(i).boundingBox();
        expect(got).not.toBeNull();
        expect(Math.abs((got?.x ?? 0) - (canvas.x + want.left))).toBeLessThan(2);
        expect(Math.abs((got?.y ?? 0) - (canvas.y + want.top))).toBeLessThan(2);
        expect(Math.abs((got?.width ?? 0) - want.width)).toBeLessThan(2);
        expect(Math.abs((got?.height ?? 0) - want.height)).toBeLessThan(2);
        // On screen, inside the page view.
        await expect(marks.nth(i).isVisible()).resolves.toBe(true);
      }

      // Keys: the next page (the passage is then named as elsewhere), zoom in and back to fit.
      await page.keyboard.press('ArrowRight');
      await page.locator('.page-indicator', { hasText: /^p\. 8 of 11$/ }).waitFor();
      await caption.getByText('The highlighted passage is on p. 7.').waitFor();
      const percent = page.getByRole('group', { name: 'Zoom' }).getByText(/^\d+%$/);
      const fitted = parseInt((await percent.textContent()) ?? '', 10);
      await page.keyboard.press('+');
      await expect
        .poll(async () => parseInt((await percent.textContent()) ?? '', 10), { timeout: 10_000 })
        .toBeGreaterThan(fitted);
      await page.keyboard.press('0');
      await expect.poll(() => percent.textContent(), { timeout: 10_000 }).toBe(`${fitted}%`);
      // The reader's page box moves the page view too.
      await page.getByLabel('Page', { exact: true }).fill('3');
      await page.getByLabel('Page', { exact: true }).press('Enter');
      await page.locator('.page-indicator', { hasText: /^p\. 3 of 11$/ }).waitFor();
      await caption.getByRole('button', { name: 'Show it' }).click();
      await page.locator('.page-indicator', { hasText: /^p\. 7 of 11$/ }).waitFor();

      // The extracted text is one click away, at the same sentence, still highlighted.
      await views.getByRole('radio', { name: 'Text' }).click();
      await page
        .locator('.document-text mark.passage', { hasText: 'you cure the violation' })
        .waitFor();
    },
  );

  test.skipIf(!existsSync(GPL))(
    'a PDF whose file changed since it was opened: the page view says to open it again, the text stays',
    async () => {
      const h = await b.open();
      const { page } = h;
      const file = b.file('gpl-copy.pdf', new Uint8Array(readFileSync(GPL)));
      await openWithDialog(h, file);
      await page.getByRole('heading', { name: /Ask about/ }).waitFor();
      appendFileSync(file, '\n% edited after opening\n');
      await showScreen(page, 'Reader');
      await page.getByRole('radio', { name: 'Original page' }).click();
      const alert = page.getByRole('alert');
      await alert
        .getByText(
          'The file gpl-copy.pdf has changed or moved since it was opened, so its pages cannot be drawn.',
        )
        .waitFor();
      await alert.getByText('Open the file again; the Text view still shows its text.').waitFor();
      await page.screenshot({ path: path.join(LOOK, 'pdf-page-view-file-changed-light.png') });
      await page.getByRole('button', { name: 'Show the text instead' }).click();
      await page.getByText('GNU GENERAL PUBLIC LICENSE').first().waitFor();
    },
  );

  test.skipIf(!canMakeScans())(
    'a scanned page says its text was read by OCR, and a passage read from it is highlighted',
    async () => {
      const h = await b.open({ backend: 'none' });
      const { page } = h;
      await openWithDialog(h, scannedContract(1, 'scanned-page.pdf'));
      await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
      await showScreen(page, 'Reader');
      await page.getByLabel('Page', { exact: true }).fill('1');
      await page.getByLabel('Page', { exact: true }).press('Enter');
      await selectInText(page, /Northwind/);
      await page.getByRole('button', { name: 'Show selection on the page' }).click();
      await page
        .getByRole('note')
        .getByText(
          /^This page has no text layer: its text was read by OCR \(\d{2,3}% confidence\)\. Check quotes against the page\.$/,
        )
        .waitFor();
      await page.locator('.pdf-caption').getByText('Highlighted: “Northwind” — p. 1').waitFor();
      await page.getByTestId('pdf-highlight').first().waitFor();
      await expect(page.getByTestId('pdf-highlight').count()).resolves.toBe(1);
      await page.locator('.pdf-page:not(.stale)').waitFor();
      await page.screenshot({ path: path.join(LOOK, 'pdf-page-view-ocr-light.png') });
    },
  );

  test.skipIf(!existsSync(BOOK))(
    'screenshots: a highlighted passage on a page in the middle of the 1,151-page book, light and dark',
    async () => {
      for (const scheme of ['light', 'dark'] as const) await bookShot(scheme);
    },
    240_000,
  );

  async function bookShot(scheme: 'light' | 'dark'): Promise<void> {
    const h = await b.open({ viewport: { width: 1280, height: 860 }, colorScheme: scheme });
    const { page } = h;
    await openWithDialog(h, BOOK);
    await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 120_000 });
    await showScreen(page, 'Reader');
    await showSentenceOnPage(page, 580);
    await page.locator('.pdf-loading').waitFor({ state: 'detached' });
    await page.locator('.pdf-page:not(.stale)').waitFor();
    await page.screenshot({ path: path.join(OUT, `pdf-page-view-${scheme}.png`) });
  }
});

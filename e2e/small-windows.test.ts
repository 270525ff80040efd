// Small windows (issue 25): the reader gives the original page most of the window, the library
// table fits 1,024 px with every row's actions in view, the Reviews header keeps to one row.
// On the 1,151-page book and the Japanese EPUB (../shared/corpus); the pictures go to
// out/screenshots/small-* and the page heights are printed (docs/benchmarks.md records them).
import { describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';
import { seedReview } from '../electron/core/ipc/review-seed.test-support.ts';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog, showScreen } from './harness/ui.ts';
import { BOOK, corpusMissing, EPUB, GPL, selectDocument, shooter } from './harness/walk.ts';

const missing = corpusMissing();

/** The height the original page's view gets, in CSS px. */
async function pageHeight(page: Page): Promise<number> {
  const box = await page.locator('.pdf-scroller').boundingBox();
  return Math.round(box?.height ?? 0);
}

async function nav(page: Page, screen: string): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: screen })
    .click();
}

describe.skipIf(!canRun || missing !== null)(
  `small windows${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const b = useBrowser();

    for (const scheme of ['light', 'dark'] as const) {
      test(
        `${scheme}: the reader's page at 1280×800 and 760×700, the library at 1,024 px`,
        { timeout: 400_000 },
        async () => {
          const h = await b.open({ colorScheme: scheme, viewport: { width: 1280, height: 800 } });
          const { page } = h;
          const shot = shooter(page, scheme);
          for (const file of [GPL, EPUB, BOOK]) {
            await openWithDialog(h, file);
            await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
          }
          await showScreen(page, 'Reader');
          await page.getByRole('radio', { name: 'Original page' }).click();
          await page.locator('.pdf-page:not(.stale)').waitFor({ timeout: 60_000 });
          const at1280 = await pageHeight(page);
          await shot('small-reader-1280x800');
          await page.setViewportSize({ width: 760, height: 700 });
          await page.locator('.pdf-page:not(.stale)').waitFor();
          const at760 = await pageHeight(page);
          await shot('small-reader-760x700');
          console.log(`reader page height: 1280×800 ${at1280} px, 760×700 ${at760} px`);
          // Under the navigation bar, the reader's two rows of controls and nothing else.
          expect(at1280).toBeGreaterThan(800 - 180);
          expect(at760).toBeGreaterThan(700 - 220);

          // The More menu holds what is not needed every minute; it floats over the page.
          await page.getByLabel('More actions for this document').click();
          await page.getByRole('button', { name: 'Re-read with OCR…' }).waitFor();
          await expect(pageHeight(page)).resolves.toBe(at760);
          await page.keyboard.press('Escape');

          await page.setViewportSize({ width: 1024, height: 700 });
          await selectDocument(page, /Live/);
          await showScreen(page, 'Reader');
          await page.locator('.rendered-document').waitFor({ timeout: 60_000 });
          await shot('small-reader-epub-1024x700');
          await page.setViewportSize({ width: 760, height: 700 });
          await shot('small-reader-epub-760x700');

          await page.setViewportSize({ width: 1024, height: 700 });
          await showScreen(page, 'Library');
          const table = page.getByRole('table', { name: 'Recent documents' });
          await table.waitFor();
          await shot('small-library-1024x700');
          const box = await table.boundingBox();
          console.log(`library table at 1,024 px: ${Math.round(box?.width ?? 0)} px wide`);
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(1024);
          // The table starts in the first screenful, under the three "opened" notices.
          expect(box?.y ?? 999).toBeLessThan(480);
        },
      );

      test(
        `${scheme}: the Reviews header at 1024×700 is one row; export formats in one menu, filters folded`,
        { timeout: 120_000 },
        async () => {
          const h = await b.open({ colorScheme: scheme, viewport: { width: 1024, height: 700 } });
          const { page } = h;
          const shot = shooter(page, scheme);
          const documentIds: string[] = [];
          for (const [name, needle] of [
            ['minutes-north.pdf', 'The night watchman was named Ottilie Brandvold.'],
            ['minutes-south.pdf', 'This agreement is governed by the laws of England.'],
          ] as const) {
            const file = b.file(name, makeReportPdf(4, 2, needle));
            const opened = await h.service.handlers['documents:open'](
              { path: file },
              { senderId: 'test' },
            );
            if (!opened.ok) throw new Error(opened.error.message);
            documentIds.push(opened.value.id);
          }
          seedReview(h.dataDir, {
            title: 'Bridge minutes',
            checklistName: 'Harbour checklist',
            documentIds,
            questions: [
              { id: 'law', text: 'Which law governs the agreement?', kind: 'party' },
              { id: 'who', text: 'Who was the night watchman?', kind: 'party' },
            ],
            profileId: 'sim',
            settings: { ...DEFAULT_RUN_SETTINGS, chunkTokens: 1024, temperature: 0 },
          });
          await nav(page, 'Reviews');
          await page.getByRole('button', { name: 'Open the review Bridge minutes' }).click();
          const grid = page.getByRole('grid');
          await grid.waitFor();
          await shot('small-review-1024x700');
          const top = (await page.locator('.rt-title').boundingBox())?.y ?? 0;
          const gridTop = (await grid.boundingBox())?.y ?? 0;
          console.log(
            `reviews header at 1024×700: ${Math.round(gridTop - top)} px above the table`,
          );
          expect(gridTop - top).toBeLessThan(110);

          // Export…: one menu with every format.
          await page.getByLabel('Export the review').click();
          for (const format of ['HTML report', 'PDF report', 'Excel (XLSX)', 'CSV', 'JSON']) {
            await page.getByRole('button', { name: format, exact: true }).waitFor();
          }
          await page.keyboard.press('Escape');
          await page.getByRole('button', { name: 'HTML report' }).waitFor({ state: 'hidden' });

          // The filters past the title unfold on demand and say how many are set when folded.
          const state = page.getByLabel('Cell state to show');
          expect(await state.isVisible()).toBe(false);
          const filters = page.getByRole('button', { name: /^Filters/ });
          await filters.click();
          await state.selectOption('queued');
          await filters.click();
          await expect(filters.textContent()).resolves.toMatch(/^Filters \(1 set\)/);
        },
      );
    }
  },
);

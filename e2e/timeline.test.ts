// After a run: the memory timeline, one state beside its source chunk, and two states compared.
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, openWithDialog } from './harness/ui.ts';

describe.skipIf(!canRun)('memory timeline', () => {
  const b = useBrowser();

  test('shows one entry per chunk, a state beside its chunk, and a word diff of two states', async () => {
    const h = await b.open();
    const { page } = h;
    const needle = 'The eastern approach was repainted in a colour called Pelican Grey.';
    await openWithDialog(h, b.file('minutes.pdf', makeReportPdf(20, 12, needle)));
    await page.getByRole('heading', { name: /Ask about/ }).waitFor();
    await ask(page, 'What colour was the eastern approach repainted in?');
    await page.getByTestId('answer').waitFor({ timeout: 60_000 });

    const started = await h.waitForEvent('run:event', (p) => p.event.type === 'started');
    const chunkCount = started.event.type === 'started' ? started.event.chunkCount : 0;
    expect(chunkCount).toBeGreaterThan(3);
    // The chart has one bar per chunk.
    const bars = await page.locator('.change-chart path.bars').getAttribute('d');
    expect(bars?.match(/M/g)?.length).toBe(chunkCount);
    // Entries list pages and size.
    const entries = page.locator('.timeline-entry');
    await expect(entries.first().textContent()).resolves.toMatch(/Chunk 1.*p\. 1.*\d+ tok/);

    // Select the chunk that holds page 12: its memory shows beside its source text.
    const chunkWithNeedle = page
      .locator('.timeline-entry', { hasText: /pp?\. (\d+–)?12\b|–1[2-9]/ })
      .first();
    await chunkWithNeedle.locator('button').click();
    await page.getByRole('heading', { name: /Memory after chunk \d+/ }).waitFor();
    await expect(page.locator('.source-text').textContent()).resolves.toContain('Pelican Grey');
    await expect(page.locator('.memory-text').textContent()).resolves.toContain('Pelican');

    // Compare the first state with the last: words added show as insertions.
    await entries.first().getByRole('checkbox').check();
    await page.locator('.timeline-list').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.locator('.timeline-entry').last().getByRole('checkbox').check();
    await page.getByRole('heading', { name: /Chunk 1 → chunk \d+/ }).waitFor();
    await expect(page.locator('.compare ins').count()).resolves.toBeGreaterThan(0);
    await expect(page.locator('.compare').textContent()).resolves.toContain('Pelican');
    await page.getByRole('radio', { name: 'Inline' }).click();
    await expect(page.locator('pre.diff').count()).resolves.toBe(1);

    // The questions column folds away to give the question's pane the width, and comes back.
    await page.getByRole('radio', { name: 'Side by side' }).click();
    const column = async () =>
      Math.round((await page.locator('.run-pane').boundingBox())?.width ?? 0);
    const beside = await column();
    const questions = page.locator('.ask-side');
    await page.getByRole('button', { name: 'Hide the questions' }).click();
    await questions.waitFor({ state: 'hidden' });
    expect(await column()).toBeGreaterThan(beside + 100);
    await page.getByRole('button', { name: 'Show the questions' }).click();
    await questions.waitFor();

    // In a window too small for both, a comparison opens with the questions folded away.
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.locator('.compare').getByRole('button', { name: 'Clear' }).click();
    await entries.first().getByRole('checkbox').check();
    await page.locator('.timeline-list').evaluate((el) => (el.scrollTop = el.scrollHeight));
    await page.locator('.timeline-entry').last().getByRole('checkbox').check();
    await page.getByRole('heading', { name: /Chunk 1 → chunk \d+/ }).waitFor();
    await questions.waitFor({ state: 'hidden' });
  });
});

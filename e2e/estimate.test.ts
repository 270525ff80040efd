// Before Ask: what the run will take (chunks, tokens, cost, time), and the question asked first
// when a priced backend may cost more than the user's limit.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { makeReportPdf } from './fixtures/make-pdf.ts';
import { repoRoot } from './harness/paths.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { openWithDialog, showScreen } from './harness/ui.ts';
import type { Page } from 'playwright-core';

// The Filesystem Hierarchy Standard (a real 40-page document) from the shared corpus.
const FHS = path.resolve(repoRoot, '../shared/corpus/fhs-3.0.html');
const QUESTION = 'Which directories may be shared between hosts?';

async function typeQuestion(page: Page, chunkTokens: number): Promise<void> {
  await page.getByRole('heading', { name: /Ask about/ }).waitFor();
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(QUESTION);
  await page.locator('details.run-settings summary').click();
  await page.getByLabel('Chunk size (tokens)').fill(String(chunkTokens));
}

const chunksShown = async (page: Page) => {
  const text = await page.getByRole('region', { name: 'Estimate' }).textContent();
  return Number(/([\d,]+) chunks ·/.exec(text ?? '')?.[1]?.replace(/,/g, '') ?? NaN);
};

describe.skipIf(!canRun)('the estimate before Ask', () => {
  const b = useBrowser();

  test('a 30+ chunk document shows chunks, token bounds and "time unknown", then the measured time', async () => {
    const h = await b.open({ viewport: { width: 1280, height: 800 } });
    const { page } = h;
    const file = existsSync(FHS) ? FHS : b.file('report.pdf', makeReportPdf(60, 20, 'x'));
    await openWithDialog(h, file);
    await typeQuestion(page, 800);
    const estimate = page.getByRole('region', { name: 'Estimate' });
    await estimate
      .getByText(/chunks · up to [\d.,]+K? prompt and [\d.,]+K? completion tokens/)
      .waitFor();
    await expect.poll(() => chunksShown(page)).toBeGreaterThanOrEqual(30);
    // The simulator is on this machine: the quote check is on, and its requests are counted.
    await estimate.getByText(/· includes up to 3 quote-check requests$/).waitFor();
    await estimate.getByText('Cost: no prices set for this backend').waitFor();
    await estimate.getByText('Time: unknown until the backend has answered once').waitFor();
    // Counting asks nothing of the model.
    expect(h.sim.requests.filter((r) => r.path.endsWith('/chat/completions'))).toHaveLength(0);
    const shown = await chunksShown(page);

    await page.locator('form.ask-form').getByRole('button', { name: /^Ask/ }).click();
    const started = await h.waitForEvent('run:event', (p) => p.event.type === 'started');
    if (started.event.type !== 'started') throw new Error('no start');
    expect(started.event.chunkCount).toBe(shown);
    await h.waitForEvent('run:event', (p) => p.event.type === 'finished', 120_000);
    await estimate.getByText(/^Time: (about )?\d/).waitFor();
  });

  test('a priced backend above the limit asks first, stating the range; Cancel starts nothing', async () => {
    const h = await b.open({ viewport: { width: 1280, height: 800 } });
    const { page } = h;
    await showScreen(page, 'Settings');
    await page
      .getByRole('listitem', { name: /^Backend Local simulator/ })
      .getByRole('button', { name: 'Edit' })
      .click();
    await page.getByLabel('Input price ($ per 1M tokens)').fill('30');
    await page.getByLabel('Output price ($ per 1M tokens)').fill('60');
    await page.getByRole('button', { name: 'Save backend' }).click();
    const costs = page.getByRole('form', { name: 'Costs' });
    await costs.getByLabel(/Ask me before a run that may cost more than/).fill('0.05');
    await costs.getByRole('button', { name: 'Save limit' }).click();
    await costs.getByText('Saved.').waitFor();

    await openWithDialog(h, b.file('report.pdf', makeReportPdf(40, 20, 'The fee is 40 euros.')));
    await typeQuestion(page, 400);
    await page
      .getByRole('region', { name: 'Estimate' })
      .getByText(/^Cost: \$/)
      .waitFor();
    // A priced backend has the quote check off: no quote-check requests in the figures.
    await expect(
      page
        .getByRole('region', { name: 'Estimate' })
        .getByText(/quote-check/)
        .count(),
    ).resolves.toBe(0);
    const askButton = page.locator('form.ask-form').getByRole('button', { name: /^Ask/ });
    await askButton.click();
    const dialog = page.getByRole('dialog', { name: 'This question may be expensive' });
    await dialog
      .getByText(/will cost \$[\d.]+ to \$[\d.]+: more than your limit of \$0\.05/)
      .waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(h.events.some((e) => e.name === 'run:event')).toBe(false);

    await askButton.click();
    await dialog.getByRole('button', { name: 'Ask anyway' }).click();
    await page.locator('.run-item', { hasText: QUESTION }).waitFor();
  });
});

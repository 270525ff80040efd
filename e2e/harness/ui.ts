// What a user does, in steps the tests share.
import type { Page } from 'playwright-core';
import type { Harness } from './harness.ts';

/** Opens `file` through the Open button and the (harness-answered) file dialog. */
export async function openWithDialog(h: Harness, file: string): Promise<void> {
  h.chooseNext(file);
  await h.page.getByRole('button', { name: 'Library' }).click();
  await h.page.getByRole('button', { name: /Open document/ }).click();
}

/** Types a question, sets the chunk size, and presses Ask; resolves when the run is listed. */
export async function ask(page: Page, question: string, chunkTokens = 512): Promise<void> {
  await page.getByRole('textbox', { name: 'Question', exact: true }).fill(question);
  const settings = page.locator('details.run-settings');
  if ((await settings.getAttribute('open')) === null) await settings.locator('summary').click();
  await page.getByLabel('Chunk size (tokens)').fill(String(chunkTokens));
  await page.locator('form.ask-form').getByRole('button', { name: /^Ask/ }).click();
  await page.locator('.run-item', { hasText: question }).waitFor();
}

/** Simulator timing slow enough to watch a run (and cancel it) but quick enough for CI. */
export const SLOW_SIM = {
  latency: {
    prefillTokensPerSec: 200_000,
    decodeTokensPerSec: 300,
    aggregateDecodeTokensPerSec: 100_000,
    maxBatch: 64,
    overheadMs: 30,
  },
} as const;

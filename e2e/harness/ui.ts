// What a user does, in steps the tests share.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { Harness } from './harness.ts';

/** Opens `file` through the Open button and the (harness-answered) file dialog. */
export async function openWithDialog(h: Harness, file: string): Promise<void> {
  h.chooseNext(file);
  await h.page.getByRole('button', { name: 'Library' }).click();
  await h.page.getByRole('button', { name: /Open document/ }).click();
}

/** Switches to a screen with the navigation bar. */
export async function showScreen(
  page: Page,
  screen: 'Library' | 'Reader' | 'Ask' | 'Settings',
): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: screen })
    .click();
}

/**
 * Adds a backend in Settings through the New backend form, filling the fields given (labels as
 * the form shows them); resolves with the saved profile's card.
 */
export async function addBackend(
  page: Page,
  fields: { kind?: string; name: string; url?: string; apiKey?: string; model?: string },
): Promise<Locator> {
  await showScreen(page, 'Settings');
  await page.getByRole('button', { name: 'Add backend' }).click();
  const form = page.getByRole('form', { name: 'New backend' });
  if (fields.kind !== undefined) await form.getByLabel('Kind').selectOption(fields.kind);
  await form.getByLabel('Name').fill(fields.name);
  if (fields.url !== undefined) await form.getByLabel('Server URL').fill(fields.url);
  if (fields.apiKey !== undefined) await form.getByLabel('API key').fill(fields.apiKey);
  if (fields.model !== undefined)
    await form.getByLabel('Model', { exact: true }).fill(fields.model);
  await form.getByRole('button', { name: 'Save backend' }).click();
  const card = page.getByRole('listitem', { name: `Backend ${fields.name}`, exact: true });
  await card.waitFor();
  return card;
}

/**
 * Adds a backend that answers while the questions stay on `keep`: the new one takes them from a
 * backend never tested (Settings' rule), so the user puts them back, as in a walk that needs the
 * first backend to be the one asked.
 */
export async function addSpareBackend(
  page: Page,
  fields: Parameters<typeof addBackend>[1],
  keep: string,
): Promise<Locator> {
  const card = await addBackend(page, fields);
  await card.getByText(/Questions now go to this backend/).waitFor();
  const kept = page.getByRole('listitem', { name: `Backend ${keep}`, exact: true });
  await kept.getByRole('button', { name: 'Use this backend' }).click();
  await kept.getByText('Active', { exact: true }).waitFor();
  return card;
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

/** Drops files (read from disk) on the window at once, as a user dragging several from a file manager. */
export async function dropFiles(page: Page, files: readonly string[]): Promise<void> {
  const items = files.map((f) => ({
    name: path.basename(f),
    b64: readFileSync(f).toString('base64'),
  }));
  await page.evaluate((list) => {
    const dt = new DataTransfer();
    for (const { name, b64 } of list) {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], name));
    }
    window.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dt, bubbles: true }));
    window.dispatchEvent(
      new DragEvent('drop', { dataTransfer: dt, bubbles: true, cancelable: true }),
    );
  }, items);
}

/** Waits for the selected question's answer. */
export async function waitForAnswer(page: Page): Promise<void> {
  await page.getByTestId('answer').waitFor({ timeout: 60_000 });
}

/** The headline of a run that read every chunk: "Read all 35 chunks", or "Read 1 chunk". */
export const READ_ALL = /Read (all \d+ chunks|1 chunk\b)/;

/** Waits until the run shown has read every chunk; resolves with how many it read. */
export async function chunksRead(page: Page, timeout = 120_000): Promise<number> {
  const read = page.getByText(READ_ALL);
  await read.waitFor({ timeout });
  return Number(/(\d+) chunks?/.exec((await read.textContent()) ?? '')?.[1]);
}

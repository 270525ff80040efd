// Shared pieces of the screenshot walk-through (e2e/screenshots.test.ts): the corpus it reads,
// where the pictures go, and the steps that are more than a click.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { Harness } from './harness.ts';
export { BOOK, corpusMissing, DOCX, EPUB, GPL } from './corpus.ts';
import { repoRoot } from './paths.ts';

/** `npm test` writes to out/ (git-ignored); `npm run screenshots` points this at docs/. */
export const SHOTS_DIR = path.resolve(
  repoRoot,
  process.env.MEMAGENT_SCREENSHOTS_DIR ?? 'out/screenshots',
);

/** Saves the page as `NAME-SCHEME.png`; the caller has waited for the state it shows. */
export function shooter(page: Page, scheme: 'light' | 'dark'): (name: string) => Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  return async (name) => {
    // The estimate is counted again after a run (its speed is measured) and for a changed box:
    // a picture of its passing "updating…" shows nothing a user looks at.
    await page.getByText('· updating…').waitFor({ state: 'detached' });
    // A caret blinking in a text box would make two takes of one state differ.
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${scheme}.png`), caret: 'hide' });
  };
}

export const MODEL = 'BytedTsinghua-SIA/RL-MemoryAgent-14B';
/** The simulator as a user's own server, and as a priced hosted API. */
export const LAB = 'Lab server (sim-llm)';
export const PRICED = 'Hosted API (priced)';

/**
 * The book at 16,000-token chunks is read in about 35 chunks (as e2e/evidence-timeline does);
 * its footnote on page 505 names who wrote another implementation of a class.
 */
export const BOOK_CHUNK_TOKENS = 16_000;
export const BOOK_QUESTION =
  'Who created an alternative implementation of the class Clonable as a class template?';
export const BOOK_QUESTION_2 = 'Which compilers does the book use for its examples?';
/** The Japanese EPUB at 1,536-token chunks: 30+ chunks; the answer cites §18.6 (evidence-epub). */
export const EPUB_CHUNK_TOKENS = 1536;
export const EPUB_QUESTION = 'How does the 110MB image compare with the 192MB image?';

/** The Ask screen's question box, and its Ask button. */
export function askForm(page: Page): { box: Locator; button: Locator; form: Locator } {
  const form = page.locator('form.ask-form');
  return {
    form,
    box: page.getByRole('textbox', { name: 'Question', exact: true }),
    button: form.getByRole('button', { name: /^Ask/ }),
  };
}

/** Opens the Run settings and sets the chunk size (the setting is kept per document). */
export async function setChunkSize(page: Page, tokens: number): Promise<void> {
  const settings = page.locator('details.run-settings');
  if ((await settings.getAttribute('open')) === null) await settings.locator('summary').click();
  await page.getByLabel('Chunk size (tokens)').fill(String(tokens));
}

/** Chooses the backend for the next question on this document (the choice is kept per document). */
export async function chooseBackend(page: Page, name: string): Promise<void> {
  await page
    .locator('form.ask-form')
    .getByRole('combobox', { name: /^Backend/ })
    .selectOption({ label: name });
}

/** Selects a document of the library by its title, which shows its Ask screen. */
export async function selectDocument(page: Page, title: RegExp): Promise<void> {
  await page
    .getByRole('navigation', { name: 'Screens' })
    .getByRole('button', { name: 'Library' })
    .click();
  await page
    .getByRole('table', { name: 'Recent documents' })
    .getByRole('button', { name: title })
    .first()
    .click();
  await page.getByRole('heading', { name: /Ask about/ }).waitFor();
}

/** Waits until the selected question has its answer and has read every chunk. */
export async function answered(h: Harness): Promise<void> {
  await h.page.getByTestId('answer').waitFor({ timeout: 120_000 });
  await h.page.getByText(/Read all \d+ chunks/).waitFor();
}

/** The timeline row of chunk `n` (rows outside the list's view are not drawn). */
export async function showTimelineRow(page: Page, n: number): Promise<Locator> {
  await page.locator('.timeline-list').evaluate(async (el, chunk) => {
    // Rows are 44 px; put the row a few rows below the top so its neighbours show too.
    el.scrollTop = Math.max(0, (chunk - 4) * 44);
    for (let i = 0; i < 3; i += 1) await new Promise(requestAnimationFrame);
  }, n);
  const row = page.locator(`.timeline-entry[data-chunk="${n}"]`);
  await row.waitFor();
  return row;
}

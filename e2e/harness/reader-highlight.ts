// The reader's highlighted passage as a user meets it: a sentence selected in the text and
// shown on a PDF's original page, and the highlight on the Text view (focused, in view) after a
// citation or a switch of view. One set of checks for every test of either view.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { selectInText } from './select-text.ts';

/** The "View" switch of the PDF reader (Text / Original page). */
export const views = (page: Page) => page.getByRole('radiogroup', { name: 'View' });

/** The text of the focused element when it is a highlight of the text view, else null. */
const focusedMark = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return el?.matches('.document-text mark.passage') === true ? (el.textContent ?? '') : null;
  });

/** Whether the text view's first highlight lies inside the visible part of its scroll box. */
const markInView = (page: Page) =>
  page.evaluate(() => {
    const mark = document.querySelector('.document-text mark.passage');
    const box = document.querySelector('.document-text');
    if (!mark || !box) return false;
    const m = mark.getBoundingClientRect();
    const b = box.getBoundingClientRect();
    return m.top >= b.top && m.bottom <= b.bottom && m.height > 0;
  });

/** White space folded: a highlight spans the text view's line rows. */
const flat = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * Waits until the text view's highlight has the focus, then checks that its marks hold `text`
 * (white space folded) and that it is scrolled into view.
 */
export async function expectTextHighlight(page: Page, text: string): Promise<void> {
  await expect.poll(() => focusedMark(page), { timeout: 15_000 }).not.toBeNull();
  const marked = await page.locator('.document-text mark.passage').allTextContents();
  expect(flat(marked.join(' '))).toContain(flat(text));
  await expect.poll(() => markInView(page)).toBe(true);
}

/** The first full sentence of a paragraph, as a citation's passage often is. */
const FIRST_SENTENCE = /[A-Z][a-z]+ [a-z][^.\n]{60,160}\./;

/**
 * In the Reader's text view, goes to page `n`, selects the first match of `pattern` after its
 * page marker (by default the first full sentence of a paragraph), presses "Show selection on the
 * page" and waits for the original page with it highlighted. Returns the selected text.
 */
export async function showSentenceOnPage(
  page: Page,
  n: number,
  pattern: RegExp = FIRST_SENTENCE,
): Promise<string> {
  await page.getByLabel('Page', { exact: true }).fill(String(n));
  await page.getByLabel('Page', { exact: true }).press('Enter');
  await page.locator('.row.target .page-marker').waitFor();
  await selectInText(page, pattern);
  const sentence = await page.evaluate(() => window.getSelection()?.toString() ?? '');
  await page.getByRole('button', { name: 'Show selection on the page' }).click();
  await page
    .locator('.pdf-caption')
    .getByText(/^Highlighted: /)
    .waitFor();
  await page.getByTestId('pdf-highlight').first().waitFor();
  return sentence;
}

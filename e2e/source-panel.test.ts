// The source beside the answer, on real material read in 30+ chunks (the 1,151-page book and the
// Japanese EPUB): a passage's marker shows its page highlighted in a panel beside the answer while
// the answer and the question list stay; the timeline's chunks drive the same panel; the keyboard
// reaches it all (Enter on a marker, Escape back to it). In a small window the questions fold
// away so the page stays beside the answer. Screenshots at 1280×800 and 1024×700, light and dark,
// to out/screenshots/ (git-ignored).
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { BOOK, EPUB } from './harness/corpus.ts';
import { HIGHLIGHT, sourcePanel as panelOf } from './harness/source-panel.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, chunksRead, openWithDialog } from './harness/ui.ts';
import {
  BOOK_CHUNK_TOKENS,
  BOOK_QUESTION,
  EPUB_CHUNK_TOKENS,
  EPUB_QUESTION,
  SHOTS_DIR,
} from './harness/walk.ts';

const VIEWS = [
  { name: '1280-light', width: 1280, height: 800, scheme: 'light' },
  { name: '1280-dark', width: 1280, height: 800, scheme: 'dark' },
  { name: '1024-light', width: 1024, height: 700, scheme: 'light' },
  { name: '1024-dark', width: 1024, height: 700, scheme: 'dark' },
] as const;

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const v of VIEWS) {
    await page.setViewportSize({ width: v.width, height: v.height });
    await page.emulateMedia({ colorScheme: v.scheme });
    await page.screenshot({ path: path.join(SHOTS_DIR, `${name}-${v.name}.png`), caret: 'hide' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The boxes of the run's pane (the answer column) and of the page shown beside it. */
async function layout(page: Page) {
  const box = async (selector: string) => {
    const b = (await page.locator(selector).first().boundingBox())!;
    return {
      x: Math.round(b.x),
      y: Math.round(b.y),
      width: Math.round(b.width),
      height: Math.round(b.height),
    };
  };
  return { answer: await box('.run-pane'), page: await box('.source-page-body') };
}

/**
 * Where the window stands: the document's own scroll (the app shell is a fixed-height layout,
 * so it must stay 0), the top of the answer's pane, and the Ask screen's height against the
 * window's.
 */
async function windowPlace(page: Page) {
  return page.evaluate(() => ({
    scrollTop: document.scrollingElement?.scrollTop ?? -1,
    answerTop: Math.round(document.querySelector('.run-pane')!.getBoundingClientRect().top),
    screenBottom: Math.round(document.querySelector('.screen.ask')!.getBoundingClientRect().bottom),
    windowHeight: window.innerHeight,
  }));
}

/** The answer's passage with marker [n] (the folded ones unfolded first). */
async function marker(page: Page, n: number) {
  const more = page.locator('details.more-evidence');
  if ((await more.count()) > 0 && (await more.getAttribute('open')) === null)
    await more.locator('summary').click();
  return page.locator(`.evidence li[data-passage="${n}"] button.passage`);
}

describe.skipIf(!canRun || !existsSync(BOOK))('the source beside the answer: the book', () => {
  const b = useBrowser();

  test('markers and timeline chunks show their page beside the answer; keyboard and Escape', async () => {
    const h = await b.open({ viewport: { width: 1280, height: 800 } });
    const { page } = h;
    await openWithDialog(h, BOOK);
    await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
    await ask(page, BOOK_QUESTION, BOOK_CHUNK_TOKENS);
    expect(await chunksRead(page)).toBeGreaterThanOrEqual(30);
    await page.locator('.evidence button.passage').first().waitFor();
    const passages = await page.locator('.evidence button.passage').count();
    const n = passages >= 2 ? 2 : 1;

    // [n] pressed: its page beside the answer, highlighted, named; nothing else has gone.
    const chosen = await marker(page, n);
    const where = (await chosen.locator('.passage-where').textContent()) ?? '';
    await chosen.click();
    const panel = panelOf(page);
    await panel.waitFor();
    // What it shows is said politely when it changes.
    const line = panel.locator('.source-panel-line');
    await expect(line.getAttribute('aria-live')).resolves.toBe('polite');
    const page1 = where.split(' · ')[0]!;
    await expect(line.textContent()).resolves.toBe(`Showing passage ${n}, ${page1}`);
    await panel.locator(HIGHLIGHT).first().waitFor();
    await expect(chosen.getAttribute('aria-pressed')).resolves.toBe('true');
    await expect(page.getByTestId('answer').isVisible()).resolves.toBe(true);
    await expect(page.locator('.run-item', { hasText: BOOK_QUESTION }).isVisible()).resolves.toBe(
      true,
    );
    await expect(page.getByRole('heading', { name: /Ask about/ }).isVisible()).resolves.toBe(true);
    // Beside the answer at 1280×800: neither is squeezed, and the page has most of the height.
    const wide = await layout(page);
    console.log('source panel 1280x800', JSON.stringify(wide));
    expect(wide.answer.width).toBeGreaterThanOrEqual(380);
    expect(wide.page.width).toBeGreaterThanOrEqual(380);
    expect(wide.page.height).toBeGreaterThanOrEqual(500);
    await shoot(page, 'source-panel-book');

    // A timeline chunk with no passage: the panel follows to that chunk's pages.
    const first = page.locator('.timeline-entry[data-chunk="1"] .entry-main');
    await first.scrollIntoViewIfNeeded();
    await first.click();
    await expect.poll(() => line.textContent()).toMatch(/^Showing chunk 1, p(p)?\. /);
    // The chunk the answer's passage is in: its passage, highlighted again.
    const cited = Number(/chunk (\d+)$/.exec(where)![1]);
    await page.locator('.timeline-list').evaluate(
      async (el, y) => {
        el.scrollTop = y;
        for (let i = 0; i < 3; i += 1) await new Promise(requestAnimationFrame);
      },
      (cited - 1) * 44,
    );
    await page.locator(`.timeline-entry[data-chunk="${cited}"] .entry-main`).click();
    await expect.poll(() => line.textContent()).toMatch(/^Showing passage \d+, p\. /);
    await panel.locator(HIGHLIGHT).first().waitFor();
    await shoot(page, 'source-panel-book-chunk');

    // Keyboard: the marker [1] is focused, Enter shows it (the highlight takes the focus);
    // Escape closes the panel and puts the keyboard back on the marker.
    const one = await marker(page, 1);
    await one.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => line.textContent()).toMatch(/^Showing passage 1, p\. /);
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('.source-panel')))
      .toBe(true);
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    await expect(one.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await expect(page.getByTestId('answer').isVisible()).resolves.toBe(true);

    // In a small window the questions fold away while the panel is open, and the page stays
    // beside the answer, each with the window's height.
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.keyboard.press('Space');
    await panel.waitFor();
    await panel.locator(HIGHLIGHT).first().waitFor();
    const questions = page.locator('.ask-side');
    await questions.waitFor({ state: 'hidden' });
    const small = await layout(page);
    console.log('source panel 1024x700', JSON.stringify(small));
    expect(small.page.x).toBeGreaterThanOrEqual(small.answer.x + small.answer.width - 1);
    // The marker that chose it is still in sight in the answer's pane beside it.
    const mark1 = (await one.boundingBox())!;
    expect(mark1.y).toBeGreaterThanOrEqual(small.answer.y);
    expect(mark1.y + mark1.height).toBeLessThanOrEqual(small.answer.y + small.answer.height + 1);
    expect(small.answer.width).toBeGreaterThanOrEqual(380);
    expect(small.answer.height).toBeGreaterThanOrEqual(500);
    expect(small.page.height).toBeGreaterThanOrEqual(450);
    // [n] clicked there: the page's own highlight scroll moves the page only, never the window,
    // so the Ask screen still fits the window and the answer's pane keeps its top on screen.
    await (await marker(page, n)).click();
    await expect.poll(() => line.textContent()).toMatch(new RegExp(`^Showing passage ${n}, `));
    await panel.locator(HIGHLIGHT).first().waitFor();
    await page.evaluate(async () => {
      for (let i = 0; i < 5; i += 1) await new Promise(requestAnimationFrame);
    });
    const still = await windowPlace(page);
    console.log('source panel 1024x700 after a click', JSON.stringify(still));
    expect(still.scrollTop).toBe(0);
    expect(still.answerTop).toBeGreaterThanOrEqual(0);
    expect(still.screenBottom).toBeLessThanOrEqual(still.windowHeight);
    expect((await page.locator('.run-pane').boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await page.screenshot({
      path: path.join(SHOTS_DIR, 'source-panel-book-1024-clicked.png'),
      caret: 'hide',
    });
    // The questions shown again: the page lies under the answer and folds to its bar.
    await panel.getByRole('button', { name: 'Show the questions' }).click();
    await questions.waitFor();
    const stacked = await layout(page);
    console.log('source panel 1024x700 with the questions', JSON.stringify(stacked));
    expect(stacked.page.y).toBeGreaterThan(stacked.answer.y + stacked.answer.height - 1);
    expect(stacked.answer.height).toBeGreaterThanOrEqual(250);
    await panel.getByRole('button', { name: 'Fold' }).click();
    await expect(panel.locator('.source-page').count()).resolves.toBe(0);
    await panel.getByRole('button', { name: 'Show page' }).click();
    await panel.locator(HIGHLIGHT).first().waitFor();

    // The Reader stays one explicit link away, on the same passage.
    await panel.getByRole('button', { name: 'Open in the reader' }).click();
    await page.locator('.reader').locator(HIGHLIGHT).first().waitFor();
  }, 600_000);
});

describe.skipIf(!canRun || !existsSync(EPUB))('the source beside the answer: the EPUB', () => {
  const b = useBrowser();

  test('a Japanese passage shown in the rendered book beside the answer', async () => {
    const h = await b.open({ viewport: { width: 1280, height: 800 } });
    const { page } = h;
    await openWithDialog(h, EPUB);
    await page.getByRole('heading', { name: /Ask about/ }).waitFor({ timeout: 150_000 });
    await ask(page, EPUB_QUESTION, EPUB_CHUNK_TOKENS);
    expect(await chunksRead(page)).toBeGreaterThanOrEqual(30);
    const one = await marker(page, 1);
    await one.click();
    const panel = panelOf(page);
    const book = panel.getByRole('document', { name: 'Document', exact: true });
    await book.locator('mark.passage').first().waitFor();
    await expect(page.getByTestId('answer').isVisible()).resolves.toBe(true);
    await shoot(page, 'source-panel-epub');
  }, 400_000);
});

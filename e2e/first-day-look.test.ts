// The first day, looked at again (issue 25): a library of several documents and runs (one with
// no answer, one PDF dropped on the window), an answer read in 80+ chunks with its source beside
// it, two memories compared, the reader and Settings, each at 1280×800, 1024×700 and 760×700 in
// light and dark. At every stop it checks what a person would stumble on: the window scrolling
// sideways, buttons whose words are cut, the answer or its page out of sight. The pictures go to
// out/screenshots/first-day-<stop>-<width>-<scheme>.png (git-ignored) for a person to look at.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { sourcePanel } from './harness/source-panel.ts';
import { canRun, useBrowser } from './harness/suite.ts';
import { ask, chunksRead, dropFiles, openWithDialog, showScreen } from './harness/ui.ts';
import { BOOK, corpusMissing, EPUB, EPUB_QUESTION, GPL, SHOTS_DIR } from './harness/walk.ts';

const missing = corpusMissing();

const VIEWS = [
  { width: 1280, height: 800 },
  { width: 1024, height: 700 },
  { width: 760, height: 700 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

/** The Japanese EPUB at 512-token chunks: read in 80+ chunks. */
const SMALL_CHUNKS = 512;
/** Words found nowhere in the GPL: the simulator's final reply has no \boxed answer. */
const NO_ANSWER_QUESTION = 'Which quokka flavour did the zeppelin captain prefer?';

/** What a person would stumble on in the window as it stands; empty when nothing. */
async function stumbles(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.scrollingElement!;
    if (root.scrollWidth > window.innerWidth + 1)
      found.push(`the window scrolls sideways (${root.scrollWidth} > ${window.innerWidth} px)`);
    const visible = (el: Element): boolean => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== 'hidden';
    };
    /** Inside a box that scrolls sideways by design (a wide table, a code block). */
    const inScroller = (el: Element): boolean => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (/(auto|scroll)/.test(s.overflowX) && p.scrollWidth > p.clientWidth) return true;
      }
      return false;
    };
    const name = (el: Element): string =>
      (el.getAttribute('aria-label') ?? el.textContent ?? '')
        .trim()
        .replace(/\s+/g, ' ')
        .slice(0, 60);
    for (const el of document.querySelectorAll(
      'button, a[href], select, input, summary, h1, h2, h3, label',
    )) {
      if (!visible(el)) continue;
      const r = el.getBoundingClientRect();
      // Off the window's right edge, where nobody would look for it.
      if (r.left < window.innerWidth && r.right > window.innerWidth + 1 && !inScroller(el))
        found.push(`"${name(el)}" runs past the window's right edge (${Math.round(r.right)} px)`);
      // A control's own words cut (a button too narrow for its label).
      if (el.matches('button, summary, h1, h2, h3, label')) {
        const s = getComputedStyle(el);
        const clips = s.overflow !== 'visible' || s.textOverflow === 'ellipsis';
        // A title folded to an ellipsis that shows whole on hover is folded on purpose.
        const hover = el.closest('[title]')?.getAttribute('title') ?? '';
        const folded = s.textOverflow === 'ellipsis' && hover.length > 0;
        if (clips && !folded && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
          found.push(`"${name(el)}" is cut (${el.scrollWidth} of ${el.clientWidth} px shown)`);
      }
    }
    return found;
  });
}

/**
 * Shows the current state at every size and scheme: checks it (the shared stumbles, then the
 * stop's own `check`), and saves its picture.
 */
async function look(
  page: Page,
  stop: string,
  check: (view: { width: number; height: number }) => Promise<void> = async () => {},
): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const view of VIEWS) {
    await page.setViewportSize(view);
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise(requestAnimationFrame));
      const file = `first-day-${stop}-${view.width}-${scheme}.png`;
      await page.screenshot({ path: path.join(SHOTS_DIR, file), caret: 'hide' });
      expect(await stumbles(page), `${stop} at ${view.width}×${view.height} ${scheme}`).toEqual([]);
    }
    await check(view);
  }
  await page.setViewportSize(VIEWS[0]);
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The box of the first element matching `selector`, or null when it is not shown. */
async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  return b && b.width > 0 && b.height > 0 ? b : null;
}

describe.skipIf(!canRun || missing !== null)(
  `the first day, looked at again${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    const b = useBrowser();

    test('library, answer with its source, compare, reader and Settings at three sizes, light and dark', async () => {
      const h = await b.open({ viewport: VIEWS[0] });
      const { page } = h;
      const asked = page.getByRole('heading', { name: /Ask about/ });

      // Several documents: the book, the Japanese manual, the GPL opened, one PDF dropped.
      for (const file of [BOOK, EPUB]) {
        await openWithDialog(h, file);
        await asked.waitFor({ timeout: 200_000 });
      }
      h.onDisk([GPL]);
      await dropFiles(page, [GPL]);
      await page.getByRole('heading', { name: /Ask about gpl-3\.0/ }).waitFor({ timeout: 60_000 });

      // A question nothing in the GPL answers: its run is "No answer", not "Answered".
      await ask(page, NO_ANSWER_QUESTION, 1024);
      await chunksRead(page);
      await page
        .getByTestId('answer')
        .waitFor({ state: 'detached' })
        .catch(() => {});

      // The manual read in 80+ chunks.
      await showScreen(page, 'Library');
      await page
        .getByRole('table', { name: 'Recent documents' })
        .getByRole('button', { name: /Live|live-manual/ })
        .first()
        .click();
      await asked.waitFor();
      await ask(page, EPUB_QUESTION, SMALL_CHUNKS);
      const chunks = await chunksRead(page, 300_000);
      console.log(`the manual at ${SMALL_CHUNKS}-token chunks: ${chunks} chunks`);
      expect(chunks).toBeGreaterThanOrEqual(80);
      await page.getByTestId('answer').waitFor();

      // 1. The library: every document and its Ask action in view, the No answer run told apart.
      await showScreen(page, 'Library');
      const table = page.getByRole('table', { name: 'Recent documents' });
      await table.waitFor();
      await page.getByText('No answer').first().waitFor();
      await look(page, 'library', async (view) => {
        const t = (await table.boundingBox())!;
        expect(t.x + t.width, `library table at ${view.width}`).toBeLessThanOrEqual(view.width);
        // Every row's Ask is in the window's width.
        for (const ask of await table.getByRole('button', { name: /^Ask/ }).all()) {
          const a = (await ask.boundingBox())!;
          expect(a.x + a.width).toBeLessThanOrEqual(view.width);
        }
      });

      // 2. The answer with its source beside (or under) it.
      await page
        .getByRole('table', { name: 'Recent documents' })
        .getByRole('button', { name: /Live|live-manual/ })
        .first()
        .click();
      await asked.waitFor();
      await page.getByTestId('answer').waitFor();
      await page.locator('.evidence button.passage').first().click();
      const panel = sourcePanel(page);
      await panel.locator('mark.passage').first().waitFor({ timeout: 60_000 });
      await look(page, 'answer-source', async (view) => {
        // The answer's pane (it scrolls on its own) and the page beside or under it.
        const answer = await box(page, '.run-pane');
        const source = await box(page, '.source-panel');
        expect(answer, `the answer at ${view.width}`).not.toBeNull();
        expect(source, `the source panel at ${view.width}`).not.toBeNull();
        // The answer's pane keeps room to read in (it scrolls; the page takes the rest).
        expect(answer!.height, `the answer's pane at ${view.width}`).toBeGreaterThanOrEqual(250);
        // Both inside the window's width; neither covers the other.
        expect(answer!.x + answer!.width).toBeLessThanOrEqual(view.width + 1);
        expect(source!.x + source!.width).toBeLessThanOrEqual(view.width + 1);
        const overlap =
          answer!.x < source!.x + source!.width &&
          source!.x < answer!.x + answer!.width &&
          answer!.y < source!.y + source!.height &&
          source!.y < answer!.y + answer!.height;
        expect(overlap, `answer and source overlap at ${view.width}`).toBe(false);
      });
      await page.keyboard.press('Escape');

      // 3. Two memories compared: the first chunk's and the fifth's, ticked in the timeline.
      for (const n of [1, 5]) {
        const tick = page.getByRole('checkbox', { name: `Compare chunk ${n}`, exact: true });
        await tick.scrollIntoViewIfNeeded();
        await tick.check();
      }
      await page.getByTestId('compare-summary').waitFor();
      await look(page, 'compare', async (view) => {
        const summary = await box(page, '[data-testid="compare-summary"]');
        expect(summary, `the comparison's summary at ${view.width}`).not.toBeNull();
      });
      if ((await panel.count()) > 0) await page.keyboard.press('Escape');

      // 4. The reader, on the book's original pages: the page has most of the window.
      await showScreen(page, 'Library');
      await page
        .getByRole('table', { name: 'Recent documents' })
        .getByRole('button', { name: /C\+\+|cplusplus/i })
        .first()
        .click();
      await asked.waitFor();
      await showScreen(page, 'Reader');
      await page.getByRole('radio', { name: 'Original page' }).click();
      await page.locator('.pdf-page:not(.stale)').waitFor({ timeout: 60_000 });
      await look(page, 'reader', async (view) => {
        const scroller = (await box(page, '.pdf-scroller'))!;
        expect(
          scroller.height,
          `the page's height at ${view.width}×${view.height}`,
        ).toBeGreaterThan(view.height * 0.6);
      });

      // 5. Settings, in sections.
      await showScreen(page, 'Settings');
      const sections = page.getByRole('navigation', { name: 'Settings sections' });
      await sections.waitFor();
      await look(page, 'settings', async (view) => {
        expect(await sections.isVisible(), `Settings sections at ${view.width}`).toBe(true);
      });
    }, 900_000);
  },
);

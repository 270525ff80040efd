// The first day, looked at again (issue 25): a library of several documents and runs (one with
// no answer, one PDF dropped on the window), an answer read in 80+ chunks with its source beside
// it, two memories compared, the reader and Settings, each at 1280×800, 1024×700 and 760×700 in
// light and dark. At every stop it checks what a person would stumble on: the window scrolling
// sideways, buttons whose words are cut, the answer or its page out of sight, the source panel's
// line cut, a backend's name cut in its dropdown, the reader's toolbar on two rows. The pictures go to
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
        // The answer keeps a readable share of the window (in a small one the questions fold
        // away and the answer and its page share the width, rather than the page pushing the
        // answer into a strip under it).
        expect(
          answer!.height,
          `the answer's pane at ${view.width}×${view.height}`,
        ).toBeGreaterThanOrEqual(view.height * 0.6);
        expect(answer!.width, `the answer's width at ${view.width}`).toBeGreaterThanOrEqual(300);
        console.log(
          `answer beside its source at ${view.width}×${view.height}: answer ${Math.round(answer!.width)}×${Math.round(answer!.height)} px, page ${Math.round(source!.width)}×${Math.round(source!.height)} px`,
        );
        // The marker that chose the passage stays in sight beside its page.
        const marker = (await box(page, '.evidence button.passage'))!;
        expect(marker.y, `the marker at ${view.width}`).toBeGreaterThanOrEqual(answer!.y);
        expect(marker.y + marker.height).toBeLessThanOrEqual(answer!.y + answer!.height + 1);
        // The panel's line says in full which passage it shows: wrapped, never cut.
        const line = panel.locator('.source-panel-line');
        expect(await line.textContent()).toMatch(/^Showing passage 1\b/);
        const cut = await line.evaluate(
          (el) => el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1,
        );
        expect(cut, `the panel's line cut at ${view.width}`).toBe(false);
        const head = (await box(page, '.source-panel-head'))!;
        expect(head.height, `the panel's head at ${view.width}`).toBeLessThan(view.height * 0.15);
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
      await panel.waitFor({ state: 'detached' });

      // 2b. The Ask form's run settings: the backend's name whole in its dropdown.
      const runSettings = page.locator('details.run-settings');
      await runSettings.locator('summary').click();
      const backend = page.locator('form.ask-form').getByRole('combobox', { name: /^Backend/ });
      await look(page, 'ask-form', async (view) => {
        const fit = await backend.evaluate((el) => {
          const select = el as HTMLSelectElement;
          const s = getComputedStyle(select);
          const ctx = document.createElement('canvas').getContext('2d')!;
          ctx.font = s.font;
          const text = select.selectedOptions[0]?.text ?? '';
          // The control's arrow takes about 20 px beside the text.
          const room =
            select.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - 20;
          return { text, needs: Math.ceil(ctx.measureText(text).width), room };
        });
        expect(
          fit.needs,
          `"${fit.text}" in the backend dropdown at ${view.width} (${fit.room} px of room)`,
        ).toBeLessThanOrEqual(fit.room);
      });
      await runSettings.locator('summary').click();

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
        console.log(
          `reader at ${view.width}×${view.height}: the page ${Math.round(scroller.height)} px high`,
        );
        expect(
          scroller.height,
          `the page's height at ${view.width}×${view.height}`,
        ).toBeGreaterThan(view.height * 0.6);
        // The reader's toolbar is one row: every control in it starts on the first one.
        const rows = await page.locator('.reader-toolbar').evaluate((bar) => {
          const shown = [...bar.children]
            .map((c) => c.getBoundingClientRect())
            .filter((r) => r.width > 0 && r.height > 0);
          const tops = shown.map((r) => r.top);
          return {
            spread: Math.max(...tops) - Math.min(...tops),
            least: Math.min(...shown.map((r) => r.height)),
          };
        });
        expect(rows.spread, `the reader's toolbar at ${view.width}: a second row`).toBeLessThan(
          rows.least,
        );
        // Its extraction warning is still one click away: in More in a small window.
        if (view.width <= 1100) {
          await page.locator('.reader-toolbar .more-menu > summary').click();
          await page.locator('.more-warnings').getByText('1 extraction warning').waitFor();
          await page.screenshot({
            path: path.join(SHOTS_DIR, `first-day-reader-more-${view.width}.png`),
            caret: 'hide',
          });
          await page.keyboard.press('Escape');
          await page.locator('.more-warnings').waitFor({ state: 'hidden' });
        } else {
          await page.getByText('1 extraction warning').waitFor();
        }
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

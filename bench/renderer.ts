// Renderer benchmark: time to first render of a 3.5M-token document in the reader and of a
// 700-chunk memory timeline, and frame times while scrolling each, in Debian's Chromium.
// Run: npm exec -- node bench/renderer.ts   (builds nothing: run `vite build` first).
import type { Page } from 'playwright-core';
import { launchChromium } from '../e2e/harness/browser.ts';
import { rendererDir } from '../e2e/harness/paths.ts';
import { serveStatic } from '../e2e/harness/static-server.ts';
import { installBenchBridge } from './renderer-data.ts';
import { DEFAULT_RUN_SETTINGS } from '../shared/model.ts';

const SIZES = { chars: 14_000_000, chunks: 700, memoryChars: 4000, settings: DEFAULT_RUN_SETTINGS };
const FRAMES = 240;

interface FrameStats {
  p50: number;
  p95: number;
  max: number;
  /** Work per frame: scroll handling, React render and layout (ms). */
  workP50: number;
  workP95: number;
  workMax: number;
  over16: number;
}

/** Scrolls `selector` by `step` px per animation frame and times every frame in the page. */
async function scrollFrames(page: Page, selector: string, step: number): Promise<FrameStats> {
  return page.evaluate(
    async ({ selector, step, frames }) => {
      const el = document.querySelector(selector) as HTMLElement;
      const work: number[] = [];
      let t0 = 0;
      // The first scroll listener (capture, on window) marks the start of a frame's scroll work;
      // a rAF after it, with a forced layout, marks its end.
      const begin = () => {
        t0 = performance.now();
      };
      window.addEventListener('scroll', begin, { capture: true });
      const deltas: number[] = [];
      let last = performance.now();
      await new Promise<void>((resolve) => {
        let n = 0;
        const tick = (now: number) => {
          if (t0 > 0) {
            void el.getBoundingClientRect().height;
            void (el.lastElementChild as HTMLElement | null)?.offsetHeight;
            work.push(performance.now() - t0);
            t0 = 0;
          }
          deltas.push(now - last);
          last = now;
          n += 1;
          if (n > frames) return resolve();
          el.scrollTop += step;
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
      window.removeEventListener('scroll', begin, { capture: true });
      const q = (xs: number[], p: number) => {
        const s = [...xs].sort((a, b) => a - b);
        return s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0;
      };
      const d = deltas.slice(2);
      return {
        p50: q(d, 0.5),
        p95: q(d, 0.95),
        max: Math.max(...d),
        workP50: q(work, 0.5),
        workP95: q(work, 0.95),
        workMax: Math.max(0, ...work),
        over16: work.filter((w) => w > 16).length,
      };
    },
    { selector, step, frames: FRAMES },
  );
}

/** Clicks `click` and measures until `ready` exists and two frames have painted. */
async function firstRender(page: Page, click: string, ready: string): Promise<number> {
  return page.evaluate(
    async ({ click, ready }) => {
      const t0 = performance.now();
      (document.querySelector(click) as HTMLElement).click();
      await new Promise<void>((resolve) => {
        const check = () =>
          document.querySelector(ready) ? resolve() : requestAnimationFrame(check);
        check();
      });
      await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
      return performance.now() - t0;
    },
    { click, ready },
  );
}

const f = (n: number) => n.toFixed(1);

const server = await serveStatic(rendererDir);
const browser = await launchChromium();
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 820 } });
  await page.addInitScript(installBenchBridge, SIZES);
  await page.goto(server.url);
  await page.locator('.doc-title').waitFor();

  // Reader: the Library's "open" shows the Ask screen; the Reader tab renders the text.
  await page.locator('.doc-title').click();
  await page.getByRole('heading', { name: /Ask about/ }).waitFor();
  const readerMs = await firstRender(
    page,
    'nav[aria-label="Screens"] button:nth-child(2)',
    '.document-text .para',
  );
  const rows = await page.evaluate(() => document.querySelectorAll('.document-text .row').length);
  const readerScroll = await scrollFrames(page, '.document-text', 400);
  // A far jump (page 4,000) must land without re-building rows.
  const jumpMs = await page.evaluate(async () => {
    const input = document.querySelector('.jump-bar input') as HTMLInputElement;
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, '4000');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    const t0 = performance.now();
    (input.form!.querySelector('button[type=submit]') as HTMLButtonElement).click();
    await new Promise<void>((resolve) => {
      const check = () =>
        [...document.querySelectorAll('.page-marker')].some((e) => e.textContent === 'Page 4000')
          ? resolve()
          : requestAnimationFrame(check);
      check();
    });
    return performance.now() - t0;
  });

  // Timeline: select the run on the Ask screen.
  await page.locator('nav[aria-label="Screens"] button:nth-child(3)').click();
  const timelineMs = await firstRender(page, '.run-item', '.timeline-entry');
  const timelineScroll = await scrollFrames(page, '.timeline-list', 120);

  console.log(
    `renderer benchmark (Chromium ${browser.version()}, ${SIZES.chars.toLocaleString()} chars ≈ 3.5M tokens, ${SIZES.chunks} chunks)`,
  );
  console.log(
    `reader: first render ${f(readerMs)} ms (${rows} rows in the DOM); jump to page 4000: ${f(jumpMs)} ms`,
  );
  console.log(
    `reader scroll (${FRAMES} frames, 400 px/frame): frame interval p50 ${f(readerScroll.p50)} / p95 ${f(readerScroll.p95)} / max ${f(readerScroll.max)} ms; work per frame p50 ${f(readerScroll.workP50)} / p95 ${f(readerScroll.workP95)} / max ${f(readerScroll.workMax)} ms; frames over 16 ms: ${readerScroll.over16}`,
  );
  console.log(`timeline (700 chunks): first render ${f(timelineMs)} ms`);
  console.log(
    `timeline scroll (${FRAMES} frames, 120 px/frame): frame interval p50 ${f(timelineScroll.p50)} / p95 ${f(timelineScroll.p95)} / max ${f(timelineScroll.max)} ms; work per frame p50 ${f(timelineScroll.workP50)} / p95 ${f(timelineScroll.workP95)} / max ${f(timelineScroll.workMax)} ms; frames over 16 ms: ${timelineScroll.over16}`,
  );
} finally {
  await browser.close();
  await server.close();
}

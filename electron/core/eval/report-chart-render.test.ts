// The chart as a person sees it: Debian's Chromium opens the SVG file in light and in dark, and
// photographs it (out/eval-report/chart-{light,dark}.png, to look at).
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildEvalReport } from './report.ts';
import {
  FILE_A,
  HOSTILE_LABEL,
  generatedRun,
  tempDir,
  writeResults,
} from './report.test-support.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = path.resolve(import.meta.dirname, '../../../out/eval-report');

let tmp: ReturnType<typeof tempDir>;
beforeAll(() => {
  tmp = tempDir('memagent-chart-');
});
afterAll(() => tmp.remove());

// What the page shows: the picture's size, the colours in use, every text's box.
const LOOK = `(() => {
  const style = (selector) => getComputedStyle(document.querySelector(selector));
  const own = (t) => [...t.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data).join('');
  const box = document.documentElement.viewBox.baseVal;
  return {
    width: box.width,
    height: box.height,
    background: style('.bg').fill,
    text: style('.text').fill,
    line: style('.line.s0').stroke,
    boxes: [...document.querySelectorAll('text')].map((t) => {
      const r = t.getBoundingClientRect();
      return { text: own(t), x: r.x, y: r.y, right: r.right, bottom: r.bottom };
    }),
    scripts: document.querySelectorAll('script').length,
  };
})()`;

interface Look {
  width: number;
  height: number;
  background: string;
  text: string;
  line: string;
  boxes: Box[];
  scripts: number;
}

interface Box {
  text: string;
  x: number;
  y: number;
  right: number;
  bottom: number;
}

describe.skipIf(!existsSync(CHROMIUM))('the chart in a browser', () => {
  it('reads in light and dark: its own background, text inside the picture, no overlaps', async () => {
    const { svg } = await buildEvalReport([
      {
        path: writeResults(tmp.dir, 'generated.jsonl', generatedRun()),
        label: 'RL-MemoryAgent-14B on our vLLM, temperature 0 (make-eval, 16 rows a length)',
      },
      { path: writeResults(tmp.dir, 'a.jsonl', FILE_A), label: 'gpt-4o-mini' },
      { path: writeResults(tmp.dir, 'b.jsonl', FILE_A.slice(8)), label: HOSTILE_LABEL },
      // Shown as \u202e each: six times as wide as it is long, and still clipped to the column.
      { path: writeResults(tmp.dir, 'c.jsonl', FILE_A.slice(0, 4)), label: '\u202e'.repeat(60) },
    ]);
    mkdirSync(OUT, { recursive: true });
    const file = path.join(OUT, 'accuracy.svg');
    writeFileSync(file, svg);

    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const backgrounds: string[] = [];
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({
          colorScheme,
          viewport: { width: 860, height: 720 },
        });
        const page = await context.newPage();
        const dialogs: string[] = [];
        page.on('dialog', (d) => {
          dialogs.push(d.message());
          void d.dismiss();
        });
        await page.goto(pathToFileURL(file).href);
        // A string: this file is typed without the DOM.
        const look = (await page.evaluate(LOOK)) as Look;
        backgrounds.push(look.background);
        expect(look.scripts).toBe(0);
        expect(dialogs).toEqual([]);
        // The hostile label is shown as text, clipped in the legend.
        expect(look.boxes.map((b) => b.text)).toContain(
          '<script>alert("x")</script> & Tom\'s \\u202ee…',
        );
        // Every text inside the picture, and no two overlapping (tick labels, legend).
        const texts: Box[] = look.boxes;
        for (const box of texts) {
          expect(box.x, box.text).toBeGreaterThanOrEqual(0);
          expect(box.right, box.text).toBeLessThanOrEqual(look.width);
          expect(box.bottom, box.text).toBeLessThanOrEqual(look.height);
        }
        for (const [i, one] of texts.entries())
          for (const other of texts.slice(i + 1)) {
            const overlap =
              one.x < other.right &&
              other.x < one.right &&
              one.y < other.bottom &&
              other.y < one.bottom;
            expect(overlap, `"${one.text}" overlaps "${other.text}"`).toBe(false);
          }
        expect(look.text).not.toBe(look.background);
        expect(look.line).not.toBe(look.background);
        // Photographed as a Markdown viewer shows it: an image in a page of the same scheme.
        const data = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
        const viewer = await context.newPage();
        await viewer.setContent(
          `<body style="margin:16px;background:${colorScheme === 'dark' ? '#0d1117' : '#fff'}"><img src="${data}"></body>`,
        );
        await viewer
          .locator('img')
          .screenshot({ path: path.join(OUT, `chart-${colorScheme}.png`) });
        await context.close();
      }
      expect(backgrounds).toEqual(['rgb(255, 255, 255)', 'rgb(13, 17, 23)']);
    } finally {
      await browser.close();
    }
  });
});

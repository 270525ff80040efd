import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { geometryOf, rectsForSpan, type PageRect, type TextGeometry } from './geometry.ts';
import { extractDocument } from './index.ts';
import { missingSystemTools, skipNote } from '../system-tools.test-support.ts';
import { fixture } from './test-support.ts';

/** The reference boxes are pdftotext's. */
const NO_PDFTOTEXT = missingSystemTools(['pdftotext']);

/** pdftotext -bbox's boxes of `word` on page `page` (top-left origin, points). */
function popplerBoxes(path: string, page: number, word: string): number[][] {
  const html = spawnSync(
    'pdftotext',
    ['-bbox', '-f', String(page), '-l', String(page), path, '-'],
    {
      encoding: 'utf8',
    },
  ).stdout;
  return [
    ...html.matchAll(
      /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
    ),
  ]
    .filter((m) => m[5] === word)
    .map((m) => [Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]);
}

/** A rectangle of `rectsForSpan` in pdftotext's space: origin at the top left of the page box. */
function topLeft(geometry: TextGeometry, r: PageRect): number[] {
  const i = (r.page - 1) * 4;
  const left = geometry.pageBoxes[i] ?? 0;
  const top = geometry.pageBoxes[i + 3] ?? 0;
  return [r.x0 - left, top - r.y1, r.x1 - left, top - r.y0];
}

const TOLERANCE = 1.5;

describe.skipIf(NO_PDFTOTEXT !== null)(`PDF line geometry${skipNote(NO_PDFTOTEXT)}`, () => {
  it.each([
    ['Northwind', 1],
    ['Preamble', 1],
    ['consulting', 2],
    ['twelve', 3],
    ['Termination', 4],
  ])(
    '%s maps to a rectangle on page %i containing its box as pdftotext reports it',
    async (word, page) => {
      const path = fixture('contract.pdf');
      const doc = await extractDocument({ path });
      const geometry = geometryOf(doc);
      expect(geometry).toBeDefined();
      if (geometry === undefined) return;
      const at = doc.text.indexOf(word);
      expect(at).toBeGreaterThanOrEqual(0);
      const rects = rectsForSpan(geometry, at, at + word.length);
      expect(rects).toHaveLength(1);
      const [rect] = rects as [PageRect];
      expect(rect.page).toBe(page);
      const [expected] = popplerBoxes(path, page, word);
      expect(expected).toBeDefined();
      const [x0 = 0, y0 = 0, x1 = 0, y1 = 0] = topLeft(geometry, rect);
      const [px0 = 0, py0 = 0, px1 = 0, py1 = 0] = expected ?? [];
      expect(x0).toBeLessThanOrEqual(px0 + TOLERANCE);
      expect(y0).toBeLessThanOrEqual(py0 + TOLERANCE);
      expect(x1).toBeGreaterThanOrEqual(px1 - TOLERANCE);
      expect(y1).toBeGreaterThanOrEqual(py1 - TOLERANCE);
      // Contains the word, not the page: no wider than the word plus two characters' room.
      expect(x1 - x0).toBeLessThan(px1 - px0 + 30);
      expect(y1 - y0).toBeLessThan((py1 - py0) * 2);
    },
  );

  it('a span over two lines gives one rectangle per line, in order', async () => {
    const doc = await extractDocument({ path: fixture('contract.pdf') });
    const geometry = geometryOf(doc) as TextGeometry;
    const start = doc.text.indexOf('1. Term and Fees');
    const end = doc.text.indexOf('payable in advance');
    const rects = rectsForSpan(geometry, start, end);
    expect(rects.map((r) => r.page)).toEqual([3, 3, 3]);
    expect((rects[0]?.y0 ?? 0) > (rects[1]?.y1 ?? 0)).toBe(true);
  });
});

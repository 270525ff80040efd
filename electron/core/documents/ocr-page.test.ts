import { describe, expect, it } from 'vitest';
import {
  bitmapToPgm,
  MIN_PAGE_CONFIDENCE,
  pageFromBlocks,
  type RecognisedBlock,
} from './ocr-page.ts';

const pixelsOf = (pgm: Uint8Array): number[] => [...pgm.subarray(pgm.length - 2)];

describe('bitmapToPgm', () => {
  it('writes a P5 header and one grey byte a pixel, reading the byte order it is told', () => {
    // One pure red pixel, one pure blue pixel.
    const rgba = new Uint8Array([255, 0, 0, 255, 0, 0, 255, 255]);
    const pgm = bitmapToPgm({ width: 2, height: 1, rgba });
    expect(new TextDecoder().decode(pgm.subarray(0, 11))).toBe('P5\n2 1\n255\n');
    expect(pixelsOf(pgm)).toEqual([76, 29]);
    // The same bytes as BGRA are blue then red.
    expect(pixelsOf(bitmapToPgm({ width: 2, height: 1, rgba, order: 'bgra' }))).toEqual([29, 76]);
  });

  it('reads transparent pixels as white paper', () => {
    const rgba = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 128]);
    expect(pixelsOf(bitmapToPgm({ width: 2, height: 1, rgba }))).toEqual([255, 127]);
  });

  it('refuses a buffer that does not match the size', () => {
    expect(() => bitmapToPgm({ width: 2, height: 2, rgba: new Uint8Array(8) })).toThrow(
      /needs 16 bytes/,
    );
  });
});

const word = (text: string, x0: number, y0: number, confidence = 90) => ({
  text,
  confidence,
  bbox: { x0, y0, x1: x0 + 20, y1: y0 + 10 },
});

describe('pageFromBlocks', () => {
  // 2 px per point on a 100 x 200 pt page.
  const page = { widthPt: 100, heightPt: 200, scale: 2 };
  const blocks: RecognisedBlock[] = [
    {
      paragraphs: [
        {
          lines: [
            { words: [word('Hello', 0, 0), word('world', 30, 0)] },
            { words: [word('again', 0, 20)] },
          ],
        },
        { lines: [{ words: [word(' ', 0, 40), word('Next', 0, 60)] }] },
      ],
    },
  ];

  it('joins lines with a newline and paragraphs with a blank line; spans index the text', () => {
    const result = pageFromBlocks(blocks, page);
    expect(result.text).toBe('Hello world\nagain\n\nNext');
    for (const w of result.words) expect(result.text.slice(w.start, w.end)).toBe(w.text);
    expect(result.words.map((w) => w.text)).toEqual(['Hello', 'world', 'again', 'Next']);
    expect(result.confidence).toBe(90);
    expect(result.warning).toBeUndefined();
  });

  it('gives boxes in points from the bottom-left corner, clamped to the page', () => {
    const result = pageFromBlocks(
      [{ paragraphs: [{ lines: [{ words: [word('Hello', 10, 20), word('edge', 190, 395)] }] }] }],
      page,
    );
    expect(result.words[0]?.box).toEqual({ left: 5, right: 15, top: 190, bottom: 185 });
    expect(result.words[1]?.box).toEqual({ left: 95, right: 100, top: 2.5, bottom: 0 });
  });

  it('withholds the text of an unsure page with a warning', () => {
    const unsure = MIN_PAGE_CONFIDENCE - 1;
    const result = pageFromBlocks(
      [
        {
          paragraphs: [
            { lines: [{ words: [word('Xq', 0, 0, unsure), word('zz', 30, 0, unsure)] }] },
          ],
        },
      ],
      page,
    );
    expect(result).toMatchObject({ text: '', words: [], confidence: unsure });
    expect(result.warning).toMatch(/too unsure/);
  });

  it('returns a blank page without words or warning', () => {
    expect(pageFromBlocks([], page)).toEqual({ text: '', words: [], confidence: 0 });
  });
});

import { describe, expect, it } from 'vitest';
import { splitText } from './token-counter.ts';

describe('splitText (pieces for background token counts)', () => {
  it('covers the text exactly, cutting at line ends near the piece size', () => {
    const line = `${'word '.repeat(30)}\n`;
    const text = line.repeat(20_000);
    const pieces = splitText(text);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThan(5);
    for (const p of pieces.slice(0, -1)) expect(p.endsWith('\n')).toBe(true);
  });

  it('never splits a surrogate pair in text without line ends', () => {
    // An odd prefix puts a pair across every even cut position.
    const text = `a${'😀'.repeat(300_000)}`;
    const pieces = splitText(text);
    expect(pieces.join('')).toBe(text);
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    for (const p of pieces) expect(lone.test(p)).toBe(false);
    expect(splitText('')).toEqual([]);
  });
});

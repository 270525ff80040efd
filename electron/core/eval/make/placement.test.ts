import { describe, expect, it } from 'vitest';
import { isSentenceStart, nearestBoundary, placeNeedles } from './placement.ts';

describe('needle placement', () => {
  it('takes sentence starts after . ! ? … and closing quotes, not after an abbreviation', () => {
    const text = 'He left. "Why?" she asked… Mr. Smith met J. Doe at No. 7. Then rain';
    const starts = [...text].flatMap((_, p) =>
      isSentenceStart(text, p) ? [text.slice(p, p + 4)] : [],
    );
    expect(starts).toEqual(['He l', '"Why', 'she ', 'Mr. ', 'Then']);
  });

  it('puts a needle right after a CJK full stop, with no space, and never inside a word', () => {
    const text = '吾輩は猫である。名前はまだ無い。';
    const { context, placed } = placeNeedles(text, [{ text: 'NEEDLE.', depth: 0.5 }]);
    expect(context).toBe('吾輩は猫である。NEEDLE.名前はまだ無い。');
    expect(placed[0]).toMatchObject({ start: 8, end: 15, depth: 8 / context.length });
    // Far from any sentence start, a needle goes at the start of the nearest word.
    const words = 'alpha beta '.repeat(100);
    const at = nearestBoundary(words, 603);
    expect(Math.abs(at - 603)).toBeLessThan(6);
    expect(words[at - 1]).toBe(' ');
    expect(words.slice(at)).toMatch(/^(alpha|beta) /);
  });

  it('keeps the order and offsets of several needles at one spot, and at the very end', () => {
    const { context, placed } = placeNeedles('One. Two.', [
      { text: 'A.', depth: 0.6 },
      { text: 'B.', depth: 0.6 },
    ]);
    expect(context).toBe('One. A. B. Two.');
    expect(placed.map((n) => context.slice(n.start, n.end))).toEqual(['A.', 'B.']);
    // One word and nothing else: before it, never inside it.
    const word = 'x'.repeat(500);
    expect(placeNeedles(word, [{ text: 'Z.', depth: 1 }]).context).toBe(`Z. ${word}`);
  });
});

import { describe, expect, it } from 'vitest';
import { TextBuilder } from './text-builder.ts';

describe('TextBuilder', () => {
  it('is at every moment the concatenation of what was appended, across joins', () => {
    const b = new TextBuilder();
    let expected = '';
    for (let i = 0; i < 300; i += 1) {
      const piece = i % 7 === 0 ? '' : `t${i}é😀 `;
      b.append(piece);
      expected += piece;
      expect(b.length).toBe(expected.length);
      if (i % 13 === 0) expect(b.toString()).toBe(expected);
    }
    expect(b.toString()).toBe(expected);
    b.clear();
    expect(b.toString()).toBe('');
    expect(b.length).toBe(0);
    b.append('again');
    expect(b.toString()).toBe('again');
  });
});

import { describe, expect, it } from 'vitest';
import { visibleText } from './visible-text.ts';

describe('visibleText', () => {
  it('shows the escape sequences that set a title, clear the screen or write the clipboard', () => {
    const hostile = 'yes\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;ZWNobyBwd25lZA==\x07\x9b31m\x00\x7f';
    const shown = visibleText(hostile);
    expect(shown).toBe(
      'yes\\u001b]0;PWNED\\u0007\\u001b[2J\\u001b]52;c;ZWNobyBwd25lZA==\\u0007\\u009b31m\\u0000\\u007f',
    );
    expect(shown).not.toMatch(/\p{Cc}/u);
  });

  it('keeps newlines, tabs and CRLF but shows a lone CR that would overwrite the line', () => {
    expect(visibleText('a\tb\nc\r\nd')).toBe('a\tb\nc\r\nd');
    expect(visibleText('Answer: yes\rAnswer: no')).toBe('Answer: yes\\u000dAnswer: no');
  });

  it('shows bidi controls, so a right-to-left override cannot turn .txt into .exe', () => {
    const name = 'report\u202Eexe.txt\u202C.txt';
    expect(visibleText(name)).toBe('report\\u202eexe.txt\\u202c.txt');
    for (const c of ['\u061c', '\u200e', '\u200f', '\u202a', '\u202d', '\u2066', '\u2069'])
      expect(visibleText(c)).toMatch(/^\\u[0-9a-f]{4}$/);
  });

  it('leaves ordinary text, right-to-left scripts and emoji alone, and is idempotent', () => {
    const plain = 'Chapter 7 · שלום · مرحبا · 👩‍💻 <b>&amp;</b>';
    expect(visibleText(plain)).toBe(plain);
    const once = visibleText('x\x1by\u202e');
    expect(visibleText(once)).toBe(once);
  });

  it('applied to JSON keeps it JSON with the same value', () => {
    const value = { answer: 'a\x1b[2J\u202eb\x9b\\u0041', n: 1 };
    const text = visibleText(JSON.stringify(value, null, 2));
    expect([...text].filter((c) => c !== '\n' && /[\p{Cc}\p{Bidi_Control}]/u.test(c))).toEqual([]);
    expect(JSON.parse(text)).toEqual(value);
  });
});

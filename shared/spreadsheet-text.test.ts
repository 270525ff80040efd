import { describe, expect, it } from 'vitest';
import { neutralizeFormula, restoreFormula, spreadsheetText } from './spreadsheet-text.ts';

describe('text for a spreadsheet cell', () => {
  it.each([
    ['=HYPERLINK("http://x")', `'=HYPERLINK("http://x")`],
    ["+cmd|' /C calc'!A0", `'+cmd|' /C calc'!A0`],
    ['@SUM(1)', `'@SUM(1)`],
    ['-2+3', `'-2+3`],
    ['\t=1+1', `'\t=1+1`],
    ['\r=1+1', `'\r=1+1`],
  ])('%j starts with an apostrophe, so it is text', (input, output) => {
    expect(neutralizeFormula(input)).toBe(output);
  });

  it('leaves other text as written, a formula trigger inside it too', () => {
    for (const text of ['England', '2026-01-31', 'USD 5,000,000', 'a=b', '', ' =1', '供給契約'])
      expect(neutralizeFormula(text)).toBe(text);
  });

  it('gives back what it guarded when a file the app wrote is read again', () => {
    const texts = ['=1+1', "'=x", "''+y", '@a', '-2', '+3', "'plain", 'fine', ''];
    const written = texts.map(neutralizeFormula);
    expect(written).toEqual(["'=1+1", "''=x", "'''+y", "'@a", "'-2", "'+3", "'plain", 'fine', '']);
    expect(written.map(restoreFormula)).toEqual(texts);
  });

  it('shows controls and bidi overrides before looking at the first character', () => {
    expect(spreadsheetText('\u202E=1+1')).toBe('\\u202e=1+1');
    expect(spreadsheetText('a\x00b')).toBe('a\\u0000b');
    expect(spreadsheetText('=1')).toBe(`'=1`);
  });
});

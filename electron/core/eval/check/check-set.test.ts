// The check's set from the bundled text: eight rows, four families at 8K and 32K tokens, the
// same for the same text and tokenizer; a text shorter than its longest row is refused.
import { describe, expect, it } from 'vitest';
import { createTokenizer } from '../../tokenize/index.ts';
import { lengthTolerance } from '../make/index.ts';
import { bundledText } from './bundled-text.ts';
import { buildCheckRows } from './check-set.ts';

describe('the check set', () => {
  it('is eight rows of the bundled public-domain text, the same each time', async () => {
    const tokenizer = await createTokenizer('qwen', {});
    try {
      const text = bundledText();
      expect(text).toContain("THE DEVIL'S DICTIONARY");
      const rows = await buildCheckRows(text, 'Bundled', tokenizer);
      expect(rows.map((r) => [r.family, r.targetTokens])).toEqual([
        ['niah_single', 8192],
        ['niah_multikey', 8192],
        ['multihop', 8192],
        ['vt', 8192],
        ['niah_single', 32768],
        ['niah_multikey', 32768],
        ['multihop', 32768],
        ['vt', 32768],
      ]);
      const counts = await tokenizer.countMany(rows.map((r) => r.context));
      counts.forEach((n, i) => {
        const target = rows[i]?.targetTokens ?? 0;
        expect(Math.abs(n - target)).toBeLessThanOrEqual(lengthTolerance(target));
      });
      // Variable tracking is scored name by name, as `memagent eval` scores it, not as one string.
      const vt = rows.find((r) => r.family === 'vt');
      expect(vt?.scoring).toBe('match-all');
      expect(vt?.answers.length).toBeGreaterThan(1);
      expect(vt?.answers.some((a) => a.includes(','))).toBe(false);
      expect(rows.find((r) => r.family === 'niah_single')?.scoring).toBe('match-all');
      const again = await buildCheckRows(text, 'Bundled', tokenizer);
      expect(again).toEqual(rows);
    } finally {
      await tokenizer.dispose();
    }
  });

  it('refuses a text shorter than its longest row, naming it', async () => {
    const tokenizer = await createTokenizer('qwen', {});
    try {
      await expect(
        buildCheckRows('A short note. '.repeat(2000), 'Note', tokenizer),
      ).rejects.toThrow(
        /^“Note” has [\d,]+ tokens of text; the check needs at least 32,768 \(its longest row\)\.$/,
      );
      await expect(buildCheckRows('Too little.', 'Tiny', tokenizer)).rejects.toThrow(
        /^“Tiny” has [1-9] tokens? of text/,
      );
    } finally {
      await tokenizer.dispose();
    }
  });
});

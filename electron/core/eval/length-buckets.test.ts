import { describe, expect, it } from 'vitest';
import { bucketCentre, bucketOf, paperColumn, tokenLabel } from './length-buckets.ts';

describe('length buckets', () => {
  it("puts upstream and generated lengths in Table 2's nearest column", () => {
    const column = (tokens: number) => paperColumn(bucketOf(tokens));
    // An upstream set's spread and a generated set's power of two share the 7K column.
    expect([5_000, 6_900, 7_000, 8_192, 9_800].map(column)).toEqual(['7K', '7K', '7K', '7K', '7K']);
    expect([10_000, 14_000, 16_384, 19_000].map(column)).toEqual(['14K', '14K', '14K', '14K']);
    expect(column(131_072)).toBe('112K');
    expect(column(896_000)).toBe('896K');
    // The geometric mean of 1.75M and 3.5M is 2.47M.
    expect(column(2_400_000)).toBe('1.75M');
    expect(column(2_550_000)).toBe('3.5M');
    expect(column(3_500_000)).toBe('3.5M');
  });

  it('extends the grid by doublings beyond the table', () => {
    expect(bucketOf(4_000)).toBe(-1);
    expect(bucketCentre(-1)).toBe(3_500);
    expect(paperColumn(-1)).toBeUndefined();
    expect(bucketOf(1_024)).toBe(-3);
    expect(bucketOf(7_000_000)).toBe(10);
    expect(bucketCentre(10)).toBe(7_000_000);
    expect(bucketOf(1)).toBeLessThan(-10);
  });

  it('names token counts as the paper does', () => {
    expect([512, 1_000, 7_250, 8_192, 14_000, 131_072, 999_400].map(tokenLabel)).toEqual([
      '512',
      '1K',
      '7.25K',
      '8.19K',
      '14K',
      '131K',
      '999K',
    ]);
    expect([999_600, 1_750_000, 3_500_000, 12_345_678].map(tokenLabel)).toEqual([
      '1M',
      '1.75M',
      '3.5M',
      '12.3M',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { estimateCostText, formatMoney, moneyRange, overCostLimit } from './estimate-cost.ts';

describe('the cost of an estimate in words', () => {
  it('shows cents, and four places below a cent', () => {
    expect(formatMoney(1.234)).toBe('$1.23');
    expect(formatMoney(0.00421)).toBe('$0.0042');
    expect(moneyRange({ min: 0.004, max: 1.5 })).toBe('$0.0040 to $1.50');
    expect(moneyRange({ min: 1.001, max: 1.004 })).toBe('$1.00');
  });

  it('says the same range in the app and the command line; only the missing prices differ', () => {
    const priced = { cost: { min: 0.44, max: 0.9 } };
    const range = '$0.44 to $0.90 (the most if every memory fills its budget)';
    expect(estimateCostText(priced, 'app')).toBe(range);
    expect(estimateCostText(priced, 'cli')).toBe(range);
    expect(estimateCostText({ cost: null }, 'app')).toBe('no prices set for this backend');
    expect(estimateCostText({ cost: null }, 'cli')).toBe(
      'no prices given (--input-price and --output-price, per million tokens, give a range)',
    );
    expect(estimateCostText({ cost: null, onThisComputer: true }, 'cli')).toBe(
      'free (the model runs on this computer)',
    );
  });

  it('asks first only for a priced read whose most is above the limit', () => {
    expect(overCostLimit({ min: 1, max: 5 }, 4)).toBe(true);
    expect(overCostLimit({ min: 1, max: 4 }, 4)).toBe(false);
    expect(overCostLimit(null, 0)).toBe(false);
    expect(overCostLimit(undefined, 0)).toBe(false);
  });
});

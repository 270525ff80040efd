// The check's estimate in words: a cloud user is told the price before it starts, a local
// server that it costs nothing, a profile without prices that the cost is unknown.
import { describe, expect, it } from 'vitest';
import type { CheckEstimate } from '../../../shared/backend-check.ts';
import { checkCostLine, checkReadsLine, checkTimeLine } from './check-text.ts';

const estimate = (patch: Partial<CheckEstimate> = {}): CheckEstimate => ({
  sourceTitle: 'Book',
  rows: 8,
  lengths: [8192, 32768],
  contextTokens: 163_900,
  requests: 44,
  promptTokens: 210_000,
  cost: null,
  seconds: null,
  ownServer: true,
  tokenizer: 'qwen2.5',
  model: 'm',
  ...patch,
});

describe('check estimate wording', () => {
  it('says what it reads', () => {
    expect(checkReadsLine(estimate())).toBe(
      'Reads about 164K tokens (4 rows at each of 8K and 32K tokens, 44 requests)',
    );
  });
  it('prices a priced profile, frees a local one, and admits an unknown price', () => {
    expect(checkCostLine(estimate({ cost: { min: 0.021, max: 0.048 }, ownServer: false }))).toBe(
      'Cost: about $0.02 to $0.05 with this profile’s prices',
    );
    expect(checkCostLine(estimate())).toBe('Cost: free (your own server)');
    expect(checkCostLine(estimate({ ownServer: false }))).toMatch(
      /^Cost: unknown \(this profile has no prices/,
    );
  });
  it('gives the time once the backend’s speed is known', () => {
    expect(checkTimeLine(estimate())).toMatch(/^Time: unknown/);
    expect(checkTimeLine(estimate({ seconds: { min: 30, max: 130 } }))).toBe(
      'Time: 30 s to 2 min 10 s',
    );
  });
});

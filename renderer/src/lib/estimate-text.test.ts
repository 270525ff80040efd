import { describe, expect, it } from 'vitest';
import type { RunEstimate } from '../../../shared/run-estimate.ts';
import { costLine, moneyRange, needsConfirmation, timeLine, tokensLine } from './estimate-text.ts';

const e: RunEstimate = {
  chunks: 35,
  promptTokens: 212_345,
  minPromptTokens: 176_000,
  maxCompletionTokens: 36_864,
  minCompletionTokens: 36,
  cost: { min: 0.44, max: 0.9 },
  seconds: { min: 40, max: 754 },
  quoteCheck: null,
};

describe('estimate text', () => {
  it('says chunks and token bounds, with one chunk in the singular', () => {
    expect(tokensLine(e)).toBe('35 chunks · up to 212K prompt and 37K completion tokens');
    expect(tokensLine({ ...e, chunks: 1 })).toMatch(/^1 chunk ·/);
  });

  it('says the quote-check requests are in the figures when the backend has the check on', () => {
    const quoteCheck = { requests: 3, promptTokens: 1200, completionTokens: 600 };
    expect(tokensLine({ ...e, quoteCheck })).toBe(
      '35 chunks · up to 212K prompt and 37K completion tokens · includes up to 3 quote-check requests',
    );
    expect(tokensLine({ ...e, quoteCheck: { ...quoteCheck, requests: 1 } })).toMatch(
      /up to 1 quote-check request$/,
    );
  });

  it('says the cost range, or that the backend has no prices', () => {
    expect(costLine(e)).toBe('Cost: $0.44 to $0.90 (the most if every memory fills its budget)');
    expect(costLine({ ...e, cost: null })).toBe('Cost: no prices set for this backend');
    expect(costLine({ ...e, cost: null, onThisComputer: true })).toBe(
      'Cost: free (the model runs on this computer)',
    );
    expect(moneyRange({ min: 1.001, max: 1.004 })).toBe('$1.00');
  });

  it('says the time range, or that it is unknown before the backend answered, as the CLI does', () => {
    expect(timeLine(e)).toBe('Time: 40 s to 12 min 34 s');
    expect(timeLine({ ...e, onThisComputer: true, device: 'cpu' })).toBe(
      'Time: 40 s to 12 min 34 s on this computer, CPU only',
    );
    expect(
      timeLine({ ...e, onThisComputer: true, device: 'gpu', seconds: { min: 60, max: 60 } }),
    ).toBe('Time: about 1 min 00 s on this computer, on its GPU');
    expect(timeLine({ ...e, seconds: null })).toBe(
      'Time: unknown until the backend has answered once',
    );
  });

  it('asks first only for a priced run that may cost more than the limit', () => {
    expect(needsConfirmation(e, 1)).toBe(false);
    expect(needsConfirmation(e, 0.5)).toBe(true);
    expect(needsConfirmation({ ...e, cost: null }, 0)).toBe(false);
    expect(needsConfirmation(null, 0)).toBe(false);
  });
});

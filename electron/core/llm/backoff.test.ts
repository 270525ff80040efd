import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, retryAfterMs, sleepUnlessAborted } from './backoff.ts';
import { estimateCost } from './cost.ts';

describe('backoff', () => {
  it('grows exponentially under full jitter and stays under the cap', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 500, 30_000, () => 1))).toEqual([
      500, 1000, 2000, 4000,
    ]);
    expect(backoffDelay(20, 500, 30_000, () => 1)).toBe(30_000);
    expect(backoffDelay(3, 500, 30_000, () => 0)).toBe(0);
  });

  it('reads retry-after-ms, retry-after seconds and dates, capped at 60 s', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterMs(new Headers({ 'retry-after': '3600' }))).toBe(60_000);
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(
      retryAfterMs(new Headers({ 'retry-after': 'Thu, 01 Jan 2026 00:00:05 GMT' }), 60_000, now),
    ).toBe(5000);
    expect(retryAfterMs(new Headers({}))).toBeUndefined();
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeUndefined();
  });

  it('stops sleeping as soon as the signal aborts', async () => {
    // Fake timers: the abort must end the sleep with no time passing and clear its timer.
    vi.useFakeTimers();
    try {
      const controller = new AbortController();
      const sleeping = sleepUnlessAborted(60_000, controller.signal);
      expect(vi.getTimerCount()).toBe(1);
      controller.abort();
      await expect(sleeping).rejects.toMatchObject({ kind: 'Cancelled' });
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('cost', () => {
  it('estimates a cost only when a price is known', () => {
    const usage = { promptTokens: 2_000_000, completionTokens: 500_000 };
    expect(estimateCost(usage, { inputPricePerMTok: 0.5, outputPricePerMTok: 2 })).toBeCloseTo(2);
    expect(estimateCost(usage, { inputPricePerMTok: 0.5 })).toBeCloseTo(1);
    expect(estimateCost(usage, {})).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { QUOTE_CHECK_CHUNKS } from '../../../shared/quote-check.ts';
import { SLOT_SLACK_TOKENS, estimateRun } from './estimate.ts';
import { QUOTE_MAX_TOKENS } from './templates.ts';
import { addTimings, fitSpeed } from './speed.ts';

const counts = {
  sections: [5010, 5012, 3000],
  head: 120,
  final: 80,
  initialMemory: 3,
  quote: 90,
  chunkTokens: [4990, 4992, 2980],
};
const settings = { memoryTokens: 1024, answerTokens: 512 };

describe('estimateRun', () => {
  it('adds the exact parts and the memory bounds', () => {
    const e = estimateRun(counts, settings, {}, null);
    const exact = 5010 + 5012 + 3000 + 3 * 120 + 80;
    expect(e).toEqual({
      chunks: 3,
      promptTokens: exact + 3 * (1024 - 3),
      minPromptTokens: exact - 3 * 2,
      maxCompletionTokens: 3 * 1024 + 512,
      minCompletionTokens: 4,
      cost: null,
      seconds: null,
      quoteCheck: null,
    });
  });

  it('adds the quote check to the maximum only: the largest chunks with the answer at its budget', () => {
    const off = estimateRun(
      counts,
      settings,
      { inputPricePerMTok: 1, outputPricePerMTok: 4 },
      null,
    );
    const on = estimateRun(
      counts,
      settings,
      { inputPricePerMTok: 1, outputPricePerMTok: 4 },
      null,
      true,
    );
    // Three chunks, three requests; each quote prompt: frame + answer budget + chunk + slack.
    const prompts = 3 * (90 + 512 + 2 * SLOT_SLACK_TOKENS) + 4990 + 4992 + 2980;
    expect(on.quoteCheck).toEqual({
      requests: QUOTE_CHECK_CHUNKS,
      promptTokens: prompts,
      completionTokens: 3 * QUOTE_MAX_TOKENS,
    });
    expect(on.promptTokens).toBe(off.promptTokens + prompts);
    expect(on.maxCompletionTokens).toBe(off.maxCompletionTokens + 3 * QUOTE_MAX_TOKENS);
    expect(on.minPromptTokens).toBe(off.minPromptTokens);
    expect(on.minCompletionTokens).toBe(off.minCompletionTokens);
    expect(on.cost?.min).toBe(off.cost?.min);
    expect(on.cost?.max).toBeCloseTo((on.promptTokens + 4 * on.maxCompletionTokens) / 1e6);

    // Only the QUOTE_CHECK_CHUNKS largest chunks count; a short document asks fewer.
    const many = { ...counts, sections: [1, 1, 1, 1, 1], chunkTokens: [10, 50, 20, 40, 30] };
    expect(estimateRun(many, settings, {}, null, true).quoteCheck?.promptTokens).toBe(
      3 * (90 + 512 + 2 * SLOT_SLACK_TOKENS) + 50 + 40 + 30,
    );
    const one = { ...counts, sections: [7], chunkTokens: [5] };
    expect(estimateRun(one, settings, {}, null, true).quoteCheck?.requests).toBe(1);
  });

  it('prices both ends of the range, and one given price counts the other side as free', () => {
    const e = estimateRun(counts, settings, { inputPricePerMTok: 1, outputPricePerMTok: 4 }, null);
    expect(e.cost?.max).toBeCloseTo((e.promptTokens + 4 * e.maxCompletionTokens) / 1e6);
    expect(e.cost?.min).toBeCloseTo((e.minPromptTokens + 4 * e.minCompletionTokens) / 1e6);
    const inputOnly = estimateRun(counts, settings, { inputPricePerMTok: 1 }, null);
    expect(inputOnly.cost?.max).toBeCloseTo(inputOnly.promptTokens / 1e6);
  });

  it('has no time until a speed is measured, and never a range beyond 2× once a run finished', () => {
    const speed = { msPerPromptToken: 0.1, msPerCompletionToken: 16 };
    const long = {
      ...counts,
      sections: Array.from({ length: 88 }, () => 5010),
      chunkTokens: Array.from({ length: 88 }, () => 4990),
    };
    expect(estimateRun(long, settings, {}, null).seconds).toBeNull();
    // The old range: every memory one token long up to every memory full.
    const old =
      (long.sections.length * (120 + 1024 + 5010) * 0.1 + 89 * 1024 * 16) /
      (long.sections.length * (120 + 5010) * 0.1 + 89 * 16);
    expect(old).toBeGreaterThan(30);
    // A finished run left its growth: memories of a few tokens first, full from the middle.
    const curve = [0.01, 0.02, 0.1, 0.4, 0.8, 0.95, 0.97, 0.98, 0.98, 0.98];
    const withCurve = estimateRun(long, settings, {}, speed, false, curve).seconds!;
    expect(withCurve.max / withCurve.min).toBeLessThanOrEqual(2);
    // The real time of a run that grows that way lies inside.
    const real = 88 * (0.5 + 0.64 * 1024 * 0.016) + 0.5;
    expect(withCurve.min).toBeLessThan(real);
    expect(withCurve.max).toBeGreaterThan(real);
    // Measured speed but no finished run (a backend check, this computer's measurement): wider.
    const noCurve = estimateRun(long, settings, {}, speed).seconds!;
    expect(noCurve.max / noCurve.min).toBeLessThanOrEqual(4);
    expect(noCurve.max / noCurve.min).toBeGreaterThan(2);
  });
});

describe('fitSpeed', () => {
  it('recovers prefill and decode rates from requests of varied sizes', () => {
    // A vLLM-like server: 10,000 prompt tokens/s and 60 completion tokens/s.
    const timings = [100, 300, 600, 900, 1000].map((c, i) => {
      const p = 5000 + 200 * i + c;
      return { promptTokens: p, completionTokens: c, ms: p * 0.1 + c * (1000 / 60) };
    });
    const speed = fitSpeed(addTimings(undefined, timings));
    expect(speed?.msPerPromptToken).toBeCloseTo(0.1, 5);
    expect(speed?.msPerCompletionToken).toBeCloseTo(1000 / 60, 3);
  });

  it('falls back to decode time alone when the requests cannot separate the two', () => {
    const same = [1, 2, 3].map(() => ({ promptTokens: 1000, completionTokens: 100, ms: 2000 }));
    const speed = fitSpeed(addTimings(undefined, same));
    expect(speed).toEqual({ msPerPromptToken: 0, msPerCompletionToken: 20 });
    expect(fitSpeed(addTimings(undefined, []))).toBeNull();
  });

  it('weighs the latest run as much as all earlier ones', () => {
    const slow = [{ promptTokens: 0, completionTokens: 100, ms: 4000 }];
    const fast = [{ promptTokens: 0, completionTokens: 100, ms: 1000 }];
    const sums = addTimings(addTimings(undefined, slow), fast);
    expect(fitSpeed(sums)?.msPerCompletionToken).toBeCloseTo(20);
  });
});

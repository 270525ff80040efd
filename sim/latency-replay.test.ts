import { describe, expect, it } from 'vitest';
import { fillMemoryPrompt } from '../electron/core/agent/templates.ts';
import { aloneMs, replayLatency } from './latency-replay.ts';
import type { LatencyModel } from './options.ts';
import { startSimLlm } from './server.ts';
import { VirtualClock } from './virtual-clock.test-support.ts';

const PROMPT = fillMemoryPrompt(
  'What is the special magic number for Alice?',
  'No previous memory',
  'The special magic number for Alice is 7342.',
);

// Prefill shared (113 tokens at 11,300/s: 10 ms + 40 ms overhead), the aggregate decode rate
// binding from two sequences on, and a batch of three: every rule of the model is in play.
const MODEL: LatencyModel = {
  prefillTokensPerSec: 11_300,
  decodeTokensPerSec: 100,
  aggregateDecodeTokensPerSec: 150,
  maxBatch: 3,
  overheadMs: 40,
};

describe('replayLatency', () => {
  it('predicts what the simulator takes for requests sent at once', async () => {
    const clock = new VirtualClock();
    const sim = await startSimLlm({ latency: MODEL }, { clock });
    try {
      const replies = Array.from({ length: 5 }, () =>
        fetch(`${sim.baseUrl}/chat/completions`, {
          method: 'POST',
          body: JSON.stringify({ messages: [{ role: 'user', content: PROMPT }], max_tokens: 64 }),
        }),
      );
      await clock.waitUntil(() => sim.timings.length === 5);
      await clock.run();
      await Promise.all((await Promise.all(replies)).map((r) => r.json()));
      const calls = sim.timings.map((t) => [
        { promptTokens: t.promptTokens ?? 0, pacedTokens: t.pacedTokens ?? 0 },
      ]);
      const last = Math.max(...sim.timings.map((t) => t.finishedAt ?? 0));
      expect(last).toBeGreaterThan(0);
      expect(replayLatency(calls, 5, MODEL)).toBeCloseTo(last, 6);
    } finally {
      await sim.close();
    }
  });

  it('runs each chain in order and starts the next chain when a slot frees', () => {
    const call = { promptTokens: 113, pacedTokens: 10 };
    // Alone: 50 ms of prefill, then 10 tokens at 100/s.
    expect(aloneMs([call, call], MODEL)).toBeCloseTo(300, 9);
    // One slot: the second chain starts when the first ends.
    expect(replayLatency([[call], [call]], 1, MODEL)).toBeCloseTo(300, 9);
    // Two slots: prefills one after another (to 50 and 100 ms); while both run, tokens take
    // 1000/75 ms. The first ends at 183.3 ms; the second had its 7th token booked at 180 ms
    // (due 193.3), then decodes its last 3 alone at 100/s.
    expect(replayLatency([[call], [call]], 2, MODEL)).toBeCloseTo(100 + (7 * 1000) / 75 + 30, 9);
  });
});

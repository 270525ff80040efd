import { describe, expect, it } from 'vitest';
import { fillMemoryPrompt } from '../electron/core/agent/templates.ts';
import type { LatencyModel } from './options.ts';
import { startSimLlm } from './server.ts';

const QUESTION = 'What is the special magic number for Alice?';
const PROMPT = fillMemoryPrompt(
  QUESTION,
  'No previous memory',
  'The special magic number for Alice is 7342.',
);

describe('the latency model', () => {
  it('runs at most maxBatch requests at once and queues the rest in arrival order', async () => {
    // 11 output tokens at 100 tokens/s: about 110 ms a request; 4 requests, 2 at a time.
    const latency: LatencyModel = {
      prefillTokensPerSec: Number.POSITIVE_INFINITY,
      decodeTokensPerSec: 100,
      aggregateDecodeTokensPerSec: Number.POSITIVE_INFINITY,
      maxBatch: 2,
      overheadMs: 0,
    };
    const sim = await startSimLlm({ latency });
    try {
      const send = (): Promise<Response> =>
        fetch(`${sim.baseUrl}/chat/completions`, {
          method: 'POST',
          body: JSON.stringify({ messages: [{ role: 'user', content: PROMPT }], max_tokens: 64 }),
        });
      const responses = await Promise.all([send(), send(), send(), send()]);
      expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect(sim.peakRunning).toBe(2);
      const t = [...sim.timings].sort((a, b) => (a.admittedAt ?? 0) - (b.admittedAt ?? 0));
      const firstDone = Math.min(t[0]?.finishedAt ?? 0, t[1]?.finishedAt ?? 0);
      // The third and fourth waited for a slot: admitted only when one of the first two finished.
      expect(t[2]?.admittedAt).toBeGreaterThanOrEqual(firstDone);
      expect(t[3]?.admittedAt).toBeGreaterThanOrEqual(firstDone);
      // Each request decoded for roughly its tokens / rate (generous tolerance: this is not a speed test).
      for (const x of t)
        expect((x.finishedAt ?? 0) - (x.admittedAt ?? 0)).toBeGreaterThanOrEqual(80);
    } finally {
      await sim.close();
    }
  });

  it('shares prefill throughput between concurrent requests', async () => {
    // 10,000 prompt tokens/s: each ~80-token prompt costs ~8 ms of prefill plus 40 ms overhead;
    // three at once are served one after another.
    const latency: LatencyModel = {
      prefillTokensPerSec: 10_000,
      decodeTokensPerSec: Number.POSITIVE_INFINITY,
      aggregateDecodeTokensPerSec: Number.POSITIVE_INFINITY,
      maxBatch: 8,
      overheadMs: 40,
    };
    const sim = await startSimLlm({ latency });
    try {
      const send = (): Promise<Response> =>
        fetch(`${sim.baseUrl}/chat/completions`, {
          method: 'POST',
          body: JSON.stringify({ messages: [{ role: 'user', content: PROMPT }], max_tokens: 64 }),
        });
      await Promise.all([send(), send(), send()]);
      const finished = sim.timings
        .map((x) => (x.finishedAt ?? 0) - x.receivedAt)
        .sort((a, b) => a - b);
      expect(finished[2]).toBeGreaterThanOrEqual(3 * 40);
      expect(sim.peakRunning).toBe(3);
    } finally {
      await sim.close();
    }
  });
});

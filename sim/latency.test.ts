import { describe, expect, it } from 'vitest';
import { fillMemoryPrompt } from '../electron/core/agent/templates.ts';
import type { LatencyModel } from './options.ts';
import { startSimLlm, type SimServer } from './server.ts';
import { VirtualClock } from './virtual-clock.test-support.ts';

// The latency model runs on a virtual clock: every time below is exact, in virtual milliseconds
// from the moment the requests arrived (all at 0, since virtual time stands still until run).

const PROMPT = fillMemoryPrompt(
  'What is the special magic number for Alice?',
  'No previous memory',
  'The special magic number for Alice is 7342.',
);
/** The simulator's reply to PROMPT ("The special magic number for Alice is 7342.") and its prompt. */
const REPLY_TOKENS = 13;
const PROMPT_TOKENS = 113;

const INSTANT: LatencyModel = {
  prefillTokensPerSec: Number.POSITIVE_INFINITY,
  decodeTokensPerSec: Number.POSITIVE_INFINITY,
  aggregateDecodeTokensPerSec: Number.POSITIVE_INFINITY,
  maxBatch: Number.POSITIVE_INFINITY,
  overheadMs: 0,
};

interface Usage {
  prompt_tokens: number;
  completion_tokens: number;
}

/**
 * Sends `count` chat requests at once to a simulator on a virtual clock, runs the clock until
 * every request is answered, and returns the answers' usage and the simulator.
 */
async function sendAtOnce(
  latency: LatencyModel,
  count: number,
): Promise<{ usage: Usage[]; sim: SimServer; clock: VirtualClock }> {
  const clock = new VirtualClock();
  const sim = await startSimLlm({ latency }, { clock });
  try {
    const replies = Array.from({ length: count }, () =>
      fetch(`${sim.baseUrl}/chat/completions`, {
        method: 'POST',
        body: JSON.stringify({ messages: [{ role: 'user', content: PROMPT }], max_tokens: 64 }),
      }),
    );
    // Every request reaches the scheduler (admitted or queued) before virtual time moves.
    await clock.waitUntil(() => sim.timings.length === count);
    await clock.run();
    const responses = await Promise.all(replies);
    expect(responses.map((r) => r.status)).toEqual(new Array<number>(count).fill(200));
    const usage = await Promise.all(
      responses.map(async (r) => ((await r.json()) as { usage: Usage }).usage),
    );
    return { usage, sim, clock };
  } finally {
    await sim.close();
  }
}

/** The timings in arrival order (ids count arrivals), without the ids. */
function stamps(sim: SimServer): Omit<(typeof sim.timings)[number], 'id'>[] {
  const sorted = [...sim.timings].sort((a, b) => a.id - b.id);
  expect(sorted.map((t) => t.id)).toEqual(sorted.map((_, i) => i + 1));
  return sorted.map(({ id: _id, promptTokens: _p, pacedTokens: _t, ...rest }) => rest);
}

describe('the latency model (on a virtual clock)', () => {
  it('runs at most maxBatch requests at once and admits the queued ones as slots free', async () => {
    // 13 output tokens at 100 tokens/s: one every 10 ms, 130 ms a request; 4 requests, 2 at a time.
    const { usage, sim, clock } = await sendAtOnce(
      { ...INSTANT, decodeTokensPerSec: 100, maxBatch: 2 },
      4,
    );
    expect(usage.map((u) => u.completion_tokens)).toEqual(new Array<number>(4).fill(REPLY_TOKENS));
    expect(sim.peakRunning).toBe(2);
    const first = { receivedAt: 0, admittedAt: 0, firstTokenAt: 10, finishedAt: 130 };
    // The third and fourth wait for the first two to finish, then decode for the same 130 ms.
    const second = { receivedAt: 0, admittedAt: 130, firstTokenAt: 140, finishedAt: 260 };
    expect(stamps(sim)).toEqual([first, first, second, second]);
    // Nothing else was waiting: the clock stopped at the last finish.
    expect(clock.now()).toBe(260);
  });

  it('admits queued requests in arrival order', async () => {
    // One slot: each request waits for the one that arrived before it.
    const { sim } = await sendAtOnce({ ...INSTANT, decodeTokensPerSec: 100, maxBatch: 1 }, 3);
    expect(sim.peakRunning).toBe(1);
    expect(stamps(sim)).toEqual([
      { receivedAt: 0, admittedAt: 0, firstTokenAt: 10, finishedAt: 130 },
      { receivedAt: 0, admittedAt: 130, firstTokenAt: 140, finishedAt: 260 },
      { receivedAt: 0, admittedAt: 260, firstTokenAt: 270, finishedAt: 390 },
    ]);
  });

  it('shares prefill throughput between concurrent requests', async () => {
    // 113 prompt tokens at 11,300 tokens/s: 10 ms of prefill plus 40 ms of overhead each; three
    // at once are all admitted, then prefilled one after another, and decode takes no time.
    const { usage, sim } = await sendAtOnce(
      { ...INSTANT, prefillTokensPerSec: 11_300, overheadMs: 40, maxBatch: 8 },
      3,
    );
    expect(usage.map((u) => u.prompt_tokens)).toEqual(new Array<number>(3).fill(PROMPT_TOKENS));
    // What the model charged each request is kept with its timing (benchmarks replay it).
    expect(sim.timings.map((t) => [t.promptTokens, t.pacedTokens])).toEqual(
      new Array<number[]>(3).fill([PROMPT_TOKENS, REPLY_TOKENS]),
    );
    expect(sim.peakRunning).toBe(3);
    expect(stamps(sim)).toEqual(
      [50, 100, 150].map((done) => ({
        receivedAt: 0,
        admittedAt: 0,
        firstTokenAt: done,
        finishedAt: done,
      })),
    );
  });
});

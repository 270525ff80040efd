import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { CoreError } from '../errors.ts';
import { createLlmClient, type LlmConfig } from './client.ts';
import { chatRequest, EXPECTED_MEMORY } from './test-prompts.test-support.ts';

let sim: SimServer;
beforeAll(async () => {
  sim = await startSimLlm();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(() => {
  sim.setOptions({ faults: [], latency: 'zero' });
  sim.requests.length = 0;
  sim.timings.length = 0;
});

/** A slow decoder: `tps` tokens a second per sequence, nothing else. */
const slow = (tps: number): Parameters<SimServer['setOptions']>[0] => ({
  latency: {
    prefillTokensPerSec: Number.POSITIVE_INFINITY,
    decodeTokensPerSec: tps,
    aggregateDecodeTokensPerSec: Number.POSITIVE_INFINITY,
    maxBatch: 64,
    overheadMs: 0,
  },
});

function client(extra: Partial<LlmConfig> = {}): ReturnType<typeof createLlmClient> {
  return createLlmClient({
    kind: 'vllm',
    baseUrl: sim.baseUrl,
    retryBaseMs: 5,
    retryCapMs: 20,
    ...extra,
  });
}

async function failure(promise: Promise<unknown>): Promise<CoreError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CoreError);
  return error as CoreError;
}

describe('streamed chat completions', () => {
  it('streams deltas that concatenate to the content, and reports usage from the usage chunk', async () => {
    const deltas: string[] = [];
    const result = await client().chat({ ...chatRequest, onDelta: (d) => deltas.push(d) });
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('')).toBe(EXPECTED_MEMORY);
    expect(result.content).toBe(EXPECTED_MEMORY);
    expect(result.usage.completionTokens).toBe(deltas.length);
    expect(result.usageMissing).toBeUndefined();
    expect(sim.requests[0]?.body).toMatchObject({
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it.each(['partial-stream', 'malformed-json', 'empty-choices'] as const)(
    'retries a %s and restarts the deltas',
    async (kind) => {
      sim.setOptions({ faults: [{ kind, next: 1, afterTokens: 3 }] });
      let text = '';
      let restarts = 0;
      const reasons: string[] = [];
      const result = await client({ onRetry: (r) => reasons.push(r.reason) }).chat({
        ...chatRequest,
        onDelta: (d) => (text += d),
        onRestart: () => {
          restarts += 1;
          text = '';
        },
      });
      expect(result.attempts).toBe(2);
      expect(text).toBe(EXPECTED_MEMORY);
      expect(reasons).toEqual([
        {
          'partial-stream': 'incomplete',
          'malformed-json': 'malformed',
          'empty-choices': 'empty-choices',
        }[kind],
      ]);
      expect(restarts).toBe(kind === 'empty-choices' ? 0 : 1);
    },
  );

  it('detects a stream that stalls mid-way and retries it', async () => {
    sim.setOptions({ faults: [{ kind: 'stall-mid-stream', next: 1, afterTokens: 2 }] });
    const reasons: string[] = [];
    let text = '';
    const result = await client({
      stallTimeoutMs: 200,
      onRetry: (r) => reasons.push(r.reason),
    }).chat({
      ...chatRequest,
      onDelta: (d) => (text += d),
      onRestart: () => (text = ''),
    });
    expect(reasons).toEqual(['stall']);
    expect(result.content).toBe(EXPECTED_MEMORY);
    expect(text).toBe(EXPECTED_MEMORY);
  });

  it('gives up on a server whose streams always stall, with a sentence saying so', async () => {
    sim.setOptions({ faults: [{ kind: 'stall-mid-stream', afterTokens: 1 }] });
    const error = await failure(
      client({ stallTimeoutMs: 100, maxRetries: 2 }).chat({
        ...chatRequest,
        onDelta: () => undefined,
      }),
    );
    expect(error.kind).toBe('BackendFailed');
    expect(error.message).toBe(
      'The LLM server stopped streaming for more than 0.1 s (3 attempts).',
    );
  });

  it('times out a stream that never starts', async () => {
    sim.setOptions({ faults: [{ kind: 'stall', next: 1 }] });
    const reasons: string[] = [];
    let text = '';
    const result = await client({ timeoutMs: 150, onRetry: (r) => reasons.push(r.reason) }).chat({
      ...chatRequest,
      onDelta: (d) => (text += d),
    });
    expect(reasons).toEqual(['timeout']);
    expect(text).toBe(EXPECTED_MEMORY);
    expect(result.attempts).toBe(2);
  });

  it('lets a stream that keeps making progress run past the request timeout', async () => {
    sim.setOptions(slow(8)); // ~11 tokens at 8/s: about 1.4 s in all, each gap 125 ms
    let deltas = 0;
    const result = await client({ timeoutMs: 100, stallTimeoutMs: 400 }).chat({
      ...chatRequest,
      onDelta: () => (deltas += 1),
    });
    // One request read to its end: neither the 100 ms timeout nor the SDK's 1 s backstop cut the
    // live stream, whose 10+ deltas the simulator spaces 125 ms apart (over 1.1 s in all).
    expect(deltas).toBeGreaterThanOrEqual(10);
    expect(result.attempts).toBe(1);
    expect(sim.requests).toHaveLength(1);
    expect(sim.timings[0]?.closedEarlyAt).toBeUndefined();
    expect(result.content).toBe(EXPECTED_MEMORY);
  });

  it('ends promptly with Cancelled when aborted mid-stream', async () => {
    sim.setOptions(slow(5)); // 200 ms a token: the stream would take over 2 s
    const controller = new AbortController();
    const deltas: string[] = [];
    const reasons: string[] = [];
    const pending = client({ onRetry: (r) => reasons.push(r.reason) }).chat({
      ...chatRequest,
      signal: controller.signal,
      onDelta: (d) => {
        deltas.push(d);
        if (deltas.length === 1) controller.abort();
      },
    });
    const error = await failure(pending);
    expect(error.kind).toBe('Cancelled');
    expect(deltas).toHaveLength(1);
    expect(reasons).toHaveLength(0);
    // The client dropped the stream after its first delta instead of reading it to the end.
    await waitFor(() => sim.timings[0]?.closedEarlyAt !== undefined);
    expect(sim.requests).toHaveLength(1);
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

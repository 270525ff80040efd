import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
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
  sim.setOptions({ faults: [], latency: 'zero', models: undefined });
  sim.requests.length = 0;
  sim.timings.length = 0;
});
afterEach(() => {
  vi.restoreAllMocks();
});

type Retry = { attempt: number; delayMs: number; reason: string };

function client(extra: Partial<LlmConfig> = {}): {
  client: ReturnType<typeof createLlmClient>;
  retries: Retry[];
} {
  const retries: Retry[] = [];
  const c = createLlmClient({
    kind: 'vllm',
    baseUrl: sim.baseUrl,
    retryBaseMs: 5,
    retryCapMs: 20,
    onRetry: (r) => retries.push(r),
    ...extra,
  });
  return { client: c, retries };
}

async function failure(promise: Promise<unknown>): Promise<CoreError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(CoreError);
    return error as CoreError;
  }
  throw new Error('expected the call to fail');
}

describe('the LLM client against sim-llm', () => {
  it('returns the reply, the usage and the discovered model', async () => {
    const { client: c } = client();
    const result = await c.chat(chatRequest);
    expect(result.content).toBe(EXPECTED_MEMORY);
    expect(result.finishReason).toBe('stop');
    expect(result.model).toBe('sim-llm/memagent-simulator');
    expect(result.attempts).toBe(1);
    expect(result.usage.promptTokens).toBeGreaterThan(50);
    expect(result.usage.completionTokens).toBeGreaterThan(5);
    expect(result.usageMissing).toBeUndefined();
    // The prompt goes out as one user message, byte for byte, with the sampling settings.
    const body = sim.requests[0]?.body as Record<string, unknown>;
    expect(body.messages).toEqual([{ role: 'user', content: chatRequest.prompt }]);
    expect(body).toMatchObject({
      model: 'sim-llm/memagent-simulator',
      max_tokens: 256,
      temperature: 0.7,
      top_p: 0.95,
    });
  });

  it('discovers the first served model, and says so clearly when there is none', async () => {
    sim.setOptions({ models: ['first/model', 'second/model'] });
    expect(await client().client.resolveModel()).toBe('first/model');
    expect(await client().client.listModels()).toEqual(['first/model', 'second/model']);
    sim.setOptions({ models: [] });
    const error = await failure(client().client.resolveModel());
    expect(error.kind).toBe('BackendFailed');
    expect(error.message).toMatch(/lists no models/);
  });

  it.each([
    ['server-error', 'HTTP 500'],
    ['unavailable', 'HTTP 503'],
    ['drop', undefined],
    ['malformed-json', 'malformed'],
    ['empty-choices', 'empty-choices'],
  ] as const)('retries a %s and then succeeds', async (kind, reason) => {
    sim.setOptions({ faults: [{ kind, next: 2 }] });
    const { client: c, retries } = client();
    const result = await c.chat(chatRequest);
    expect(result.content).toBe(EXPECTED_MEMORY);
    expect(result.attempts).toBe(3);
    expect(retries.map((r) => r.attempt)).toEqual([1, 2]);
    if (reason !== undefined) expect(retries[0]?.reason).toBe(reason);
    expect(sim.requests).toHaveLength(3);
  });

  it('gives up after maxRetries with BackendFailed', async () => {
    sim.setOptions({ faults: [{ kind: 'server-error' }] });
    const { client: c, retries } = client({ maxRetries: 3 });
    const error = await failure(c.chat(chatRequest));
    expect(error.kind).toBe('BackendFailed');
    expect(error.message).toMatch(/HTTP 500.*4 attempts/);
    expect(retries).toHaveLength(3);
    expect(sim.requests).toHaveLength(4);
  });

  it('honours Retry-After (seconds) and retry-after-ms', async () => {
    sim.setOptions({ faults: [{ kind: 'rate-limit', next: 1, retryAfterMs: 150 }] });
    const { client: c, retries } = client();
    const timers = vi.spyOn(globalThis, 'setTimeout');
    await c.chat(chatRequest);
    expect(retries).toEqual([{ attempt: 1, delayMs: 150, reason: 'HTTP 429' }]);
    // It slept the server's 150 ms before the second attempt (a timer, not a measured time).
    expect(timers.mock.calls.map(([, ms]) => ms)).toContain(150);
    expect(sim.requests).toHaveLength(2);

    sim.setOptions({ faults: [{ kind: 'rate-limit', next: 1, retryAfterSec: 0.2 }] });
    const second = client();
    await second.client.chat(chatRequest);
    expect(second.retries[0]?.delayMs).toBe(200);
  });

  it.each([
    ['bad-request', /rejected the request \(HTTP 400\)/, /context/],
    ['unauthorized', /refused the API key \(HTTP 401\)/, /API key/],
  ] as const)(
    'never retries a %s: BackendRejected with a clear sentence',
    async (kind, message, hint) => {
      sim.setOptions({ faults: [{ kind }] });
      const { client: c, retries } = client();
      const error = await failure(c.chat(chatRequest));
      expect(error.kind).toBe('BackendRejected');
      expect(error.message).toMatch(message);
      expect(error.hint).toMatch(hint);
      expect(retries).toHaveLength(0);
      expect(sim.requests).toHaveLength(1);
    },
  );

  it('reports an unknown model as BackendRejected naming it, without retrying', async () => {
    const { client: c, retries } = client({ model: 'no/such-model' });
    const error = await failure(c.chat(chatRequest));
    expect(error.kind).toBe('BackendRejected');
    expect(error.message).toContain('"no/such-model"');
    expect(retries).toHaveLength(0);
  });

  it('turns a refused connection into BackendUnavailable with a hint to start vLLM', async () => {
    const gone = await startSimLlm();
    const baseUrl = gone.baseUrl;
    await gone.close();
    const retries: Retry[] = [];
    const c = createLlmClient({
      kind: 'vllm',
      baseUrl,
      model: 'm',
      maxRetries: 2,
      retryBaseMs: 5,
      onRetry: (r) => retries.push(r),
    });
    const error = await failure(c.chat(chatRequest));
    expect(error.kind).toBe('BackendUnavailable');
    expect(error.message).toContain(baseUrl);
    expect(error.hint).toContain('vllm serve BytedTsinghua-SIA/RL-MemoryAgent-14B');
    expect(retries.map((r) => r.reason)).toEqual(['ECONNREFUSED', 'ECONNREFUSED']);
  });

  it('says a blocked port (fetch never dials port 9) cannot be used, not that a connection was lost', async () => {
    const retries: Retry[] = [];
    const c = createLlmClient({
      kind: 'vllm',
      baseUrl: 'http://127.0.0.1:9/v1',
      model: 'm',
      maxRetries: 2,
      retryBaseMs: 5,
      onRetry: (r) => retries.push(r),
    });
    const error = await failure(c.chat(chatRequest));
    expect(error.kind).toBe('BackendUnavailable');
    expect(error.message).toContain('http://127.0.0.1:9/v1');
    expect(error.message).not.toMatch(/lost/);
    expect(error.hint).toMatch(/another port/);
    expect(retries).toHaveLength(0);
  });

  it('times out a stalled request and retries timeouts only once, not for half an hour', async () => {
    sim.setOptions({ faults: [{ kind: 'stall' }] });
    const hint = 'Raise the timeout where this caller sets it.';
    const { client: c, retries } = client({ timeoutMs: 150, timeoutHint: hint });
    const error = await failure(c.chat(chatRequest));
    expect(error.kind).toBe('BackendFailed');
    expect(error.message).toMatch(/did not answer within 0\.2 s \(2 attempts\)\./);
    // The caller says how its user raises the timeout (Settings in the app, --timeout in the CLI).
    expect(error.hint).toBe(hint);
    expect(retries.map((r) => r.reason)).toEqual(['timeout']);
    expect(sim.requests).toHaveLength(2);
    // Each timeout really gave the request up: the client closed both connections.
    await waitFor(() => sim.timings.every((t) => t.closedEarlyAt !== undefined));
    expect(sim.timings).toHaveLength(2);
  });

  it('recovers when only the first request stalls', async () => {
    sim.setOptions({ faults: [{ kind: 'stall', next: 1 }] });
    const { client: c } = client({ timeoutMs: 150 });
    const result = await c.chat(chatRequest);
    expect(result.attempts).toBe(2);
    expect(result.content).toBe(EXPECTED_MEMORY);
  });

  it('asks once more after an empty reply, then keeps an empty reply as it is (the agent decides)', async () => {
    sim.setOptions({ faults: [{ kind: 'empty-reply', next: 3 }] });
    const { client: c, retries } = client();
    // The first call's empty reply is asked again; the second empty reply is returned.
    expect(await c.chat(chatRequest)).toMatchObject({
      content: '',
      finishReason: 'stop',
      attempts: 2,
    });
    expect(retries.map((r) => r.reason)).toEqual(['empty-reply']);
    // A reply cut at its token limit is not retried: the agent warns about the cut.
    sim.setOptions({ faults: [{ kind: 'length-empty' }] });
    expect(await c.chat(chatRequest)).toMatchObject({
      content: '',
      finishReason: 'length',
      attempts: 1,
    });
    expect(retries).toHaveLength(1);
  });

  it('passes thinking through in the content and ignores reasoning_content', async () => {
    sim.setOptions({
      faults: [
        { kind: 'thinking', next: 1 },
        { kind: 'reasoning-field', next: 2 },
      ],
    });
    const { client: c } = client();
    const thinking = await c.chat(chatRequest);
    expect(thinking.content).toMatch(
      /^<think>[\s\S]*<\/think>\n\nThe special magic number for Alice is 7342\.$/,
    );
    expect((await c.chat(chatRequest)).content).toBe(EXPECTED_MEMORY);
    let streamed = '';
    expect((await c.chat({ ...chatRequest, onDelta: (d) => (streamed += d) })).content).toBe(
      EXPECTED_MEMORY,
    );
    expect(streamed).toBe(EXPECTED_MEMORY);
  });

  it('says when the server reported no usage instead of inventing it', async () => {
    sim.setOptions({ faults: [{ kind: 'no-usage' }] });
    const { client: c } = client();
    for (const onDelta of [undefined, (): void => undefined]) {
      const result = await c.chat({ ...chatRequest, ...(onDelta ? { onDelta } : {}) });
      expect(result.usageMissing).toBe(true);
      expect(result.usage).toEqual({ promptTokens: 0, completionTokens: 0 });
    }
  });

  it('cancels before the response promptly, with no retry', async () => {
    sim.setOptions({ faults: [{ kind: 'stall' }] });
    const { client: c, retries } = client();
    const controller = new AbortController();
    const pending = c.chat({ ...chatRequest, signal: controller.signal });
    await waitFor(() => sim.requests.length === 1);
    controller.abort();
    const error = await failure(pending);
    expect(error.kind).toBe('Cancelled');
    expect(retries).toHaveLength(0);
    // The stalled request never answers: the cancel itself ended it, closing the connection.
    await waitFor(() => sim.timings[0]?.closedEarlyAt !== undefined);
    expect(sim.requests).toHaveLength(1);
  });

  it('cancels during the backoff sleep', async () => {
    sim.setOptions({ faults: [{ kind: 'rate-limit', retryAfterSec: 30 }] });
    const controller = new AbortController();
    // Aborted once the 30 s sleep has begun (a microtask after onRetry).
    const delays: number[] = [];
    const { client: c } = client({
      onRetry: (r) => {
        delays.push(r.delayMs);
        queueMicrotask(() => controller.abort());
      },
    });
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const clearTimer = vi.spyOn(globalThis, 'clearTimeout');
    const error = await failure(c.chat({ ...chatRequest, signal: controller.signal }));
    expect(error.kind).toBe('Cancelled');
    expect(delays).toEqual([30_000]);
    expect(sim.requests).toHaveLength(1);
    // The abort ended the sleep: its 30 s timer was cleared, not waited out.
    const sleep = setTimer.mock.calls.findIndex(([, ms]) => ms === 30_000);
    expect(sleep).toBeGreaterThanOrEqual(0);
    expect(clearTimer).toHaveBeenCalledWith(setTimer.mock.results[sleep]?.value);
  });

  it('never lets the API key appear in errors, even when the server echoes it', async () => {
    const apiKey = 'sk-test-SUPERSECRET-0123456789';
    sim.setOptions({ faults: [{ kind: 'unauthorized' }] });
    const { client: c } = client({ apiKey, model: 'sim-llm/memagent-simulator' });
    const error = await failure(c.chat(chatRequest));
    expect(String(sim.requests[0]?.headers.authorization)).toContain(apiKey); // it was sent...
    const everything = JSON.stringify({
      message: error.message,
      hint: error.hint,
      detail: error.detail,
      value: error.toValue(),
      stack: error.stack,
    });
    expect(everything).not.toContain('SUPERSECRET'); // ...and never shown.
    expect(error.detail).toContain('[redacted]');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}

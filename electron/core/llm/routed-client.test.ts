import { afterEach, describe, expect, it } from 'vitest';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { CoreError } from '../errors.ts';
import { createLlmClient } from './client.ts';
import { createRoutedClient } from './routed-client.ts';

let sims: SimServer[] = [];
afterEach(async () => {
  await Promise.all(sims.map((s) => s.close()));
  sims = [];
});

const request = (i: number) => ({
  prompt: `Say something about item ${i}.`,
  maxTokens: 32,
  temperature: 0,
  topP: 1,
});

const serverAt = (baseUrl: string) => ({
  url: baseUrl,
  client: createLlmClient({ kind: 'custom', baseUrl, maxRetries: 0 }),
});

// A few tens of milliseconds a request, so concurrent requests overlap on the servers.
const SLOW = {
  prefillTokensPerSec: 100_000,
  decodeTokensPerSec: 1_000,
  aggregateDecodeTokensPerSec: 100_000,
  maxBatch: 64,
  overheadMs: 20,
};

describe('a client over several servers', () => {
  it('sends each request to the server with the fewest in flight, in turn when they are even', async () => {
    const a = await startSimLlm({ latency: SLOW });
    const b = await startSimLlm({ latency: SLOW });
    sims = [a, b];
    const client = createRoutedClient([serverAt(a.baseUrl), serverAt(b.baseUrl)]);
    expect(await client.resolveModel()).toBe('sim-llm/memagent-simulator');

    // Eight at once: four on each, all running together.
    await Promise.all(Array.from({ length: 8 }, (_, i) => client.chat(request(i))));
    expect([a.requests.length, b.requests.length]).toEqual([4, 4]);
    expect([a.peakRunning, b.peakRunning]).toEqual([4, 4]);
    expect(client.inFlight).toEqual([0, 0]);

    // One at a time: every server is idle each time, and they take turns.
    const order: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const [beforeA, beforeB] = [a.requests.length, b.requests.length];
      await client.chat(request(100 + i));
      order.push(a.requests.length > beforeA ? 'a' : b.requests.length > beforeB ? 'b' : '?');
    }
    expect(order).toEqual(['a', 'b', 'a', 'b']);
  });

  it('sends a request to the idle server while the other is busy', async () => {
    // a accepts its request and never answers it: it stays in flight until cancelled.
    const a = await startSimLlm({ faults: [{ kind: 'stall' }] });
    const b = await startSimLlm();
    sims = [a, b];
    const client = createRoutedClient([serverAt(a.baseUrl), serverAt(b.baseUrl)]);
    const stop = new AbortController();
    const held = client.chat({ ...request(0), signal: stop.signal });
    // While a holds its request, b (idle) takes every request made one after another.
    for (let i = 1; i <= 3; i += 1) await client.chat(request(i));
    expect(client.inFlight).toEqual([1, 0]);
    stop.abort();
    await expect(held).rejects.toMatchObject({ kind: 'Cancelled' });
    expect(client.inFlight).toEqual([0, 0]);
    expect([a.requests.length, b.requests.length]).toEqual([1, 3]);
  });

  it("reports a dead server's failures with its address, and the live one goes on answering", async () => {
    const live = await startSimLlm();
    const dead = await startSimLlm();
    sims = [live];
    const deadUrl = dead.baseUrl;
    await dead.close();
    const client = createRoutedClient([serverAt(live.baseUrl), serverAt(deadUrl)]);

    const results = await Promise.allSettled([0, 1, 2, 3].map((i) => client.chat(request(i))));
    const failed = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
    expect(failed).toHaveLength(2);
    for (const f of failed) {
      const error = (f as PromiseRejectedResult).reason as CoreError;
      expect(error.kind).toBe('BackendUnavailable');
      expect(error.message).toContain(deadUrl);
    }
    // Asking for the model asks every server: the dead one is named.
    await expect(client.resolveModel()).rejects.toThrow(deadUrl);
  });

  it('names the server whose answer was an error', async () => {
    const good = await startSimLlm();
    const bad = await startSimLlm({ faults: [{ kind: 'server-error' }] });
    sims = [good, bad];
    const client = createRoutedClient([serverAt(good.baseUrl), serverAt(bad.baseUrl)]);
    const results = await Promise.allSettled([0, 1].map((i) => client.chat(request(i))));
    const error = (results[1] as PromiseRejectedResult).reason as CoreError;
    expect(error).toBeInstanceOf(CoreError);
    expect(error.message.startsWith(`${bad.baseUrl}: `)).toBe(true);
  });

  it('refuses servers that serve different models, naming both', async () => {
    const a = await startSimLlm({ model: 'org/model-7b' });
    const b = await startSimLlm({ model: 'org/model-14b' });
    sims = [a, b];
    const client = createRoutedClient([serverAt(a.baseUrl), serverAt(b.baseUrl)]);
    const error = (await client.resolveModel().catch((e: unknown) => e)) as CoreError;
    expect(error.kind).toBe('BadUsage');
    expect(error.message).toBe(
      `The servers serve different models: ${a.baseUrl} serves org/model-7b, ${b.baseUrl} serves org/model-14b.`,
    );
    expect(await client.listModels()).toEqual([]);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The simulated server is a test instrument: core code never imports it, tests may.
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import { CoreError } from '../errors.ts';
import { engine } from './engines.ts';
import { createTokenizer } from './index.ts';
import { ServerTokenizer, tokenizeUrl } from './server-tokenizer.ts';

/** A real loopback server that answers /tokenize with the Qwen engine and records requests. */
async function startQwenTokenizeServer(
  behaviour: { status?: number } = {},
): Promise<{ baseUrl: string; bodies: unknown[]; peak: () => number; close: () => Promise<void> }> {
  const bodies: unknown[] = [];
  let inFlight = 0;
  let peak = 0;
  const server: Server = createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      const body = JSON.parse(Buffer.concat(parts).toString('utf8') || '{}') as { prompt?: string };
      bodies.push(body);
      // Answer on a later turn so concurrent requests overlap.
      setImmediate(() => {
        inFlight--;
        if (behaviour.status) {
          res
            .writeHead(behaviour.status, { 'content-type': 'application/json' })
            .end('{"error":"nope"}');
          return;
        }
        if (req.url === '/v1/models') {
          res
            .writeHead(200, { 'content-type': 'application/json' })
            .end(JSON.stringify({ data: [{ id: 'served-model' }] }));
          return;
        }
        const tokens = engine('qwen').encode(body.prompt ?? '');
        res
          .writeHead(200, { 'content-type': 'application/json' })
          .end(JSON.stringify({ count: tokens.length, tokens }));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    bodies,
    peak: () => peak,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('server tokenizer (vLLM /tokenize)', () => {
  let sim: SimServer;
  beforeAll(async () => {
    sim = await startSimLlm({});
  });
  afterAll(async () => {
    await sim.close();
  });

  it('puts /tokenize at the origin, beside /v1', () => {
    expect(tokenizeUrl('http://localhost:8000/v1')).toBe('http://localhost:8000/tokenize');
    expect(tokenizeUrl('http://localhost:8000/v1/')).toBe('http://localhost:8000/tokenize');
    expect(tokenizeUrl('https://example.test/vllm/v1')).toBe('https://example.test/vllm/tokenize');
  });

  it('counts through the simulator, discovering the model from /v1/models', async () => {
    const tok = await createTokenizer('server', { baseUrl: sim.baseUrl });
    const texts = ['Hello there.', 'A second, longer text about tokens.', ''];
    const counts = await tok.countMany(texts);
    expect(counts[0]).toBeGreaterThan(1);
    expect(counts[1]).toBeGreaterThan(counts[0]!);
    expect(counts[2]).toBe(0);
    const ids = await tok.encode('Hello there.');
    expect(ids.length).toBe(counts[0]);
    await tok.dispose();
  });

  it('sends add_special_tokens: false, the model and the key, a few requests at a time, exact counts', async () => {
    const server = await startQwenTokenizeServer();
    try {
      const tok = new ServerTokenizer({
        baseUrl: server.baseUrl,
        model: 'm',
        apiKey: 'k',
        concurrency: 3,
      });
      const texts = Array.from(
        { length: 12 },
        (_, i) => `Paragraph ${i}: ${'日本語と English. '.repeat(i + 1)}`,
      );
      const big = 'A line of a long book.\n'.repeat(8000); // 184,000 characters: several requests
      const counts = await tok.countMany([...texts, big]);
      expect(counts).toEqual([...texts, big].map((t) => engine('qwen').count(t)));
      expect(server.bodies[0]).toMatchObject({ model: 'm', add_special_tokens: false });
      expect(server.peak()).toBeLessThanOrEqual(3);
      expect(server.peak()).toBeGreaterThan(1);
      expect(server.bodies.length).toBeGreaterThan(13);
    } finally {
      await server.close();
    }
  });

  it('reports a missing endpoint, a failing server and an unreachable one as CoreErrors', async () => {
    for (const [status, kind] of [
      [404, 'Unsupported'],
      [500, 'BackendFailed'],
      [401, 'BackendRejected'],
    ] as const) {
      const server = await startQwenTokenizeServer({ status });
      try {
        const tok = new ServerTokenizer({ baseUrl: server.baseUrl, model: 'm' });
        await expect(tok.countMany(['x'])).rejects.toMatchObject({ kind });
      } finally {
        await server.close();
      }
    }
    const gone = await startQwenTokenizeServer();
    await gone.close();
    const tok = new ServerTokenizer({ baseUrl: gone.baseUrl, model: 'm' });
    const error = await tok.countMany(['x']).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoreError);
    expect((error as CoreError).kind).toBe('BackendUnavailable');
  });

  it('stops when aborted', async () => {
    const tok = new ServerTokenizer({ baseUrl: sim.baseUrl, model: 'x' });
    const controller = new AbortController();
    controller.abort();
    await expect(tok.countMany(['x'], controller.signal)).rejects.toThrow();
  });

  it('needs a base URL', async () => {
    await expect(createTokenizer('server', {})).rejects.toMatchObject({ kind: 'BadUsage' });
  });
});

describe('server tokenizer errors', () => {
  it('never carries the API key into an error, also when the server echoes it back', async () => {
    const key = 'sk-tokenize-secret-4242';
    // A careless server (or proxy) that repeats the credentials it received in its error body.
    const server: Server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const echo = JSON.stringify({
          error: `bad credentials: ${req.headers.authorization ?? ''} (api-key: ${key})`,
        });
        res
          .writeHead(req.url === '/tokenize' ? 500 : 401, { 'content-type': 'application/json' })
          .end(echo);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      for (const model of [undefined, 'served-model']) {
        const tokenizer = new ServerTokenizer({
          baseUrl: `http://127.0.0.1:${port}/v1`,
          apiKey: key,
          ...(model ? { model } : {}),
        });
        const error = await tokenizer.countMany(['some text']).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(CoreError);
        const shown = JSON.stringify((error as CoreError).toValue());
        expect(shown).toMatch(/HTTP (401|500)/);
        expect(shown).not.toContain(key);
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

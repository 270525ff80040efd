import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { APIError } from 'openai';
import { Stream } from 'openai/streaming';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readSseJson } from './sse-json.ts';

// Bodies served in pieces, cut anywhere (inside a line break, inside a UTF-8 character).
const BODIES: Record<string, Buffer[]> = {};
let server: http.Server;
let base = '';

function serve(name: string, text: string, cuts: number[]): void {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  let at = 0;
  for (const cut of [...cuts, bytes.length]) {
    pieces.push(bytes.subarray(at, cut));
    at = cut;
  }
  BODIES[name] = pieces;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const pieces = BODIES[(req.url ?? '/').slice(1)] ?? [];
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    let i = 0;
    const next = () => {
      const piece = pieces[i++];
      if (piece === undefined) return void res.end();
      res.write(piece, () => setTimeout(next, 2));
    };
    next();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** What each reader yields for the body `name`, or the error it throws. */
async function both(name: string) {
  const ours: unknown[] = [];
  const sdk: unknown[] = [];
  const run = async (read: () => Promise<void>) => {
    try {
      await read();
      return undefined;
    } catch (error) {
      return error;
    }
  };
  const c1 = new AbortController();
  const oursError = await run(async () =>
    readSseJson(await fetch(base + name, { signal: c1.signal }), c1.signal, (d) => {
      ours.push(d);
    }),
  );
  const c2 = new AbortController();
  const sdkError = await run(async () => {
    for await (const d of Stream.fromSSEResponse(
      await fetch(base + name, { signal: c2.signal }),
      c2,
    ))
      sdk.push(d);
  });
  return { ours, sdk, oursError, sdkError };
}

const chunk = (content: string) =>
  JSON.stringify({ id: 'c', choices: [{ index: 0, delta: { content } }] });

describe('readSseJson reads a stream as the SDK does', () => {
  it('events split anywhere, CRLF and CR line breaks, comments, multi-line data, [DONE]', async () => {
    const text =
      `: a comment\r\ndata: ${chunk('Gr\u00fc\u00df ')}\r\n\r\n` +
      `event: message\rdata: ${chunk('😀 ok')}\r\r` +
      `data: {"id":"c",\ndata: "choices":[]}\n\n` +
      `data: [DONE]\n\ndata: ${chunk('after the end')}\n\n`;
    const bytes = Buffer.byteLength(text);
    for (const step of [1, 3, 7, 64]) {
      const cuts: number[] = [];
      for (let k = step; k < bytes; k += step) cuts.push(k);
      serve(`split-${step}`, text, cuts);
      const { ours, sdk, oursError, sdkError } = await both(`split-${step}`);
      expect(oursError).toBeUndefined();
      expect(sdkError).toBeUndefined();
      expect(ours).toEqual(sdk.map((d) => JSON.parse(JSON.stringify(d)) as unknown));
      expect(ours).toHaveLength(3);
    }
  });

  it('a last event without its blank line is still read', async () => {
    serve('no-end', `data: ${chunk('a')}\n\ndata: ${chunk('b')}`, [5]);
    const { ours, sdk } = await both('no-end');
    expect(ours).toHaveLength(2);
    expect(ours).toHaveLength(sdk.length);
  });

  it('an error payload or event throws the SDK error; data that is not JSON, a SyntaxError', async () => {
    serve('payload', `data: ${chunk('a')}\n\ndata: {"error":{"message":"overloaded"}}\n\n`, []);
    serve('event', `event: error\ndata: {"message":"gone"}\n\n`, []);
    serve('garbage', `data: ${chunk('a')}\n\ndata: {not json\n\n`, []);
    for (const name of ['payload', 'event']) {
      const { oursError, sdkError } = await both(name);
      expect(oursError).toBeInstanceOf(APIError);
      expect((oursError as Error).message).toBe((sdkError as Error).message);
    }
    const { ours, oursError, sdkError } = await both('garbage');
    expect(ours).toHaveLength(1);
    expect(oursError).toBeInstanceOf(SyntaxError);
    expect((oursError as Error).message).toBe((sdkError as Error).message);
  });

  it('stops when told, and ends silently when the request is aborted', async () => {
    serve(
      'long',
      Array.from({ length: 50 }, (_, i) => `data: ${chunk(`t${i}`)}\n\n`).join(''),
      [100, 200, 300, 400],
    );
    const seen: unknown[] = [];
    const c = new AbortController();
    await readSseJson(await fetch(`${base}long`, { signal: c.signal }), c.signal, (d) => {
      seen.push(d);
      return seen.length < 3;
    });
    expect(seen).toHaveLength(3);
    const aborted: unknown[] = [];
    const c2 = new AbortController();
    await readSseJson(await fetch(`${base}long`, { signal: c2.signal }), c2.signal, (d) => {
      aborted.push(d);
      if (aborted.length === 2) c2.abort();
    });
    expect(aborted.length).toBeLessThan(50);
  });
});

// A real HTTP proxy on 127.0.0.1 in front of the simulator that can hold the quote check's
// requests until the test lets them through: the state between the answer and its passages
// ("Finding the passages…") then lasts exactly as long as the test needs to look at it, with no
// timing in the test. Every other request (and a quote request when not armed) goes straight
// through, streamed replies included.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** The last line of the quote check's prompt (electron/core/agent/templates.ts TEMPLATE_QUOTE). */
const QUOTE_TAIL = 'Supporting sentences:\\n';

export interface QuoteGate {
  /** e.g. `http://127.0.0.1:41235/v1`: the simulator's API through the gate. */
  baseUrl: string;
  /**
   * Holds the quote requests of the next answer; resolves when the first of them has arrived
   * and is being held.
   */
  hold(): Promise<void>;
  /** Lets the held requests (and any later ones) through. */
  release(): void;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => resolve(Buffer.concat(parts)));
    req.on('error', reject);
  });
}

/** Starts a gate in front of the server at `origin` (e.g. the simulator's `origin`). */
export async function startQuoteGate(origin: string): Promise<QuoteGate> {
  const target = new URL(origin);
  let held: Promise<void> | null = null;
  let open: () => void = () => {};
  let arrived: () => void = () => {};

  function forward(req: IncomingMessage, body: Buffer, res: ServerResponse): void {
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host },
      },
      (reply) => {
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    // The client gave up (a cancel, a timeout): so does the request it made through the gate.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    upstream.end(body);
  }

  const server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      // The prompt is JSON-encoded in the body, its line breaks escaped.
      if (held && body.toString('utf8').includes(QUOTE_TAIL)) {
        arrived();
        await held;
      }
      forward(req, body, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    hold() {
      held = new Promise<void>((resolve) => (open = resolve));
      return new Promise<void>((resolve) => (arrived = resolve));
    },
    release() {
      held = null;
      open();
    },
    async close() {
      open();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleChat, sendError, sendJson } from './chat.ts';
import { FaultBook } from './faults.ts';
import { LatencyScheduler, REAL_CLOCK, type RequestTiming, type SimClock } from './latency.ts';
import { DEFAULT_SIM_OPTIONS, resolveLatency, type SimOptions } from './options.ts';
import { simTokenizer } from './sim-tokenizer.ts';

/** A chat completion request as the simulator received it (recorded before any fault). */
export interface RecordedRequest {
  method: string;
  /** The path without the query, e.g. `/v1/chat/completions`. */
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  /** The exact body text. */
  raw: string;
  /** The parsed body, or undefined when it was not JSON. */
  body: unknown;
  receivedAt: number;
}

/** What a test may swap in, beside the options (which are plain data, settable from the CLI). */
export interface SimInstruments {
  /** The time of the latency model and of every stamp in `requests` and `timings`; default real. */
  clock?: SimClock;
}

/** A running simulated OpenAI-compatible server (sim-llm): a test instrument, not a model. */
export interface SimServer {
  /** e.g. `http://127.0.0.1:41234/v1` */
  baseUrl: string;
  /** e.g. `http://127.0.0.1:41234` (Azure-style paths and /tokenize live here). */
  origin: string;
  /** Every chat completion request received, in arrival order. */
  requests: RecordedRequest[];
  /** When each chat request was received, admitted to the batch, and finished. */
  timings: RequestTiming[];
  /** The most chat requests ever running (admitted) at once. */
  readonly peakRunning: number;
  /** Changes options; new `faults` start counting from the next request. */
  setOptions(patch: Partial<SimOptions>): void;
  close(): Promise<void>;
}

const AZURE_CHAT = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (b: Buffer) => parts.push(b));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Starts sim-llm on 127.0.0.1 (a random port unless `port` is given): `/v1/models`,
 * `/v1/chat/completions` (plain and SSE), Azure's `/openai/deployments/{d}/chat/completions`,
 * vLLM's `/tokenize` and `/detokenize`, with a deterministic memory-agent behaviour, a latency
 * model and fault injection (sim/options.ts).
 */
export async function startSimLlm(
  options: Partial<SimOptions> = {},
  instruments: SimInstruments = {},
): Promise<SimServer> {
  let opts: SimOptions = { ...DEFAULT_SIM_OPTIONS, ...options };
  const faults = new FaultBook();
  faults.install(opts.faults);
  const clock = instruments.clock ?? REAL_CLOCK;
  const scheduler = new LatencyScheduler(() => resolveLatency(opts.latency), clock);
  const requests: RecordedRequest[] = [];
  const timings: RequestTiming[] = [];
  let chatCount = 0;

  function authorized(req: IncomingMessage): boolean {
    if (opts.apiKey === undefined) return true;
    return (
      req.headers.authorization === `Bearer ${opts.apiKey}` ||
      req.headers['api-key'] === opts.apiKey
    );
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sim-llm');
    const method = req.method ?? 'GET';
    const raw = await readBody(req);
    if (method === 'GET' && url.pathname === '/health') return void res.writeHead(200).end();
    if (!authorized(req)) {
      return sendError(res, 401, 'sim-llm: incorrect API key provided.', 'AuthenticationError');
    }
    if (method === 'GET' && (url.pathname === '/v1/models' || url.pathname === '/openai/models')) {
      const ids = opts.models ?? [opts.model];
      const data = ids.map((id) => ({
        id,
        object: 'model',
        created: 0,
        owned_by: 'sim-llm',
        root: id,
        parent: null,
        max_model_len: opts.maxModelLen,
      }));
      return sendJson(res, 200, { object: 'list', data });
    }
    if (method === 'POST' && url.pathname === '/tokenize') {
      const body = parseJson(raw) as
        { prompt?: unknown; messages?: { content?: unknown }[] } | undefined;
      const text =
        typeof body?.prompt === 'string'
          ? body.prompt
          : Array.isArray(body?.messages)
            ? body.messages.map((m) => String(m.content ?? '')).join('\n')
            : undefined;
      if (text === undefined)
        return sendError(
          res,
          400,
          'sim-llm: /tokenize needs `prompt` or `messages`.',
          'BadRequestError',
        );
      const tokens = simTokenizer.encode(text);
      return sendJson(res, 200, {
        count: tokens.length,
        max_model_len: opts.maxModelLen,
        tokens,
        token_strs: null,
      });
    }
    if (method === 'POST' && url.pathname === '/detokenize') {
      const body = parseJson(raw) as { tokens?: unknown } | undefined;
      const tokens = body?.tokens;
      if (!Array.isArray(tokens) || !tokens.every((t) => Number.isInteger(t))) {
        return sendError(
          res,
          400,
          'sim-llm: /detokenize needs `tokens`, a list of integers.',
          'BadRequestError',
        );
      }
      return sendJson(res, 200, { prompt: simTokenizer.decode(tokens as number[]) });
    }
    const azure = AZURE_CHAT.exec(url.pathname);
    if (method === 'POST' && (url.pathname === '/v1/chat/completions' || azure !== null)) {
      requests.push({
        method,
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: { ...req.headers },
        raw,
        body: parseJson(raw),
        receivedAt: clock.now(),
      });
      chatCount += 1;
      const timing: RequestTiming = { id: chatCount, receivedAt: clock.now() };
      timings.push(timing);
      res.on('close', () => {
        if (!res.writableFinished) timing.closedEarlyAt = clock.now();
      });
      if (requests.length > opts.keepRequests)
        requests.splice(0, requests.length - opts.keepRequests);
      if (timings.length > opts.keepRequests) timings.splice(0, timings.length - opts.keepRequests);
      let body = raw;
      if (azure !== null) {
        if (!url.searchParams.has('api-version'))
          return sendError(
            res,
            400,
            'Missing required query parameter: api-version.',
            'BadRequestError',
          );
        const deployment = decodeURIComponent(azure[1] ?? '');
        if (deployment !== opts.model) {
          return sendError(
            res,
            404,
            `The API deployment ${deployment} does not exist.`,
            'DeploymentNotFound',
          );
        }
        // Azure takes the model from the path; the body's model may be anything.
        const parsed = parseJson(raw) as Record<string, unknown> | undefined;
        if (parsed !== undefined) body = JSON.stringify({ ...parsed, model: opts.model });
      }
      return handleChat(body, req, res, {
        id: chatCount,
        options: opts,
        scheduler,
        fault: faults.next(),
        timing,
      });
    }
    return sendError(res, 404, `sim-llm: no route for ${method} ${url.pathname}.`, 'NotFoundError');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent)
        sendError(
          res,
          500,
          `sim-llm: ${error instanceof Error ? error.message : String(error)}`,
          'InternalServerError',
        );
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const origin = `http://${opts.host}:${port}`;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    requests,
    timings,
    get peakRunning() {
      return scheduler.peakRunning;
    },
    setOptions(patch) {
      opts = { ...opts, ...patch };
      if (patch.faults !== undefined) faults.install(patch.faults);
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Stalled requests and keep-alive sockets would hold close() forever.
        server.closeAllConnections();
      });
    },
  };
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestTiming, LatencyScheduler } from './latency.ts';
import { simulateReply } from './memory-agent.ts';
import { quoteReply } from './quote-reply.ts';
import type { FaultRule, SimOptions } from './options.ts';
import { approxTokenCount, simTokenizer, tokenPieces } from './sim-tokenizer.ts';

// One chat completion of the simulator, plain or streamed, with the injected fault if any.
// Response shapes follow vLLM's OpenAI-compatible server.

export interface ChatContext {
  id: number;
  options: SimOptions;
  scheduler: LatencyScheduler;
  fault: FaultRule | undefined;
  timing: RequestTiming;
}

interface ChatBody {
  model?: unknown;
  messages?: unknown;
  max_tokens?: unknown;
  max_completion_tokens?: unknown;
  stream?: unknown;
  stream_options?: { include_usage?: unknown };
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  headers: Record<string, string> = {},
): void {
  sendJson(
    res,
    status,
    {
      object: 'error',
      error: { message, type, param: null, code: status },
      message,
      type,
      code: status,
    },
    headers,
  );
}

/** The user text of the request: MemAgent sends one user message; others are joined. */
function promptOf(messages: unknown): string | undefined {
  if (!Array.isArray(messages) || messages.length === 0) return undefined;
  const parts: string[] = [];
  for (const m of messages as { content?: unknown }[]) {
    if (typeof m?.content === 'string') parts.push(m.content);
    else if (Array.isArray(m?.content)) {
      for (const p of m.content as { text?: unknown }[])
        if (typeof p?.text === 'string') parts.push(p.text);
    } else return undefined;
  }
  return parts.join('\n');
}

const THINKING =
  '<think>\nThe problem asks for a specific fact; I will check the section for it and keep what matters.\n</think>\n\n';
const REASONING = 'The section may mention the fact the problem asks about.';

/** Answers one POST /v1/chat/completions. Never throws: every failure is an HTTP answer. */
export async function handleChat(
  rawBody: string,
  req: IncomingMessage,
  res: ServerResponse,
  ctx: ChatContext,
): Promise<void> {
  const { options, fault, timing } = ctx;
  const { clock } = ctx.scheduler;
  const kind = fault?.kind;
  if (kind === 'drop') {
    req.socket.destroy();
    return;
  }
  if (kind === 'stall') return; // Accepted, never answered; closed only when the server closes.
  if (kind === 'rate-limit') {
    const headers: Record<string, string> = {};
    if (fault?.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
    headers['retry-after'] = String(fault?.retryAfterSec ?? 1);
    return sendError(
      res,
      429,
      'sim-llm: rate limit reached (injected fault).',
      'RateLimitError',
      headers,
    );
  }
  if (kind === 'server-error')
    return sendError(
      res,
      500,
      'sim-llm: internal server error (injected fault).',
      'InternalServerError',
    );
  if (kind === 'unavailable')
    return sendError(
      res,
      503,
      'sim-llm: service unavailable (injected fault).',
      'ServiceUnavailableError',
    );
  if (kind === 'unauthorized') {
    const seen = String(req.headers.authorization ?? req.headers['api-key'] ?? '');
    return sendError(res, 401, `sim-llm: invalid credentials: ${seen}`, 'AuthenticationError');
  }

  let body: ChatBody;
  try {
    body = JSON.parse(rawBody) as ChatBody;
  } catch {
    return sendError(res, 400, 'sim-llm: the request body is not valid JSON.', 'BadRequestError');
  }
  const prompt = promptOf(body.messages);
  if (prompt === undefined)
    return sendError(
      res,
      400,
      'sim-llm: `messages` must be a non-empty list of messages with text content.',
      'BadRequestError',
    );
  if (typeof body.model === 'string' && body.model !== options.model) {
    return sendError(res, 404, `The model \`${body.model}\` does not exist.`, 'NotFoundError');
  }
  const promptTokens =
    options.tokenCounting === 'exact' ? simTokenizer.count(prompt) : approxTokenCount(prompt);
  const requested = body.max_tokens ?? body.max_completion_tokens;
  const maxTokens =
    typeof requested === 'number' && requested > 0
      ? Math.floor(requested)
      : options.maxModelLen - promptTokens;
  if (kind === 'bad-request' || promptTokens + maxTokens > options.maxModelLen) {
    return sendError(
      res,
      400,
      `This model's maximum context length is ${options.maxModelLen} tokens. However, you requested ${promptTokens + maxTokens} tokens (${promptTokens} in the messages, ${maxTokens} in the completion). Please reduce the length of the messages or completion.`,
      'BadRequestError',
    );
  }

  let content =
    quoteReply(prompt, options.quoteReply) ??
    simulateReply(prompt, {
      maxTokens,
      seed: options.seed,
      countTokens: (t) => simTokenizer.count(t),
    });
  if (kind === 'thinking') content = THINKING + content;
  if (kind === 'empty-reply' || kind === 'length-empty' || kind === 'null-content') content = '';
  let finishReason = kind === 'length-empty' ? 'length' : 'stop';
  if (kind === 'ignore-max-tokens') content = overflowText(fault?.overflowChars ?? 1_000_000);
  let ids = kind === 'ignore-max-tokens' ? [] : simTokenizer.encode(content);
  if (kind === 'stopped-reply') {
    // A filter (or a tool call) ends the output early: cut like a length cut, another reason.
    const kept = Math.min(ids.length, fault?.afterTokens ?? 3, maxTokens);
    content = simTokenizer.decode(ids.slice(0, kept)).replace(/\uFFFD+$/u, '');
    ids = ids.slice(0, kept);
    finishReason = fault?.finishReason ?? 'content_filter';
  } else if (ids.length > maxTokens) {
    // Cut at max_tokens like a server; a cut inside a character drops the broken bytes.
    content = simTokenizer.decode(ids.slice(0, maxTokens)).replace(/\uFFFD+$/u, '');
    finishReason = 'length';
  }
  const completionTokens =
    kind === 'ignore-max-tokens' ? approxTokenCount(content) : Math.min(ids.length, maxTokens);
  // One streamed piece per token, except where a character spans tokens (an overflow: 1,000
  // characters a piece, so a megabyte streams in a thousand events).
  const pieces =
    kind === 'ignore-max-tokens'
      ? (content.match(/[^]{1,1000}/gu) ?? [])
      : content === ''
        ? []
        : tokenPieces(simTokenizer, content);
  const usage = {
    prompt_tokens: promptTokens,
    completion_tokens: completionTokens,
    total_tokens: promptTokens + completionTokens,
  };

  timing.promptTokens = promptTokens;
  timing.pacedTokens = pieces.length;
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort(new Error('client went away'));
  });
  let release: (() => void) | undefined;
  try {
    release = await ctx.scheduler.admit(abort.signal);
    timing.admittedAt = clock.now();
    await ctx.scheduler.prefill(promptTokens, abort.signal);
    const stream = body.stream === true;
    const meta = {
      id: `chatcmpl-sim-${ctx.id}`,
      created: Math.floor(clock.now() / 1000),
      model: options.model,
    };
    if (!stream) {
      await ctx.scheduler.decode(pieces.length, abort.signal, (i) => {
        if (i === 0) timing.firstTokenAt = clock.now();
      });
      if (kind === 'malformed-json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          `{"id": "${meta.id}", "object": "chat.completion", "choices": [{"index": 0, "message": {"content": "`,
        );
        return;
      }
      const message: Record<string, unknown> = {
        role: 'assistant',
        content: kind === 'null-content' ? null : kind === 'non-string-content' ? 42 : content,
        tool_calls: [],
      };
      if (kind === 'reasoning-field') message.reasoning_content = REASONING;
      const choices =
        kind === 'empty-choices'
          ? []
          : [{ index: 0, message, logprobs: null, finish_reason: finishReason, stop_reason: null }];
      const reply: Record<string, unknown> = { ...meta, object: 'chat.completion', choices };
      if (kind !== 'no-usage') reply.usage = usage;
      if (kind === 'drop-mid-response') return dropMidBody(res, JSON.stringify(reply));
      return sendJson(res, 200, reply);
    }
    await streamReply(
      res,
      abort.signal,
      ctx,
      meta,
      pieces,
      finishReason,
      usage,
      body.stream_options?.include_usage === true,
    );
  } catch {
    // The client went away (abort) while waiting: nothing left to answer.
    if (!res.headersSent && !res.destroyed) res.destroy();
  } finally {
    release?.();
    timing.finishedAt = clock.now();
  }
}

/** `chars` characters of filler: what a server that ignores max_tokens keeps sending. */
function overflowText(chars: number): string {
  const unit = 'The memory grows without end. ';
  return unit.repeat(Math.ceil(chars / unit.length)).slice(0, chars);
}

/** Sends half of a JSON body announced whole (content-length), then destroys the socket. */
function dropMidBody(res: ServerResponse, text: string): void {
  res.writeHead(200, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
  });
  res.write(text.slice(0, Math.floor(text.length / 2)), () => res.destroy());
}

async function streamReply(
  res: ServerResponse,
  signal: AbortSignal,
  ctx: ChatContext,
  meta: { id: string; created: number; model: string },
  pieces: string[],
  finishReason: string,
  usage: { prompt_tokens: number; completion_tokens: number; total_tokens: number },
  includeUsage: boolean,
): Promise<void> {
  const kind = ctx.fault?.kind;
  const send = (choices: unknown[], extra: Record<string, unknown> = {}): void => {
    res.write(
      `data: ${JSON.stringify({ ...meta, object: 'chat.completion.chunk', choices, ...extra })}\n\n`,
    );
  };
  const delta = (d: Record<string, unknown>, finish: string | null = null): unknown[] =>
    kind === 'empty-choices' ? [] : [{ index: 0, delta: d, logprobs: null, finish_reason: finish }];
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  send(delta({ role: 'assistant', content: kind === 'null-content' ? null : '' }));
  if (kind === 'reasoning-field')
    send(delta({ reasoning_content: 'The section may mention ' }), { usage: null });
  const cutAt =
    kind === 'stall-mid-stream' || kind === 'partial-stream' || kind === 'drop-mid-response'
      ? (ctx.fault?.afterTokens ?? 3)
      : Number.POSITIVE_INFINITY;
  let stopped = false;
  await ctx.scheduler.decode(Math.min(pieces.length, cutAt), signal, (i) => {
    if (i === 0) ctx.timing.firstTokenAt = ctx.scheduler.clock.now();
    if (kind === 'malformed-json' && i === 1) {
      res.write('data: {"choices": [{"index": 0, "delta": {"content": \n\n');
      res.end();
      stopped = true;
    }
    if (!stopped)
      send(delta({ content: kind === 'non-string-content' && i === 0 ? 42 : pieces[i] }));
  });
  if (stopped) return;
  if (kind === 'stall-mid-stream') return; // Keep the connection open and silent.
  if (kind === 'partial-stream') {
    res.end(); // A clean end of the body, but no finish_reason and no [DONE].
    return;
  }
  if (kind === 'drop-mid-response') {
    // Once the tokens sent are on the wire, the connection goes: no end of the body at all.
    res.write('', () => res.destroy());
    return;
  }
  send(delta({}, finishReason));
  if (includeUsage && kind !== 'no-usage') send([], { usage });
  res.end('data: [DONE]\n\n');
}

import type OpenAI from 'openai';
import { z } from 'zod';
import type { BackendKind } from '../../../shared/model.ts';
import { readBoundedText } from './bounded-body.ts';
import { AttemptError } from './failure.ts';
import { replyCharLimit } from './reply-end.ts';
import type { ChatRequest } from './types.ts';
import { throwIfAborted } from '../abort.ts';
import { readSseJson } from './sse-json.ts';
import { TextBuilder } from '../text-builder.ts';

/** What one successful attempt produced. */
export interface AttemptResult {
  content: string;
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number } | undefined;
  model: string | undefined;
  /** The client cut the reply at this many characters (replyCharLimit): the server ignored max_tokens. */
  cutAtChars?: number;
}

export interface AttemptSettings {
  sdk: OpenAI;
  kind: BackendKind;
  model: string;
  timeoutMs: number;
  stallTimeoutMs: number;
  /** Called once the first content delta of this attempt has been passed on. */
  onFirstDelta: () => void;
}

const usageSchema = z
  .object({ prompt_tokens: z.number(), completion_tokens: z.number() })
  .passthrough();
const completionSchema = z
  .object({
    model: z.string().optional(),
    choices: z.array(
      z
        .object({
          message: z.object({ content: z.string().nullable().optional() }).passthrough(),
          finish_reason: z.string().nullable().optional(),
        })
        .passthrough(),
    ),
    usage: usageSchema.nullable().optional(),
  })
  .passthrough();

function toUsage(raw: unknown): AttemptResult['usage'] {
  const parsed = usageSchema.safeParse(raw);
  return parsed.success
    ? { promptTokens: parsed.data.prompt_tokens, completionTokens: parsed.data.completion_tokens }
    : undefined;
}

/**
 * Bytes of a plain JSON body that can carry `chars` characters of reply: at most 6 bytes a
 * UTF-16 unit (`\uXXXX`), plus 64 KiB for the envelope (ids, usage, tool_calls: []).
 */
const bodyByteLimit = (chars: number): number => chars * 6 + 65_536;

/** `text` cut to `limit` UTF-16 units, never between the two halves of a surrogate pair. */
function cutText(text: string, limit: number): string {
  const code = text.charCodeAt(limit - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? limit - 1 : limit);
}

function body(request: ChatRequest, s: AttemptSettings): Record<string, unknown> {
  // OpenAI's and Azure's newer models refuse `max_tokens`; vLLM, Ollama and others know it best.
  const limit = s.kind === 'openai' || s.kind === 'azure' ? 'max_completion_tokens' : 'max_tokens';
  return {
    model: s.model,
    messages: [{ role: 'user', content: request.prompt }],
    [limit]: request.maxTokens,
    temperature: request.temperature,
    top_p: request.topP,
  };
}

/**
 * One chat completion attempt, bounded in time: `timeoutMs` for a whole non-streamed call or
 * until a stream starts, then `stallTimeoutMs` between stream chunks. Throws AttemptError for
 * timeouts, stalls, cut streams and unusable bodies (a `content` or streamed `delta.content`
 * that is neither text nor null is malformed alike); SDK errors pass through.
 * `reasoning_content` (vLLM's reasoning parser) is ignored: the memory is the content.
 * A reply longer than `replyCharLimit(maxTokens)` is cut there (a stream is abandoned, a plain
 * body is read no further than it can hold) and returned with `cutAtChars`.
 */
export async function runAttempt(request: ChatRequest, s: AttemptSettings): Promise<AttemptResult> {
  const controller = new AbortController();
  let problem: 'timeout' | 'stall' | undefined;
  const fire = (p: 'timeout' | 'stall'): void => {
    problem = p;
    controller.abort();
  };
  const onUserAbort = (): void => controller.abort();
  request.signal?.addEventListener('abort', onUserAbort, { once: true });
  let timer = setTimeout(fire, s.timeoutMs, 'timeout');
  // The SDK's own timer is a backstop only: ours fires first and knows whether it was a stall.
  const options = { signal: controller.signal, timeout: s.timeoutMs + 1_000, maxRetries: 0 };
  const charLimit = replyCharLimit(request.maxTokens);
  const explain = (): never => {
    if (problem === 'timeout')
      throw new AttemptError('timeout', `no answer within ${s.timeoutMs} ms`);
    throw new AttemptError('stall', `no stream chunk for ${s.stallTimeoutMs} ms`);
  };
  try {
    if (request.onDelta === undefined) {
      let raw: unknown;
      try {
        const response = await s.sdk.chat.completions
          .create({ ...body(request, s), stream: false } as never, options)
          .asResponse();
        const text = await readBoundedText(response, bodyByteLimit(charLimit));
        if (text === undefined)
          return {
            content: '',
            finishReason: null,
            usage: undefined,
            model: undefined,
            cutAtChars: charLimit,
          };
        raw = JSON.parse(text);
      } catch (error) {
        if (problem !== undefined && request.signal?.aborted !== true) explain();
        throw error;
      }
      const parsed = completionSchema.safeParse(raw);
      if (!parsed.success)
        throw new AttemptError(
          'malformed',
          `unexpected completion shape: ${parsed.error.issues[0]?.message ?? ''}`,
        );
      const choice = parsed.data.choices[0];
      if (choice === undefined) throw new AttemptError('empty-choices', 'choices is empty');
      const content = choice.message.content ?? '';
      const result: AttemptResult = {
        content,
        finishReason: choice.finish_reason ?? null,
        usage: toUsage(parsed.data.usage),
        model: parsed.data.model,
      };
      if (content.length > charLimit) {
        result.content = cutText(content, charLimit);
        result.cutAtChars = charLimit;
      }
      return result;
    }

    // Built from a token at a time without a cons string per token (text-builder.ts).
    const content = new TextBuilder();
    let finishReason: string | null = null;
    let usage: AttemptResult['usage'];
    let model: string | undefined;
    let sawChoice = false;
    let cutAtChars: number | undefined;
    try {
      const response = await s.sdk.chat.completions
        .create(
          { ...body(request, s), stream: true, stream_options: { include_usage: true } } as never,
          options,
        )
        .asResponse();
      clearTimeout(timer);
      timer = setTimeout(fire, s.stallTimeoutMs, 'stall');
      const onDelta = request.onDelta;
      await readSseJson(response, controller.signal, (raw) => {
        timer.refresh();
        const chunk = raw as { model?: unknown; usage?: unknown; choices?: unknown };
        if (typeof chunk.model === 'string') model = chunk.model;
        if (chunk.usage !== undefined && chunk.usage !== null)
          usage = toUsage(chunk.usage) ?? usage;
        if (!Array.isArray(chunk.choices)) return;
        const choice = chunk.choices[0] as
          { delta?: { content?: unknown }; finish_reason?: unknown } | undefined;
        if (choice === undefined) return;
        sawChoice = true;
        let delta = choice.delta?.content;
        // Null or absent is a chunk without text; anything else but text is what a plain reply
        // of that shape is: malformed, and retried the same way.
        if (delta !== undefined && delta !== null && typeof delta !== 'string')
          throw new AttemptError('malformed', `a stream chunk's delta.content is ${typeof delta}`);
        if (typeof delta === 'string' && content.length + delta.length > charLimit) {
          delta = cutText(content.toString() + delta, charLimit).slice(content.length);
          cutAtChars = charLimit;
        }
        if (typeof delta === 'string' && delta.length > 0) {
          if (content.length === 0) s.onFirstDelta();
          content.append(delta);
          onDelta(delta);
        }
        // The server went past max_tokens: stop reading (the stream is cancelled).
        if (cutAtChars !== undefined) return false;
        if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
      });
    } catch (error) {
      if (problem !== undefined && request.signal?.aborted !== true) explain();
      throw error;
    }
    // An abort mid-stream ends the reading silently: say why it ended.
    throwIfAborted(request.signal);
    if (problem !== undefined) explain();
    const text = content.toString();
    if (cutAtChars !== undefined)
      return { content: text, finishReason: null, usage, model, cutAtChars };
    if (!sawChoice) throw new AttemptError('empty-choices', 'the stream carried no choice');
    if (finishReason === null)
      throw new AttemptError('incomplete', 'the stream ended without a finish_reason');
    return { content: text, finishReason, usage, model };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onUserAbort);
  }
}

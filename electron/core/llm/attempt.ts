import type OpenAI from 'openai';
import { z } from 'zod';
import type { BackendKind } from '../../../shared/model.ts';
import { AttemptError } from './failure.ts';
import type { ChatRequest } from './types.ts';
import { throwIfAborted } from '../abort.ts';

/** What one successful attempt produced. */
export interface AttemptResult {
  content: string;
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number } | undefined;
  model: string | undefined;
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
 * timeouts, stalls, cut streams and unusable bodies; SDK errors pass through.
 * `reasoning_content` (vLLM's reasoning parser) is ignored: the memory is the content.
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
  const explain = (): never => {
    if (problem === 'timeout')
      throw new AttemptError('timeout', `no answer within ${s.timeoutMs} ms`);
    throw new AttemptError('stall', `no stream chunk for ${s.stallTimeoutMs} ms`);
  };
  try {
    if (request.onDelta === undefined) {
      let raw: unknown;
      try {
        raw = await s.sdk.chat.completions.create(
          { ...body(request, s), stream: false } as never,
          options,
        );
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
      return {
        content: choice.message.content ?? '',
        finishReason: choice.finish_reason ?? null,
        usage: toUsage(parsed.data.usage),
        model: parsed.data.model,
      };
    }

    let content = '';
    let finishReason: string | null = null;
    let usage: AttemptResult['usage'];
    let model: string | undefined;
    let sawChoice = false;
    try {
      const stream = (await s.sdk.chat.completions.create(
        { ...body(request, s), stream: true, stream_options: { include_usage: true } } as never,
        options,
      )) as unknown as AsyncIterable<unknown>;
      clearTimeout(timer);
      timer = setTimeout(fire, s.stallTimeoutMs, 'stall');
      for await (const raw of stream) {
        timer.refresh();
        const chunk = raw as { model?: unknown; usage?: unknown; choices?: unknown };
        if (typeof chunk.model === 'string') model = chunk.model;
        if (chunk.usage !== undefined && chunk.usage !== null)
          usage = toUsage(chunk.usage) ?? usage;
        if (!Array.isArray(chunk.choices)) continue;
        const choice = chunk.choices[0] as
          { delta?: { content?: unknown }; finish_reason?: unknown } | undefined;
        if (choice === undefined) continue;
        sawChoice = true;
        const delta = choice.delta?.content;
        if (typeof delta === 'string' && delta.length > 0) {
          if (content === '') s.onFirstDelta();
          content += delta;
          request.onDelta(delta);
        }
        if (typeof choice.finish_reason === 'string') finishReason = choice.finish_reason;
      }
    } catch (error) {
      if (problem !== undefined && request.signal?.aborted !== true) explain();
      throw error;
    }
    // An abort mid-stream ends the SDK's loop silently: say why it ended.
    throwIfAborted(request.signal);
    if (problem !== undefined) explain();
    if (!sawChoice) throw new AttemptError('empty-choices', 'the stream carried no choice');
    if (finishReason === null)
      throw new AttemptError('incomplete', 'the stream ended without a finish_reason');
    return { content, finishReason, usage, model };
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onUserAbort);
  }
}

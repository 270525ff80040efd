import type OpenAI from 'openai';
import { z } from 'zod';
import { BACKEND_LIMITS } from '../../../shared/limits.ts';
import type { BackendKind } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { runAttempt } from './attempt.ts';
import { backoffDelay, cancelledError, sleepUnlessAborted } from './backoff.ts';
import { AttemptError, classifyFailure, type Failure, type FailureContext } from './failure.ts';
import { displayUrl, redactSecrets } from '../redact.ts';
import { replyEnd } from './reply-end.ts';
import { createSdk } from './sdk.ts';
import type { ChatRequest, ChatResult, LlmClient } from './types.ts';

/** How a backend is reached. Only `kind` and `baseUrl` are required. */
export interface LlmConfig {
  kind: BackendKind;
  /** e.g. `http://localhost:8000/v1`; for Azure the resource endpoint or `.../openai/deployments/{d}`. */
  baseUrl: string;
  /** Never appears in errors, details or logs. Local servers may have none. */
  apiKey?: string;
  /** Given, or discovered from /v1/models (first model). For Azure: the deployment name. */
  model?: string;
  /** Azure OpenAI `api-version` (default: `DEFAULT_AZURE_API_VERSION` of shared/backends.ts). */
  apiVersion?: string;
  /** Per attempt: a whole non-streamed call, or the wait for a stream to start. Default 300 s. */
  timeoutMs?: number;
  /**
   * The hint of a timed-out attempt's error: how the caller's user raises the timeout (the app:
   * the backend's timeout in Settings; the CLI: --timeout). Default: a neutral sentence.
   */
  timeoutHint?: string;
  /**
   * The hint of a server that cannot be reached, in the caller's words (the CLI names its flags,
   * `--base-url` and `--model-file`). Default: core's hint for the backend kind.
   */
  unreachableHint?: string;
  /** Retries after the first attempt for transient failures. Default 4. */
  maxRetries?: number;
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
  /** Longest silence inside a stream before the attempt is abandoned. Default 60 s. */
  stallTimeoutMs?: number;
  /** Retries of timed-out attempts (each costs up to `timeoutMs`). Default 1. */
  maxTimeoutRetries?: number;
  /** First backoff ceiling; doubles per retry up to `retryCapMs`. Defaults 500 ms and 30 s. */
  retryBaseMs?: number;
  retryCapMs?: number;
}

/**
 * 300 s: a 5,000-token chunk plus a 1,024-token memory from a 14B model takes about 20 s on an
 * idle H100 (≈60 tokens/s per sequence) and several times that on a busy or smaller GPU; 300 s
 * leaves that margin and is also Node fetch's own header/body timeout, so longer values would be
 * cut by fetch anyway.
 */
export const DEFAULT_TIMEOUT_MS = BACKEND_LIMITS.timeoutSec.default * 1000;
export const DEFAULT_STALL_TIMEOUT_MS = 60_000;
export const DEFAULT_MAX_RETRIES: number = BACKEND_LIMITS.retries.default;
const DEFAULT_TIMEOUT_HINT =
  'The server may be overloaded: send fewer requests at once, or allow a longer timeout.';

// A function, so TypeScript does not keep a narrowing of `signal.aborted` across awaits.
const aborted = (signal: AbortSignal | undefined): boolean => signal?.aborted === true;

const modelsSchema = z
  .object({ data: z.array(z.object({ id: z.string() }).passthrough()) })
  .passthrough();

/**
 * Creates the OpenAI-compatible client the agent uses: explicit timeouts, its own bounded
 * retries (exponential backoff with full jitter; Retry-After honoured up to 60 s; 400/401/403/404
 * never retried), cancellation by AbortSignal at every step, streamed deltas, and usage as the
 * server reports it. Errors are CoreError values with the API key redacted.
 */
export function createLlmClient(config: LlmConfig): LlmClient {
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const stallTimeoutMs = config.stallTimeoutMs ?? DEFAULT_STALL_TIMEOUT_MS;
  const maxRetries = config.maxRetries ?? DEFAULT_MAX_RETRIES;
  const maxTimeoutRetries = config.maxTimeoutRetries ?? 1;
  const retryBaseMs = config.retryBaseMs ?? 500;
  const retryCapMs = config.retryCapMs ?? 30_000;
  const url = displayUrl(config.baseUrl);
  let built: { sdk: OpenAI; deployment?: string } | undefined;
  let modelPromise: Promise<string> | undefined;

  const sdk = (): { sdk: OpenAI; deployment?: string } => {
    built ??= createSdk({
      kind: config.kind,
      baseUrl: config.baseUrl,
      apiKey: config.apiKey,
      model: config.model,
      apiVersion: config.apiVersion,
      timeoutMs,
    });
    return built;
  };

  const finalError = (f: Failure, attempts: number): CoreError => {
    const tries = attempts > 1 ? ` (${attempts} attempts)` : '';
    const clean = (s: string | undefined): string | undefined =>
      s === undefined ? undefined : redactSecrets(s, [config.apiKey]);
    const options: { hint?: string; detail?: string } = {};
    const hint = clean(f.hint);
    const detail = clean(f.detail);
    if (hint !== undefined) options.hint = hint;
    if (detail !== undefined) options.detail = detail;
    return new CoreError(f.kind, clean(f.message.replace(/\.$/, `${tries}.`)) ?? '', options);
  };

  /** Runs `attempt` with the retry policy; `model` names the model in 404 messages. */
  async function withRetries<T>(
    signal: AbortSignal | undefined,
    model: string | undefined,
    attempt: (n: number) => Promise<T>,
    beforeRetry?: () => void,
  ): Promise<{ value: T; attempts: number }> {
    const ctx: FailureContext = {
      kind: config.kind,
      url,
      model,
      timeoutMs,
      stallTimeoutMs,
      timeoutHint: config.timeoutHint ?? DEFAULT_TIMEOUT_HINT,
    };
    if (config.unreachableHint !== undefined) ctx.unreachableHint = config.unreachableHint;
    let timeouts = 0;
    for (let n = 1; ; n += 1) {
      if (signal?.aborted === true) throw cancelledError();
      try {
        return { value: await attempt(n), attempts: n };
      } catch (error) {
        if (aborted(signal)) throw cancelledError();
        if (error instanceof CoreError) throw error;
        const failure = classifyFailure(error, ctx);
        if (failure.kind === 'Cancelled') throw cancelledError();
        if (failure.timeout) timeouts += 1;
        if (
          !failure.retryable ||
          n > maxRetries ||
          (failure.timeout && timeouts > maxTimeoutRetries)
        )
          throw finalError(failure, n);
        const delayMs = failure.retryAfterMs ?? backoffDelay(n, retryBaseMs, retryCapMs);
        config.onRetry?.({ attempt: n, delayMs, reason: failure.reason });
        beforeRetry?.();
        await sleepUnlessAborted(delayMs, signal);
      }
    }
  }

  async function listModels(signal?: AbortSignal): Promise<string[]> {
    const { sdk: client } = sdk();
    const { value } = await withRetries(signal, undefined, async () => {
      const page = await client.models.list({
        signal: signal ?? null,
        timeout: timeoutMs,
        maxRetries: 0,
      });
      const parsed = modelsSchema.safeParse({ data: page.data });
      if (!parsed.success) throw new SyntaxError('unexpected /models shape');
      return parsed.data.data.map((m) => m.id);
    });
    return value;
  }

  async function discoverModel(signal?: AbortSignal): Promise<string> {
    const models = await listModels(signal);
    const first = models[0];
    if (first === undefined) {
      throw new CoreError('BackendFailed', `The LLM server at ${url} lists no models.`, {
        hint: 'Give the model name (--model), or check that the server has loaded a model.',
      });
    }
    return first;
  }

  async function resolveModel(signal?: AbortSignal): Promise<string> {
    if (config.model !== undefined && config.model !== '') return config.model;
    const deployment = sdk().deployment;
    if (deployment !== undefined) return deployment;
    modelPromise ??= discoverModel(signal).catch((error: unknown) => {
      modelPromise = undefined; // A failed discovery is tried again on the next call.
      throw error;
    });
    return modelPromise;
  }

  async function chat(request: ChatRequest): Promise<ChatResult> {
    const model = await resolveModel(request.signal);
    const { sdk: client } = sdk();
    const started = performance.now();
    let delivered = false;
    let emptyRetries = 1;
    const { value, attempts } = await withRetries(
      request.signal,
      model,
      async (n) => {
        const result = await runAttempt(request, {
          sdk: client,
          kind: config.kind,
          model,
          timeoutMs,
          stallTimeoutMs,
          onFirstDelta: () => (delivered = true),
        });
        // A complete reply without text is often a passing fault of the server (a null or empty
        // content at one chunk, issue 22): it is asked once more, within the retry budget. A
        // second empty reply is returned as it is, and the agent keeps its memory and warns.
        const empty = result.content.trim() === '' && replyEnd(result).kind === 'complete';
        if (empty && emptyRetries > 0 && n <= maxRetries) {
          emptyRetries -= 1;
          throw new AttemptError('empty-reply', 'the reply has no text');
        }
        return result;
      },
      () => {
        // Deltas of a failed attempt were shown: the consumer must drop them before the retry streams.
        if (delivered) request.onRestart?.();
        delivered = false;
      },
    );
    const result: ChatResult = {
      content: value.content,
      finishReason: value.finishReason,
      ...(value.cutAtChars === undefined ? {} : { cutAtChars: value.cutAtChars }),
      usage: value.usage ?? { promptTokens: 0, completionTokens: 0 },
      model: value.model ?? model,
      ms: Math.round(performance.now() - started),
      attempts,
    };
    if (value.usage === undefined) result.usageMissing = true;
    return result;
  }

  return { resolveModel, listModels, chat };
}

import { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from 'openai';
import type { BackendKind, ErrorKind } from '../../../shared/model.ts';
import { retryAfterMs } from './backoff.ts';

/** Why one attempt failed in a way the SDK does not report itself. */
export type AttemptProblem =
  'timeout' | 'stall' | 'incomplete' | 'malformed' | 'empty-choices' | 'empty-reply';

/** Thrown inside one attempt for failures found by the client rather than by the SDK. */
export class AttemptError extends Error {
  readonly problem: AttemptProblem;
  constructor(problem: AttemptProblem, message: string) {
    super(message);
    this.name = 'AttemptError';
    this.problem = problem;
  }
}

/** What went wrong with one attempt and whether another attempt may help. */
export interface Failure {
  retryable: boolean;
  /** Timeouts get fewer retries than other transient failures (each may cost minutes). */
  timeout: boolean;
  kind: ErrorKind;
  /** Short reason for onRetry and the final error, e.g. `HTTP 503`, `timeout`. */
  reason: string;
  message: string;
  hint?: string;
  detail?: string;
  retryAfterMs?: number;
}

export interface FailureContext {
  kind: BackendKind;
  /** Base URL without credentials or query. */
  url: string;
  model: string | undefined;
  timeoutMs: number;
  stallTimeoutMs: number;
  /** What the user can do about a timed-out attempt, in the caller's words (LlmConfig.timeoutHint). */
  timeoutHint: string;
  /** What the user can do about a server that cannot be reached, in the caller's words (LlmConfig.unreachableHint). */
  unreachableHint?: string;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  'ECONNABORTED',
]);

function causeCode(error: unknown): string | undefined {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e !== null && typeof e === 'object'; depth += 1) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    const errors = (e as { errors?: unknown }).errors;
    if (Array.isArray(errors) && errors.length > 0) e = errors[0];
    else e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** True when fetch refused the URL's port itself: the Fetch standard's "bad ports" (1, 9, 6000...) are never dialled. */
function isBlockedPort(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; depth < 5 && e !== null && typeof e === 'object'; depth += 1) {
    if ((e as { message?: unknown }).message === 'bad port') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * What the user can do about a server that cannot be reached, for its kind of backend: a local
 * server is started; a cloud service is checked (URL, key, network, the provider's status page).
 */
export function unreachableHint(kind: BackendKind): string {
  switch (kind) {
    case 'vllm':
      return 'Start vLLM with `vllm serve BytedTsinghua-SIA/RL-MemoryAgent-14B` or check the base URL.';
    case 'ollama':
      return 'Start Ollama (`ollama serve`) or check the base URL.';
    case 'openai':
      return "Check the base URL (normally `https://api.openai.com/v1`), this computer's network connection and proxy, and OpenAI's status page.";
    case 'azure':
      return "Check the resource URL (`https://RESOURCE.openai.azure.com`), the deployment, this computer's network connection and proxy, and Azure's status page.";
    case 'openrouter':
      return "Check the base URL (normally `https://openrouter.ai/api/v1`), this computer's network connection and proxy, and OpenRouter's status page.";
    case 'custom':
      return 'Check that the server is running and that its base URL and port are right (a local vLLM is started with `vllm serve BytedTsinghua-SIA/RL-MemoryAgent-14B`).';
    case 'builtin':
      return 'The built-in model runs on this computer and needs no server: check its model file in Settings.';
  }
}

function rejected(status: number, ctx: FailureContext, detail: string): Failure {
  const base = {
    retryable: false,
    timeout: false,
    kind: 'BackendRejected' as const,
    reason: `HTTP ${status}`,
    detail,
  };
  if (status === 401)
    return {
      ...base,
      message: `The LLM server at ${ctx.url} refused the API key (HTTP 401).`,
      hint: 'Check the API key of this backend.',
    };
  if (status === 403)
    return {
      ...base,
      message: `The API key is not allowed to use this model or endpoint (HTTP 403).`,
      hint: "Check the key's permissions, or the deployment and region.",
    };
  if (status === 404) {
    const what = ctx.model === undefined ? 'the requested path' : `the model "${ctx.model}"`;
    return {
      ...base,
      message: `The LLM server at ${ctx.url} does not know ${what} (HTTP 404).`,
      hint: 'Check the model (or Azure deployment) name and the base URL; `memagent models` lists what the server serves.',
    };
  }
  return {
    ...base,
    message: `The LLM server rejected the request (HTTP ${status}).`,
    hint: /context length|maximum context|too long|too many tokens/i.test(detail)
      ? "The prompt is longer than the model's context: lower the chunk tokens or the memory tokens."
      : 'The server found the request invalid: check the model name and the settings (the detail says more).',
  };
}

/** Sorts an error thrown by one attempt into retryable or final, with a user-facing sentence. */
export function classifyFailure(error: unknown, ctx: FailureContext): Failure {
  if (error instanceof AttemptError) {
    const seconds = (ms: number): string => `${Math.round(ms / 100) / 10} s`;
    const messages: Record<AttemptProblem, string> = {
      timeout: `The LLM server did not answer within ${seconds(ctx.timeoutMs)}.`,
      stall: `The LLM server stopped streaming for more than ${seconds(ctx.stallTimeoutMs)}.`,
      incomplete: 'The LLM server ended its reply before finishing it.',
      malformed: 'The LLM server sent a reply that is not valid JSON.',
      'empty-choices': 'The LLM server sent a reply without any choice.',
      'empty-reply': 'The LLM server sent an empty reply.',
    };
    const hints: Partial<Record<AttemptProblem, string>> = {
      timeout: ctx.timeoutHint,
      // The stall limit is not a setting: raising the timeout would not change it.
      stall:
        'The server may be overloaded or stuck: send fewer requests at once, or check its logs.',
    };
    const hint =
      hints[error.problem] ?? 'The server or a proxy in between misbehaved; check its logs.';
    return {
      retryable: true,
      timeout: error.problem === 'timeout',
      kind: 'BackendFailed',
      reason: error.problem,
      message: messages[error.problem],
      hint,
      detail: error.message,
    };
  }
  if (error instanceof APIUserAbortError) {
    return {
      retryable: false,
      timeout: false,
      kind: 'Cancelled',
      reason: 'cancelled',
      message: 'The request to the LLM server was cancelled.',
    };
  }
  if (error instanceof APIConnectionTimeoutError) {
    return {
      retryable: true,
      timeout: true,
      kind: 'BackendFailed',
      reason: 'timeout',
      message: `The LLM server did not answer within ${Math.round(ctx.timeoutMs / 1000)} s.`,
      hint: ctx.timeoutHint,
      detail: error.message,
    };
  }
  if (error instanceof APIConnectionError) {
    if (isBlockedPort(error)) {
      // Nothing was ever connected: saying the connection "was lost" would send the user to server logs for nothing.
      return {
        retryable: false,
        timeout: false,
        kind: 'BackendUnavailable',
        reason: 'blocked port',
        message: `The port in ${ctx.url} is one that web clients refuse to use, so the app cannot reach a server there.`,
        hint: 'Serve the model on another port (vLLM uses 8000 by default) and change the base URL.',
        detail: 'fetch: bad port',
      };
    }
    const code = causeCode(error);
    if (code !== undefined && UNREACHABLE.has(code)) {
      return {
        retryable: true,
        timeout: false,
        kind: 'BackendUnavailable',
        reason: code,
        message: `Cannot reach the LLM server at ${ctx.url}.`,
        hint: ctx.unreachableHint ?? unreachableHint(ctx.kind),
        detail: `${error.message} (${code})`,
      };
    }
    return {
      retryable: true,
      timeout: false,
      kind: 'BackendFailed',
      reason: code ?? 'connection lost',
      message: `The connection to the LLM server at ${ctx.url} was lost.`,
      hint: 'The server may have restarted or crashed; check its logs.',
      detail: `${error.message}${code === undefined ? '' : ` (${code})`}`,
    };
  }
  if (error instanceof APIError && typeof error.status === 'number') {
    const status = error.status;
    const detail = error.message;
    if (status === 408 || status === 409 || status === 425 || status === 429 || status >= 500) {
      const wait = retryAfterMs(error.headers ?? undefined);
      const message =
        status === 429
          ? 'The LLM server kept rate-limiting the requests (HTTP 429).'
          : `The LLM server failed (HTTP ${status}).`;
      const hint =
        status === 429
          ? "Wait a little, lower the concurrency, or check the plan's rate limits."
          : 'The server may be overloaded or restarting; check its logs.';
      return {
        retryable: true,
        timeout: false,
        kind: 'BackendFailed',
        reason: `HTTP ${status}`,
        message,
        hint,
        detail,
        ...(wait === undefined ? {} : { retryAfterMs: wait }),
      };
    }
    return rejected(status, ctx, detail);
  }
  if (error instanceof APIError) {
    // An `error` event inside a stream (vLLM sends one when generation fails mid-way).
    return {
      retryable: true,
      timeout: false,
      kind: 'BackendFailed',
      reason: 'stream error',
      message: 'The LLM server reported an error in the middle of its reply.',
      hint: 'The server may be overloaded or restarting; check its logs.',
      detail: error.message,
    };
  }
  if (error instanceof SyntaxError) {
    return {
      retryable: true,
      timeout: false,
      kind: 'BackendFailed',
      reason: 'malformed',
      message: 'The LLM server sent a reply that is not valid JSON.',
      hint: 'The server or a proxy in between misbehaved; check its logs.',
      detail: error.message,
    };
  }
  // A body cut off mid-read surfaces as a TypeError ("terminated") from fetch.
  if (error instanceof TypeError && /terminated|fetch failed|socket|network/i.test(error.message)) {
    return {
      retryable: true,
      timeout: false,
      kind: 'BackendFailed',
      reason: 'connection lost',
      message: `The connection to the LLM server at ${ctx.url} was lost.`,
      hint: 'The server may have restarted or crashed; check its logs.',
      detail: error.message,
    };
  }
  const detail = error instanceof Error ? error.message : String(error);
  return {
    retryable: false,
    timeout: false,
    kind: 'Internal',
    reason: 'unexpected',
    message: 'The LLM client failed unexpectedly.',
    hint: 'Please report it with the details shown by --debug.',
    detail,
  };
}

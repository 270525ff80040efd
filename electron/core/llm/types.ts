import type { Usage } from '../../../shared/model.ts';

/** One single-user-message chat completion, as MemAgent sends them. */
export interface ChatRequest {
  /** The whole user message (a filled template). */
  prompt: string;
  maxTokens: number;
  temperature: number;
  topP: number;
  signal?: AbortSignal;
  /** Receives content text as it streams; when absent the call may be non-streamed. */
  onDelta?: (text: string) => void;
  /**
   * Called before a retry when deltas of the failed attempt were already passed to `onDelta`:
   * the consumer drops the partial text, and the retry streams the reply again from the start.
   */
  onRestart?: () => void;
}

export interface ChatResult {
  /** The assistant's whole content (including any thinking; the agent strips it). */
  content: string;
  finishReason: string | null;
  /**
   * Set when the client cut the reply at this many characters: far more than `maxTokens` can
   * hold, so the server ignored the limit (reply-end.ts). `content` is what came before the cut.
   */
  cutAtChars?: number;
  /** As reported by the server; zeros with `usageMissing` when it reported none (never estimated). */
  usage: Usage;
  /** True when the server sent no token usage for this call. */
  usageMissing?: boolean;
  model: string;
  ms: number;
  /** How many attempts the call took (1 = no retry). */
  attempts: number;
}

/** The OpenAI-compatible backend as the agent sees it. Errors are thrown as `CoreError`. */
export interface LlmClient {
  /** The model name used for calls (given, or discovered from /v1/models). */
  resolveModel(signal?: AbortSignal): Promise<string>;
  listModels(signal?: AbortSignal): Promise<string[]>;
  chat(request: ChatRequest): Promise<ChatResult>;
}

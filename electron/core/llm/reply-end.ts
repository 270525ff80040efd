// How a chat reply ended, judged once for every caller (memory updates, the final answer, the
// direct evaluation). Only a normal stop is complete: a reply the server ended for any other
// reason, or one the client cut because the server ignored max_tokens, is cut.
import type { ChatResult } from './types.ts';

/**
 * Finish reasons that mean "the model ended its reply": OpenAI, Azure, vLLM, Ollama and llama.cpp
 * send `stop`; text-generation-inference sends `eos_token` or `stop_sequence`; `eos` and
 * `end_turn` are what other OpenAI-compatible bridges pass through from their engines.
 */
const COMPLETE = new Set(['stop', 'eos', 'eos_token', 'stop_sequence', 'end_turn']);

export type ReplyEnd =
  /** The model ended the reply itself. */
  | { kind: 'complete' }
  /** The server cut it at max_tokens (`finish_reason: "length"`). */
  | { kind: 'length' }
  /** The server ended it for another reason: `content_filter`, `tool_calls`, `function_call`, an unknown value. */
  | { kind: 'stopped'; reason: string }
  /** The client cut it at `chars` characters: far more than max_tokens can hold (the server ignored it). */
  | { kind: 'overlong'; chars: number };

/**
 * Judges a reply's end from its finish reason. A plain reply without any finish reason counts as
 * complete: its JSON body arrived whole, and servers that omit the field would otherwise lose
 * every memory (a stream without one is already refused by the client as incomplete).
 */
export function replyEnd(result: Pick<ChatResult, 'finishReason' | 'cutAtChars'>): ReplyEnd {
  if (result.cutAtChars !== undefined) return { kind: 'overlong', chars: result.cutAtChars };
  const reason = result.finishReason;
  if (reason === null || COMPLETE.has(reason)) return { kind: 'complete' };
  if (reason === 'length') return { kind: 'length' };
  // The reason is the server's text: shown in warnings, so kept short and printable.
  const shown = reason.slice(0, 40).replace(/[^\x20-\x7e]/g, '?');
  return { kind: 'stopped', reason: shown };
}

/**
 * Characters a reply of `maxTokens` tokens may hold before the client cuts it. No token of the
 * Qwen2.5 vocabulary (the MemAgent models') is longer than 128 characters, and its tokens average
 * about 5, so a reply beyond 128 per token cannot come from a server that kept to max_tokens:
 * it ignored the limit, and without a bound it could send megabytes that become the next memory
 * and prompt (issue 22: a 50 MB reply took 320 s and 3.7 GB). The slack covers tiny limits.
 */
export function replyCharLimit(maxTokens: number): number {
  return Math.max(1, Math.floor(maxTokens)) * 128 + 1024;
}

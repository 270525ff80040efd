// Options of the simulated OpenAI-compatible server (sim-llm), a test instrument.

/**
 * Timing of a vLLM-like server. Prefill is compute-bound, so concurrent prefills share one
 * throughput; decode is memory-bound, so each running sequence decodes at its own rate until the
 * aggregate limit is reached. Requests beyond `maxBatch` running sequences wait in a FIFO queue.
 * Figures and their sources: docs/simulator.md.
 */
export interface LatencyModel {
  /** Prompt tokens per second, shared by all prefills in progress. */
  prefillTokensPerSec: number;
  /** Output tokens per second of one sequence. */
  decodeTokensPerSec: number;
  /** Output tokens per second of the whole server; beyond it every sequence slows down. */
  aggregateDecodeTokensPerSec: number;
  /** Sequences decoded at once (vLLM `--max-num-seqs`); more requests queue. */
  maxBatch: number;
  /** Fixed cost per request (HTTP, scheduling, detokenization), milliseconds. */
  overheadMs: number;
}

/** Estimates for BytedTsinghua-SIA/RL-MemoryAgent-14B (BF16) under vLLM on one H100 80GB. */
export const H100_14B: LatencyModel = {
  prefillTokensPerSec: 10_000,
  decodeTokensPerSec: 60,
  aggregateDecodeTokensPerSec: 3_000,
  maxBatch: 256,
  overheadMs: 5,
};

/** No waiting at all: for engine-overhead benchmarks and fast tests. */
export const ZERO_LATENCY: LatencyModel = {
  prefillTokensPerSec: Number.POSITIVE_INFINITY,
  decodeTokensPerSec: Number.POSITIVE_INFINITY,
  aggregateDecodeTokensPerSec: Number.POSITIVE_INFINITY,
  maxBatch: Number.POSITIVE_INFINITY,
  overheadMs: 0,
};

export const LATENCY_PRESETS = { 'h100-14b': H100_14B, zero: ZERO_LATENCY } as const;
export type LatencyPreset = keyof typeof LATENCY_PRESETS;

/** Faults the simulator can inject into chat completion requests. */
export type FaultKind =
  /** 429 with `Retry-After` (seconds) or `retry-after-ms`. */
  | 'rate-limit'
  /** 500 Internal Server Error. */
  | 'server-error'
  /** 503 Service Unavailable. */
  | 'unavailable'
  /** 400 like vLLM's "maximum context length" error. */
  | 'bad-request'
  /** 401 whose body echoes the received credentials (a careless server), to test redaction. */
  | 'unauthorized'
  /** The socket is destroyed before any response byte. */
  | 'drop'
  /**
   * The socket is destroyed in the middle of the reply: after `afterTokens` streamed tokens, or
   * half of a plain JSON body (sent with its full content-length).
   */
  | 'drop-mid-response'
  /** The request is accepted and never answered. */
  | 'stall'
  /** A streamed reply stops sending after `afterTokens` tokens and never ends. */
  | 'stall-mid-stream'
  /** A streamed reply is cut after `afterTokens` tokens: the connection ends with no finish_reason and no [DONE]. */
  | 'partial-stream'
  /** The body (or one SSE event) is not valid JSON. */
  | 'malformed-json'
  /** `choices` is an empty array. */
  | 'empty-choices'
  /** The reply's content is "" with finish_reason "stop". */
  | 'empty-reply'
  /** The reply's content is "" with finish_reason "length" (a reasoning model spent its budget). */
  | 'length-empty'
  /** The reply starts with a <think>...</think> block before the real content. */
  | 'thinking'
  /** The reply carries vLLM's `reasoning_content` field beside the content. */
  | 'reasoning-field'
  /** The reply has no `usage`. */
  | 'no-usage'
  /**
   * The server stops the reply after `afterTokens` tokens with finish_reason `finishReason`
   * (default "content_filter", what OpenAI and Azure send when a filter stops the output).
   */
  | 'stopped-reply'
  /** The content is `null` (plain), or every streamed delta's content is `null`; finish_reason "stop". */
  | 'null-content'
  /** The content is a number (plain), or the first streamed delta's content is one. */
  | 'non-string-content'
  /** The server ignores max_tokens and sends `overflowChars` characters (default 1,000,000), finish_reason "stop". */
  | 'ignore-max-tokens';

/**
 * When a fault applies. Counting is over chat completion requests received after the rule was
 * installed (1-based). With neither `next` nor `every`, the rule applies to every request.
 */
export interface FaultRule {
  kind: FaultKind;
  /** Applies to the next N requests. */
  next?: number;
  /** Applies to every Kth request (K, 2K, ...). */
  every?: number;
  /** rate-limit: the `Retry-After` header in seconds. */
  retryAfterSec?: number;
  /** rate-limit: the `retry-after-ms` header. */
  retryAfterMs?: number;
  /** stall-mid-stream, partial-stream, drop-mid-response, stopped-reply: tokens sent before the reply stops. Default 3. */
  afterTokens?: number;
  /** stopped-reply: the finish_reason sent. Default "content_filter". */
  finishReason?: string;
  /** ignore-max-tokens: the reply's length in characters. Default 1,000,000. */
  overflowChars?: number;
}

export interface SimOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** The model id served; tests may name it like a real model (e.g. a Qwen name). */
  model: string;
  /** Ids listed by /v1/models; default `[model]`. An empty list simulates a server with no model. */
  models?: string[] | undefined;
  latency: LatencyModel | LatencyPreset;
  faults: FaultRule[];
  /** Context window: prompt + max_tokens beyond it is a 400, as in vLLM. */
  maxModelLen: number;
  /** Seeds the deterministic choices (wording); same seed and input give the same reply. */
  seed: number;
  /** 'exact' tokenizes prompts; 'approx' estimates 4 characters a token (benchmarks). */
  tokenCounting: 'exact' | 'approx';
  /** When set, requests must carry this key (Bearer or `api-key`), else 401. */
  apiKey?: string | undefined;
  /**
   * How many of the latest chat requests (and their timings) are kept for inspection; older
   * ones are dropped so a long-running simulator does not grow without bound.
   */
  keepRequests: number;
  /**
   * The reply to every quote-check prompt (a paraphrase, NONE, a sentence of another chunk);
   * unset, the simulator copies the section's best supporting sentence.
   */
  quoteReply?: string | undefined;
}

export const DEFAULT_SIM_OPTIONS: SimOptions = {
  host: '127.0.0.1',
  port: 0,
  model: 'sim-llm/memagent-simulator',
  latency: 'zero',
  faults: [],
  maxModelLen: 32_768,
  seed: 0,
  tokenCounting: 'exact',
  keepRequests: 100_000,
};

export function resolveLatency(latency: LatencyModel | LatencyPreset): LatencyModel {
  return typeof latency === 'string' ? LATENCY_PRESETS[latency] : latency;
}

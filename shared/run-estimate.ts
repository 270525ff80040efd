// What a run will take, said before it starts (`runs:estimate`, `memagent ask --dry-run`).

/** Where the built-in model computes, as its host reports it once loaded. */
export type ComputeDevice = 'cpu' | 'gpu';

/** A closed range: the least and the most a run can take. */
export interface Range {
  min: number;
  max: number;
}

export interface RunEstimate {
  /** Chunk requests; the run makes one more, the final one. */
  chunks: number;
  /**
   * Prompt tokens of all requests, an upper bound: exact for the template, question and chunks
   * (counted with the run's tokenizer), with each written memory counted at its full budget,
   * and the quote check's requests at their most when it is on (`quoteCheck`).
   */
  promptTokens: number;
  /** Prompt tokens if every written memory were one token long (and no quote check request). */
  minPromptTokens: number;
  /** Every chunk's memory at its budget, the answer at its budget, and every quote reply at its cap. */
  maxCompletionTokens: number;
  /** One token per request. */
  minCompletionTokens: number;
  /** In the profile's currency; null when the backend has no prices. */
  cost: Range | null;
  /** Null until a run on this backend and model has measured its speed. */
  seconds: Range | null;
  /**
   * The quote check's part of the maximum figures (promptTokens, maxCompletionTokens, cost and
   * time): null when the check is off. The minimum figures leave it out: with no cited chunk it
   * asks nothing.
   */
  quoteCheck: QuoteCheckBound | null;
  /** True for the built-in model: it runs on this computer, so nothing is paid per token. */
  onThisComputer?: boolean;
  /** The built-in model's device as its host reports it (the time is this computer's). */
  device?: ComputeDevice;
}

/** The quote check's requests after the answer, at their most. */
export interface QuoteCheckBound {
  /** At most QUOTE_CHECK_CHUNKS, fewer for a document with fewer chunks. */
  requests: number;
  /** The quote prompts of the largest chunks with the answer at its full budget. */
  promptTokens: number;
  /** Every quote reply at its cap (QUOTE_MAX_TOKENS). */
  completionTokens: number;
}

/** Ask before a run that may cost more than this (profile currency), until the user sets it. */
export const DEFAULT_COST_CONFIRM_ABOVE = 1;

/** "up to 3 quote-check requests": the app's and the CLI's words for the quote check's part. */
export function quoteCheckRequestsText(bound: QuoteCheckBound): string {
  return `up to ${bound.requests} quote-check request${bound.requests === 1 ? '' : 's'}`;
}

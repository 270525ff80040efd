// What a run will take, said before it starts (`runs:estimate`, `memagent ask --dry-run`).

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
   * (counted with the run's tokenizer), with each written memory counted at its full budget.
   */
  promptTokens: number;
  /** Prompt tokens if every written memory were one token long. */
  minPromptTokens: number;
  /** Every chunk's memory at its budget plus the answer at its budget. */
  maxCompletionTokens: number;
  /** One token per request. */
  minCompletionTokens: number;
  /** In the profile's currency; null when the backend has no prices. */
  cost: Range | null;
  /** Null until a run on this backend and model has measured its speed. */
  seconds: Range | null;
}

/** Ask before a run that may cost more than this (profile currency), until the user sets it. */
export const DEFAULT_COST_CONFIRM_ABOVE = 1;

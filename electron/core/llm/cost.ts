import type { Usage } from '../../../shared/model.ts';

/** Prices in currency units per million tokens, as in a BackendProfile. */
export interface Prices {
  inputPricePerMTok?: number | undefined;
  outputPricePerMTok?: number | undefined;
}

/**
 * The cost of `usage` under `prices`, or undefined when no price is known (a local server, or a
 * profile without prices): an unknown cost is not shown as zero. A missing price of one side
 * counts as zero only when the other side's price is given.
 */
export function estimateCost(usage: Usage, prices: Prices): number | undefined {
  const input = prices.inputPricePerMTok;
  const output = prices.outputPricePerMTok;
  if (input === undefined && output === undefined) return undefined;
  return (usage.promptTokens * (input ?? 0) + usage.completionTokens * (output ?? 0)) / 1_000_000;
}

// The estimate of a run in words, for the Ask form and the cost confirmation.
import {
  quoteCheckRequestsText,
  type Range,
  type RunEstimate,
} from '../../../shared/run-estimate.ts';
import { plural } from '../../../shared/plural.ts';
import { estimateCostText, overCostLimit } from '../../../shared/estimate-cost.ts';
import { estimateTimeText } from '../../../shared/estimate-time.ts';
import { formatTokens } from './format.ts';

export { moneyRange } from '../../../shared/estimate-cost.ts';

/**
 * "35 chunks · up to 212K prompt and 37K completion tokens", and "· includes up to 3 quote-check
 * requests" when the backend has the quote check on (its requests are in the figures).
 */
export function tokensLine(e: RunEstimate): string {
  const quote = e.quoteCheck === null ? '' : ` · includes ${quoteCheckRequestsText(e.quoteCheck)}`;
  return `${plural(e.chunks, 'chunk')} · up to ${formatTokens(e.promptTokens)} prompt and ${formatTokens(e.maxCompletionTokens)} completion tokens${quote}`;
}

/**
 * The time a run will take ("about 40 min 00 s on this computer, CPU only" for the built-in
 * model, in the command line's words), or why it is not known yet.
 */
export function timeLine(e: RunEstimate): string {
  return `Time: ${estimateTimeText(e.seconds, e.device)}`;
}

/** The cost, or that the backend has no prices (a local server: nothing to pay per token). */
export function costLine(e: RunEstimate): string {
  return `Cost: ${estimateCostText(e, 'app')}`;
}

/** True when Ask or Create should ask first: a priced run or review whose most exceeds the limit. */
export function needsConfirmation(e: { cost: Range | null } | null, limit: number): boolean {
  return overCostLimit(e?.cost, limit);
}

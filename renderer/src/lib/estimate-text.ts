// The estimate of a run in words, for the Ask form and the cost confirmation.
import {
  quoteCheckRequestsText,
  type Range,
  type RunEstimate,
} from '../../../shared/run-estimate.ts';
import { plural } from '../../../shared/plural.ts';
import { estimateTimeText } from '../../../shared/estimate-time.ts';
import { formatMoney, formatTokens } from './format.ts';

/** "$0.41 to $1.23"; one figure when both ends round alike. */
export function moneyRange(cost: Range): string {
  const [min, max] = [formatMoney(cost.min), formatMoney(cost.max)];
  return min === max ? max : `${min} to ${max}`;
}

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
  if (e.onThisComputer === true) return 'Cost: free (the model runs on this computer)';
  return e.cost === null
    ? 'Cost: no prices set for this backend'
    : `Cost: ${moneyRange(e.cost)} (the most if every memory fills its budget)`;
}

/** True when Ask or Create should ask first: a priced run or review whose most exceeds the limit. */
export function needsConfirmation(e: { cost: Range | null } | null, limit: number): boolean {
  return e?.cost != null && e.cost.max > limit;
}

// The cost an estimate gives, in words, and when it needs confirming: one rule for the command
// line (`ask --dry-run`, the review's plan and progress, the cost confirmation) and the app (the
// Ask form, New review, the Add dialogs, the cost confirmation), as estimate-time.ts is for time.
import type { Range } from './run-estimate.ts';

/** "$0.0042" below a cent, else "$1.23". */
export function formatMoney(amount: number): string {
  return amount < 0.01 ? `$${amount.toFixed(4)}` : `$${amount.toFixed(2)}`;
}

/** "$0.41 to $1.23"; one figure when both ends round alike. */
export function moneyRange(cost: Range): string {
  const [min, max] = [formatMoney(cost.min), formatMoney(cost.max)];
  return min === max ? max : `${min} to ${max}`;
}

/**
 * What an unpriced backend's cost is said as: the app points at the backend's settings, the
 * command line names the flags that set prices.
 */
const NO_PRICES = {
  app: 'no prices set for this backend',
  cli: 'no prices given (--input-price and --output-price, per million tokens, give a range)',
} as const;

/**
 * "$0.41 to $1.23 (the most if every memory fills its budget)", "free (the model runs on this
 * computer)" for the built-in model, or that the backend has no prices, in `where`'s words.
 */
export function estimateCostText(
  e: { cost: Range | null; onThisComputer?: boolean },
  where: keyof typeof NO_PRICES,
): string {
  if (e.onThisComputer === true) return 'free (the model runs on this computer)';
  if (e.cost === null) return NO_PRICES[where];
  return `${moneyRange(e.cost)} (the most if every memory fills its budget)`;
}

/** True when a read should be confirmed first: priced, and its most is above `limit`. */
export function overCostLimit(cost: Range | null | undefined, limit: number): boolean {
  return cost != null && cost.max > limit;
}

// Number and time formatting for people.

export { formatDuration } from '../../../shared/duration.ts';
export { formatMoney } from '../../../shared/estimate-cost.ts';

const intl = new Intl.NumberFormat('en-US');

export function formatCount(n: number): string {
  return intl.format(Math.round(n));
}

export function formatTokens(n: number): string {
  if (n >= 1_000_000) return `${(n / 1_000_000).toFixed(n >= 10_000_000 ? 0 : 1)}M`;
  if (n >= 10_000) return `${Math.round(n / 1000)}K`;
  return formatCount(n);
}

/** Approximate token count for display (about four characters per token in English). */
export function approxTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

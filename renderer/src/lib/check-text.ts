// "Check this backend" in words: the estimate before, the progress line, the verdict after.
import type { CheckEstimate, CheckSnapshot } from '../../../shared/backend-check.ts';
import { plural } from '../../../shared/plural.ts';
import { moneyRange } from './estimate-text.ts';
import { formatDuration, formatMoney, formatTokens } from './format.ts';

/** "Reads about 160K tokens (4 rows at each of 8K and 32K tokens, 48 requests)". */
export function checkReadsLine(e: CheckEstimate): string {
  const lengths = e.lengths.map((n) => `${Math.round(n / 1024)}K`);
  return `Reads about ${formatTokens(e.contextTokens)} tokens (${plural(Math.round(e.rows / e.lengths.length), 'row')} at each of ${lengths.join(' and ')} tokens, ${plural(e.requests, 'request')})`;
}

/** "free: your own server", "about $0.02 to $0.05 with this profile's prices". */
export function checkCostLine(e: CheckEstimate): string {
  if (e.cost !== null) return `Cost: about ${moneyRange(e.cost)} with this profile’s prices`;
  if (e.ownServer) return 'Cost: free (your own server)';
  return 'Cost: unknown (this profile has no prices; set them with Edit)';
}

export function checkTimeLine(e: CheckEstimate): string {
  if (e.seconds === null)
    return 'Time: unknown until a question or a check has run on this backend';
  const [min, max] = [formatDuration(e.seconds.min * 1000), formatDuration(e.seconds.max * 1000)];
  return min === max ? `Time: about ${max}` : `Time: ${min} to ${max}`;
}

/** "3 of 8 rows · 2 right so far (67%) · 0:41". */
export function checkProgressLine(s: CheckSnapshot): string {
  if (s.state === 'preparing') return `Building ${plural(s.rows, 'row')} from ${s.sourceTitle}…`;
  const so = s.subEm === null ? '' : ` · ${s.right} right so far (sub-EM ${s.subEm.toFixed(0)}%)`;
  return `${s.rowsDone} of ${s.rows} rows read${so} · ${formatDuration(s.elapsedMs)}`;
}

/** "Time 2 min 10 s · 171K prompt + 9,210 completion tokens · free". */
export function checkSpendLine(s: CheckSnapshot): string {
  const cost = s.cost === null ? '' : ` · ${formatMoney(s.cost)}`;
  return `Time ${formatDuration(s.elapsedMs)} · ${formatTokens(s.usage.promptTokens)} prompt and ${formatTokens(s.usage.completionTokens)} completion tokens${cost}`;
}

/** "23 Nov 2026, 14:05" in the user's locale. */
export function checkDate(at: number): string {
  return new Date(at).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The task families in words. */
export const FAMILY_NAMES: Readonly<Record<string, string>> = {
  niah_single: 'single needle',
  niah_multikey: 'needle among look-alikes',
  multihop: 'multi-hop',
  vt: 'variable tracking',
};

// "5 min ago" for list entries, and the full local date and time for their tooltip.

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long ago `at` was, coarsely: "just now", "5 min ago", "3 h ago", "yesterday", "4 days ago", else the date. */
export function relativeTime(at: number, now: number, locale?: string): string {
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return 'just now';
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: 'auto', style: 'short' });
  if (ago < HOUR) return rtf.format(-Math.floor(ago / MINUTE), 'minute');
  if (ago < DAY) return rtf.format(-Math.floor(ago / HOUR), 'hour');
  if (ago < 7 * DAY) return rtf.format(-Math.floor(ago / DAY), 'day');
  return new Date(at).toLocaleDateString(locale, { dateStyle: 'medium' });
}

/** The local date and time, in the user's locale: "23 Nov 2026, 17:25". */
export function dateTime(at: number, locale?: string): string {
  return new Date(at).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The local time of day with seconds: "5:50:12 PM". */
export function clockTime(at: number, locale?: string): string {
  return new Date(at).toLocaleTimeString(locale, { timeStyle: 'medium' });
}

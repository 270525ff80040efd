import { describe, expect, it } from 'vitest';
import { dateTime, relativeTime } from './relative-time.ts';

const now = Date.UTC(2026, 10, 23, 17, 25);

describe('relative time', () => {
  it('says how long ago, coarser with age', () => {
    expect(relativeTime(now - 20_000, now, 'en')).toBe('just now');
    expect(relativeTime(now - 5 * 60_000, now, 'en')).toBe('5 min. ago');
    expect(relativeTime(now - 3 * 3_600_000, now, 'en')).toBe('3 hr. ago');
    expect(relativeTime(now - 26 * 3_600_000, now, 'en')).toBe('yesterday');
    expect(relativeTime(now - 4 * 86_400_000, now, 'en')).toBe('4 days ago');
    expect(relativeTime(now - 40 * 86_400_000, now, 'en')).toMatch(/2026/);
    // A clock that moved back never says "in 2 min".
    expect(relativeTime(now + 120_000, now, 'en')).toBe('just now');
  });

  it('gives date and time in the locale', () => {
    expect(dateTime(now, 'en-GB')).toMatch(/2026.*\d{2}:\d{2}/);
    expect(dateTime(now, 'de')).toMatch(/2026/);
  });
});

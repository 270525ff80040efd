// Lengths of time as answers write them: 12 months, two years, 90 days, twelve (12) months,
// a 6-month period, one year, 30 business days, 48 hours.
import {
  NUMBER_PATTERN,
  NUMBER_WORD_PATTERN,
  readDigits,
  readNumberWords,
} from './answer-numbers.ts';
import type { DurationUnit, DurationValue } from './answer-value.ts';

/** Unit words and their usual abbreviations. */
const UNITS: Record<string, DurationUnit> = {
  hr: 'hour',
  wk: 'week',
  mo: 'month',
  mth: 'month',
  yr: 'year',
  hour: 'hour',
  day: 'day',
  week: 'week',
  month: 'month',
  year: 'year',
};

const DURATION = new RegExp(
  String.raw`\b(?:(${NUMBER_PATTERN})|(${NUMBER_WORD_PATTERN})|(an?))(?:\s*\(\s*(?:\d+(?:[.,]\d+)?|${NUMBER_WORD_PATTERN})\s*\))?[\s-]*(?:(business|working|banking)\s+|calendar\s+)?(hour|hr|day|week|wk|month|mth|mo|year|yr)s?\b`,
  'gi',
);

/**
 * The first length of time the answer writes, or undefined. "twelve (12) months" is read from
 * its words (the figure in brackets repeats them); "a year" is one year; business and working
 * days are their own unit (they are not calendar days).
 */
export function readDuration(text: string): DurationValue | undefined {
  DURATION.lastIndex = 0;
  for (let m = DURATION.exec(text); m !== null; m = DURATION.exec(text)) {
    const [written, digits, words, article, business, unitWord = ''] = m;
    const amount =
      digits !== undefined
        ? readDigits(digits)
        : words !== undefined
          ? readNumberWords(words)
          : article !== undefined
            ? 1
            : undefined;
    if (amount === undefined) continue;
    const base = UNITS[unitWord.toLowerCase()]!;
    const unit = business !== undefined && base === 'day' ? 'business_day' : base;
    return { kind: 'duration', amount, unit, written: written.trim() };
  }
  return undefined;
}

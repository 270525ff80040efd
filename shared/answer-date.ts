// Dates as answers write them: 2024-03-01, 1 March 2024, 1st day of March, 2024, March 1st,
// 2024, 01/03/2024 (two readings), 01.03.2024, 2024年3月1日, March 2024, 2024.
import type { DateValue } from './answer-value.ts';

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
];

/** Full names, three-letter abbreviations and "Sept", with an optional dot. */
const MONTH = String.raw`(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\.?`;
const ORDINAL = '(?:st|nd|rd|th)?';

const monthOf = (name: string): number =>
  MONTHS.findIndex((m) => m.startsWith(name.toLowerCase().replace('.', '').slice(0, 3))) + 1;

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD` of a real calendar day, or undefined (31 April, 29 February 2023). */
function isoDay(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
    ? `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`
    : undefined;
}

type Found = { index: number; length: number; value: DateValue | undefined };

type Reader = { pattern: RegExp; read: (m: RegExpExecArray) => DateValue | undefined };

const day = (written: string, ...readings: (string | undefined)[]): DateValue | undefined => {
  const valid = [...new Set(readings)].filter((r): r is string => r !== undefined);
  return valid.length === 0
    ? undefined
    : { kind: 'date', readings: valid, precision: 'day', written };
};

const READERS: Reader[] = [
  // ISO and its slashed or dotted forms: the year first is never read month-first.
  {
    pattern: /(?<!\d)(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\d)/gi,
    read: (m) => day(m[0], isoDay(+m[1]!, +m[3]!, +m[4]!)),
  },
  {
    pattern: /(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})\s*日/g,
    read: (m) => day(m[0], isoDay(+m[1]!, +m[2]!, +m[3]!)),
  },
  // 1 March 2024, 1st March, 2024, the 1st day of March 2024, 1-Mar-2024
  {
    pattern: new RegExp(
      String.raw`\b(\d{1,2})${ORDINAL}(?:\s+day\s+of|\s+of)?[\s-]+${MONTH}[\s,-]+(\d{4})\b`,
      'gi',
    ),
    read: (m) => day(m[0], isoDay(+m[3]!, monthOf(m[2]!), +m[1]!)),
  },
  // March 1, 2024; March 1st 2024; Mar. 1, 2024
  {
    pattern: new RegExp(String.raw`\b${MONTH}\s+(\d{1,2})${ORDINAL},?\s+(\d{4})\b`, 'gi'),
    read: (m) => day(m[0], isoDay(+m[3]!, monthOf(m[1]!), +m[2]!)),
  },
  // Day and month in digits with a four-digit year. Dotted dates are day first in every
  // convention that writes them (German, Russian, Scandinavian ...); slashed and dashed ones
  // are day first in Europe and month first in the US, so where both parts could be a month
  // the date keeps both readings. Two-digit years are left as words: a guess either way.
  {
    pattern: /(?<![\d./-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4})(?![\d/-]|\.\d)/g,
    read: (m) => {
      const a = +m[1]!;
      const b = +m[3]!;
      const year = +m[4]!;
      if (m[2] === '.') return day(m[0], isoDay(year, b, a));
      return day(m[0], isoDay(year, b, a), isoDay(year, a, b));
    },
  },
  {
    pattern: /(\d{4})\s*年\s*(\d{1,2})\s*月(?!\s*\d)/g,
    read: (m) => month(m[0], +m[1]!, +m[2]!),
  },
  // March 2024
  {
    pattern: new RegExp(String.raw`\b${MONTH}\s+(\d{4})\b`, 'gi'),
    read: (m) => month(m[0], +m[2]!, monthOf(m[1]!)),
  },
];

function month(written: string, year: number, m: number): DateValue | undefined {
  return m >= 1 && m <= 12
    ? { kind: 'date', readings: [`${year}-${pad(m)}`], precision: 'month', written }
    : undefined;
}

/**
 * The first date the answer writes, in any of the forms above; a year alone only when it is the
 * whole answer ("2024", not "the 2024 agreement"). Undefined when it writes none, or one that
 * is no calendar day (31 April): the words are then shown as they are.
 */
export function readDate(text: string): DateValue | undefined {
  let first: Found | undefined;
  for (const { pattern, read } of READERS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text)) {
      const found = { index: m.index, length: m[0].length, value: read(m) };
      if (
        first === undefined ||
        found.index < first.index ||
        (found.index === first.index && found.length > first.length)
      )
        first = found;
      break;
    }
  }
  if (first !== undefined) return first.value;
  const year = /^\s*(?:in\s+)?(\d{4})\s*\.?\s*$/i.exec(text);
  return year
    ? { kind: 'date', readings: [year[1]!], precision: 'year', written: year[1]! }
    : undefined;
}

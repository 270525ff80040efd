// A normalised answer written for people, in their locale (Intl): one rule for the table, the
// reports and the command line.
import type {
  AmountValue,
  AnswerValue,
  DateValue,
  DurationValue,
  NormalisedAnswer,
} from './answer-value.ts';
import { canonicalLocale } from './locale.ts';

/** The words a not-stated cell shows. */
export const NOT_STATED_TEXT = 'Not stated';

/** A locale Intl accepts, or the runtime's own (an unknown tag from settings is not a crash). */
const localeOf = canonicalLocale;

// Intl's formatters cost a millisecond or so to make and microseconds to use: a table of a
// thousand cells makes each one once per locale and options.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions = {},
): Intl.NumberFormat {
  const key = `n|${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.NumberFormat | undefined;
  if (format === undefined) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

function dateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = `d|${locale ?? ''}|${JSON.stringify(options)}`;
  let format = formatters.get(key) as Intl.DateTimeFormat | undefined;
  if (format === undefined)
    formatters.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

function formatReading(
  reading: string,
  precision: DateValue['precision'],
  locale: string | undefined,
  style: 'long' | 'medium',
): string {
  const [year = 0, month = 1, day = 1] = reading.split('-').map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  const options: Intl.DateTimeFormatOptions =
    precision === 'day'
      ? { dateStyle: style, timeZone: 'UTC' }
      : precision === 'month'
        ? { year: 'numeric', month: 'long', timeZone: 'UTC' }
        : { year: 'numeric', timeZone: 'UTC' };
  return dateFormat(locale, options).format(date);
}

function formatDate(value: DateValue, locale: string | undefined): string {
  if (value.readings.length === 1)
    return formatReading(value.readings[0]!, value.precision, locale, 'long');
  const readings = value.readings.map((r) => formatReading(r, value.precision, locale, 'medium'));
  return `${value.written} (${readings.join(' or ')}?)`;
}

function formatAmount(value: AmountValue, locale: string | undefined): string {
  if (value.currency !== undefined) {
    try {
      return numberFormat(locale, { style: 'currency', currency: value.currency }).format(
        value.amount,
      );
    } catch {
      // A code Intl does not know: the number and the code.
    }
    return `${numberFormat(locale).format(value.amount)} ${value.currency}`;
  }
  const number = numberFormat(locale, { maximumFractionDigits: 2 }).format(value.amount);
  if (value.symbol === undefined) return number;
  // Crowns and yuan are written after the number; dollars, yen and rupees before it.
  if (value.symbol === 'kr' || value.symbol === '元') return `${number} ${value.symbol}`;
  return value.symbol.length === 1 ? `${value.symbol}${number}` : `${value.symbol} ${number}`;
}

function formatDuration(value: DurationValue, locale: string | undefined): string {
  if (value.unit === 'business_day') {
    const number = numberFormat(locale).format(value.amount);
    return `${number} business ${value.amount === 1 ? 'day' : 'days'}`;
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: value.unit,
    unitDisplay: 'long',
  }).format(value.amount);
}

function formatValue(value: AnswerValue, locale: string | undefined): string {
  switch (value.kind) {
    case 'yes_no':
      return value.answer === 'yes' ? 'Yes' : 'No';
    case 'date':
      return formatDate(value, locale);
    case 'amount':
      return formatAmount(value, locale);
    case 'duration':
      return formatDuration(value, locale);
    case 'number':
      return value.percent
        ? numberFormat(locale, { style: 'percent', maximumFractionDigits: 4 }).format(
            value.number / 100,
          )
        : numberFormat(locale, { maximumFractionDigits: 6 }).format(value.number);
    case 'party':
    case 'clause':
    case 'text':
      return value.text;
  }
}

/**
 * What a cell shows: "Not stated"; Yes or No; a date in `locale` ("1 March 2024", and both
 * readings of an ambiguous one: "01/03/2024 (1 Mar 2024 or 3 Jan 2024?)"); an amount with its
 * currency ("€1,000,000.00"; "$1,500,000" keeps a shared sign as written); a duration
 * ("12 months"); a number; or the answer's words when the kind's reader did not understand
 * them. `locale` is a BCP 47 tag ("en-GB", "de"); undefined or unknown: the runtime's own.
 */
export function formatAnswer(answer: NormalisedAnswer, locale?: string): string {
  if (answer.state === 'not_stated') return NOT_STATED_TEXT;
  return answer.value === undefined ? answer.words : formatValue(answer.value, localeOf(locale));
}

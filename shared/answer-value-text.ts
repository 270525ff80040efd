// A normalised answer as one plain string with no locale in it: what a review's cell keeps as
// its `value` for sorting, counting a column's answers and `memagent review --json`. The
// table's display is shared/answer-format.ts, in the user's locale.
import type { AnswerValue, DurationValue, NormalisedAnswer } from './answer-value.ts';

/** ISO 8601 designators; a business day has none, so it is written out. */
const DURATION_DESIGNATORS: Record<Exclude<DurationValue['unit'], 'business_day'>, string> = {
  hour: 'PT#H',
  day: 'P#D',
  week: 'P#W',
  month: 'P#M',
  year: 'P#Y',
};

function valueText(value: AnswerValue): string {
  switch (value.kind) {
    case 'yes_no':
      return value.answer;
    case 'date':
      // An ambiguous date keeps both readings, in the order the normaliser gave them.
      return value.readings.join(' or ');
    case 'amount': {
      const amount = String(value.amount);
      if (value.currency !== undefined) return `${value.currency} ${amount}`;
      return value.symbol === undefined ? amount : `${value.symbol} ${amount}`;
    }
    case 'duration':
      return value.unit === 'business_day'
        ? `${value.amount} business days`
        : DURATION_DESIGNATORS[value.unit].replace('#', String(value.amount));
    case 'number':
      return value.percent ? `${value.number}%` : String(value.number);
    case 'party':
    case 'clause':
    case 'text':
      return value.text;
  }
}

/**
 * The locale-free text of a normalised answer: `not_stated`; `yes` / `no`; a date as
 * `YYYY-MM-DD` (`YYYY-MM`, `YYYY`; both readings of an ambiguous one, "2024-03-01 or
 * 2024-01-03"); an amount as `EUR 5000` (`$ 1500000` for a sign that names several currencies,
 * the number alone without one); a duration in ISO 8601 (`P12M`, `P2W`, `PT5H`; "30 business
 * days"); a number (`8%`); a name, clause or text as its cleaned words. Undefined when the kind's
 * reader did not understand the words.
 */
export function answerValueText(answer: NormalisedAnswer): string | undefined {
  if (answer.state === 'not_stated') return 'not_stated';
  return answer.value === undefined ? undefined : valueText(answer.value);
}

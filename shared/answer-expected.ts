// Whether a cell's answer agrees with the value the user expects for its question
// ("Governing law = England"): what the table's disagreement filter and the reports read.
import { normaliseAnswer } from './answer-normalise.ts';
import type { AnswerValue, DurationValue, NormalisedAnswer } from './answer-value.ts';

/** `unknown`: the answer cannot be compared (an ambiguous date, words the kind's reader did not understand). */
export type Agreement = 'agrees' | 'differs' | 'unknown';

/** Lower case, ASCII punctuation and the articles a, an, the removed, spaces collapsed (as the evaluation's normalize). */
function plain(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/[!-/:-@[-`{-~“”‘’«»]/g, ' ')
    .replace(/\b(?:a|an|the)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()} `;
}

/** The expected words appear, as whole words, in the answer's. */
const contains = (answer: string, expected: string) =>
  plain(expected).trim() !== '' && plain(answer).includes(plain(expected));

/** A duration in days or in months, so that 1 year = 12 months and 2 weeks = 14 days. */
function comparable(value: DurationValue): [string, number] {
  switch (value.unit) {
    case 'year':
      return ['month', value.amount * 12];
    case 'week':
      return ['day', value.amount * 7];
    default:
      return [value.unit, value.amount];
  }
}

const near = (a: number, b: number) =>
  Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

function sameValue(answer: AnswerValue, expected: AnswerValue): Agreement {
  if (answer.kind === 'yes_no' && expected.kind === 'yes_no')
    return answer.answer === expected.answer ? 'agrees' : 'differs';
  if (answer.kind === 'date' && expected.kind === 'date') {
    const wanted = expected.readings;
    if (answer.readings.length > 1 || wanted.length > 1)
      return answer.readings.some((r) => wanted.includes(r)) ? 'unknown' : 'differs';
    return answer.readings[0] === wanted[0] ? 'agrees' : 'differs';
  }
  if (answer.kind === 'amount' && expected.kind === 'amount') {
    const currencies = [answer.currency ?? answer.symbol, expected.currency ?? expected.symbol];
    if (
      currencies[0] !== undefined &&
      currencies[1] !== undefined &&
      currencies[0] !== currencies[1]
    )
      return 'differs';
    return near(answer.amount, expected.amount) ? 'agrees' : 'differs';
  }
  if (answer.kind === 'duration' && expected.kind === 'duration') {
    const [unitA, a] = comparable(answer);
    const [unitB, b] = comparable(expected);
    return unitA === unitB && near(a, b) ? 'agrees' : 'differs';
  }
  if (answer.kind === 'number' && expected.kind === 'number')
    return near(answer.number, expected.number) ? 'agrees' : 'differs';
  return 'unknown';
}

/**
 * Compares a cell's normalised answer with the question's expected value, read with the same
 * kind: yes/no, dates, amounts (a currency named on both sides must match), durations (1 year =
 * 12 months) and numbers by value; names, clauses and text by the expected words appearing in
 * the answer's ("England" in "the laws of England and Wales"). An expected "Not stated" agrees
 * only with a not-stated answer; a not-stated answer differs from any other expectation.
 */
export function compareWithExpected(answer: NormalisedAnswer, expected: string): Agreement {
  const wanted = normaliseAnswer(answer.kind, expected);
  if (wanted.state === 'not_stated' || answer.state === 'not_stated')
    return wanted.state === answer.state ? 'agrees' : 'differs';
  const structured = answer.kind !== 'party' && answer.kind !== 'clause' && answer.kind !== 'text';
  if (structured && answer.value !== undefined && wanted.value !== undefined)
    return sameValue(answer.value, wanted.value);
  if (contains(answer.words, expected)) return 'agrees';
  return structured ? 'unknown' : 'differs';
}

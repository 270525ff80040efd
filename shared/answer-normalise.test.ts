import { describe, expect, it } from 'vitest';
import { compareWithExpected } from './answer-expected.ts';
import { formatAnswer } from './answer-format.ts';
import { normaliseAnswer } from './answer-normalise.ts';
import type { AnswerKind } from './checklist.ts';

/** What the table shows for a model's answer, in British English. */
const shown = (kind: AnswerKind, words: string, locale = 'en-GB') =>
  formatAnswer(normaliseAnswer(kind, words), locale);

describe('yes/no answers', () => {
  it('reads Yes and No however the model punctuates them', () => {
    for (const words of ['Yes', 'Yes.', 'yes', '**Yes**', 'Answer: Yes', '"Yes."', 'YES!'])
      expect(shown('yes_no', words), words).toBe('Yes');
    for (const words of [
      'No',
      'No.',
      'no',
      'No — the supplier has no such right.',
      'No it does not.',
    ])
      expect(shown('yes_no', words), words).toBe('No');
  });

  it('marks a Yes or No with conditions as qualified and keeps the words', () => {
    const answer = normaliseAnswer('yes_no', "Yes, subject to 30 days' written notice.");
    expect(answer).toEqual({
      kind: 'yes_no',
      state: 'answered',
      value: { kind: 'yes_no', answer: 'yes', qualified: true },
      words: "Yes, subject to 30 days' written notice.",
    });
    expect(normaliseAnswer('yes_no', 'No.').value).toEqual({
      kind: 'yes_no',
      answer: 'no',
      qualified: false,
    });
  });

  it('reads the ways a model says the document does not say as Not stated', () => {
    for (const words of [
      'not specified',
      'Not stated.',
      'N/A',
      'n/a',
      'The document does not say.',
      "The agreement doesn't specify a notice period.",
      'It is not mentioned in the contract.',
      'No information is provided about renewal.',
      'The contract is silent on this point.',
      'Unknown',
      'Cannot be determined from the memory.',
      'Not applicable',
      'Non-applicable',
      'No specific information available.',
      'Nothing in the document addresses this.',
      'Not explicitly stated in the memory.',
      '記載なし',
      '',
    ])
      expect(normaliseAnswer('yes_no', words).state, words).toBe('not_stated');
    expect(shown('yes_no', 'not specified')).toBe('Not stated');
  });

  it('keeps a plain No a No although "no" starts many not-stated sentences', () => {
    expect(shown('yes_no', 'No, the document does not allow termination for convenience.')).toBe(
      'No',
    );
    expect(shown('yes_no', 'No answer')).toBe('Not stated');
  });

  it('reads past the lead-ins models write before the answer', () => {
    expect(shown('yes_no', 'Based on the memory, yes.')).toBe('Yes');
    expect(shown('yes_no', 'According to the contract, no.')).toBe('No');
    expect(shown('yes_no', 'Therefore, the answer is Yes.')).toBe('Yes');
  });

  it('reads Japanese はい and いいえ', () => {
    expect(shown('yes_no', 'はい。')).toBe('Yes');
    expect(shown('yes_no', 'いいえ、記載されていません')).toBe('No');
  });

  it('shows an answer without a leading Yes or No in the model’s words', () => {
    const answer = normaliseAnswer('yes_no', 'Only for material breach.');
    expect(answer.state).toBe('answered');
    expect(answer.value).toBeUndefined();
    expect(formatAnswer(answer, 'en')).toBe('Only for material breach.');
  });
});

describe('dates', () => {
  it('reads unambiguous forms to one calendar day', () => {
    const forms = [
      '2024-03-01',
      '1 March 2024',
      '1st March 2024',
      'March 1st, 2024',
      'March 1, 2024',
      'Mar. 1, 2024',
      'the 1st day of March, 2024',
      '1-Mar-2024',
      '01.03.2024',
      '2024/03/01',
      '2024年3月1日',
      'The agreement commences on 1 March 2024 and runs for two years.',
    ];
    for (const words of forms) {
      const value = normaliseAnswer('date', words).value;
      expect(value, words).toMatchObject({
        kind: 'date',
        readings: ['2024-03-01'],
        precision: 'day',
      });
    }
  });

  it('shows a date in the user’s locale', () => {
    expect(shown('date', '2024-03-01', 'en-GB')).toBe('1 March 2024');
    expect(shown('date', '2024-03-01', 'en-US')).toBe('March 1, 2024');
    expect(shown('date', '2024-03-01', 'de-DE')).toBe('1. März 2024');
    expect(shown('date', '2024-03-01', 'ja-JP')).toBe('2024年3月1日');
  });

  it('keeps both readings of 01/03/2024 instead of guessing', () => {
    const value = normaliseAnswer('date', '01/03/2024').value;
    expect(value).toEqual({
      kind: 'date',
      readings: ['2024-03-01', '2024-01-03'],
      precision: 'day',
      written: '01/03/2024',
    });
    expect(shown('date', '01/03/2024')).toBe('01/03/2024 (1 Mar 2024 or 3 Jan 2024?)');
  });

  it('reads a slashed date one way when only one reading is a day', () => {
    expect(normaliseAnswer('date', '13/03/2024').value).toMatchObject({ readings: ['2024-03-13'] });
    expect(normaliseAnswer('date', '03/13/2024').value).toMatchObject({ readings: ['2024-03-13'] });
    expect(normaliseAnswer('date', '05/05/2024').value).toMatchObject({ readings: ['2024-05-05'] });
  });

  it('reads a month or a year alone at their precision', () => {
    expect(shown('date', 'March 2024')).toBe('March 2024');
    expect(shown('date', '2024')).toBe('2024');
  });

  it('shows words that are no date, or no real day, as written', () => {
    for (const words of ['Upon completion of the works.', '31 April 2024', '01/03/24']) {
      const answer = normaliseAnswer('date', words);
      expect(answer.state, words).toBe('answered');
      expect(answer.value, words).toBeUndefined();
      expect(formatAnswer(answer, 'en-GB')).toBe(words);
    }
    expect(normaliseAnswer('date', 'The lease does not state a start date.').state).toBe(
      'not_stated',
    );
  });
});

describe('amounts', () => {
  const amount = (words: string) => normaliseAnswer('amount', words).value;

  it('reads amounts with a currency sign, code or word, and scale words', () => {
    expect(amount('€1,000,000')).toMatchObject({ amount: 1_000_000, currency: 'EUR' });
    expect(amount('USD 2.5 million')).toMatchObject({ amount: 2_500_000, currency: 'USD' });
    expect(amount('1.000.000 EUR')).toMatchObject({ amount: 1_000_000, currency: 'EUR' });
    expect(amount('1.000.000,50 €')).toMatchObject({ amount: 1_000_000.5, currency: 'EUR' });
    expect(amount('£500k')).toMatchObject({ amount: 500_000, currency: 'GBP' });
    expect(amount("CHF 10'000")).toMatchObject({ amount: 10_000, currency: 'CHF' });
    expect(amount('2,500,000 euros')).toMatchObject({ amount: 2_500_000, currency: 'EUR' });
    expect(amount('US$1.5m')).toMatchObject({ amount: 1_500_000, currency: 'USD' });
    expect(amount('1 000 000 €')).toMatchObject({ amount: 1_000_000, currency: 'EUR' });
    expect(amount('JPY 3,000万')).toMatchObject({ amount: 30_000_000, currency: 'JPY' });
  });

  it('keeps a sign several currencies share as written', () => {
    expect(amount('$1,500,000')).toMatchObject({ amount: 1_500_000, symbol: '$' });
    expect(amount('$1,500,000')).not.toHaveProperty('currency');
    expect(shown('amount', '$1,500,000', 'en-US')).toBe('$1,500,000');
  });

  it('finds the amount in a sentence', () => {
    expect(
      amount('Liability is capped at £2,000,000 per claim, or 150% of the fees.'),
    ).toMatchObject({
      amount: 2_000_000,
      currency: 'GBP',
    });
  });

  it('reads a bare number only when it is the whole answer', () => {
    expect(amount('1,000,000')).toEqual({
      kind: 'amount',
      amount: 1_000_000,
      written: '1,000,000',
    });
    expect(amount('150% of the fees paid in the preceding 12 months')).toBeUndefined();
  });

  it('shows an amount with its currency in the user’s locale', () => {
    expect(shown('amount', '€1,000,000', 'en-GB')).toBe('€1,000,000.00');
    expect(shown('amount', '1.000.000 EUR', 'de-DE')).toBe('1.000.000,00\u00a0€');
    expect(shown('amount', 'USD 2.5 million', 'en-US')).toBe('$2,500,000.00');
    expect(shown('amount', 'N/A')).toBe('Not stated');
  });
});

describe('durations', () => {
  const duration = (words: string) => normaliseAnswer('duration', words).value;

  it('reads digits, number words and the drafting form “twelve (12) months”', () => {
    expect(duration('12 months')).toMatchObject({ amount: 12, unit: 'month' });
    expect(duration('two years')).toMatchObject({ amount: 2, unit: 'year' });
    expect(duration('90 days')).toMatchObject({ amount: 90, unit: 'day' });
    expect(duration('twelve (12) months')).toMatchObject({ amount: 12, unit: 'month' });
    expect(duration('an initial term of one year')).toMatchObject({ amount: 1, unit: 'year' });
    expect(duration('a 6-month probation period')).toMatchObject({ amount: 6, unit: 'month' });
    expect(duration('thirty (30) business days')).toMatchObject({
      amount: 30,
      unit: 'business_day',
    });
    expect(duration('twenty-four months')).toMatchObject({ amount: 24, unit: 'month' });
    expect(duration('3 (three) months')).toMatchObject({ amount: 3, unit: 'month' });
    expect(duration('36 mos')).toMatchObject({ amount: 36, unit: 'month' });
    expect(duration('5 yrs')).toMatchObject({ amount: 5, unit: 'year' });
  });

  it('shows a duration in the user’s locale', () => {
    expect(shown('duration', 'two years', 'en-GB')).toBe('2 years');
    expect(shown('duration', '90 days', 'de-DE')).toBe('90 Tage');
    expect(shown('duration', '30 working days', 'en-GB')).toBe('30 business days');
  });
});

describe('numbers, names, clauses and text', () => {
  it('reads numbers and percentages', () => {
    expect(normaliseAnswer('number', 'There are 3 parties.').value).toMatchObject({
      number: 3,
      percent: false,
    });
    expect(normaliseAnswer('number', '1,234.5').value).toMatchObject({ number: 1234.5 });
    expect(normaliseAnswer('number', 'twelve').value).toMatchObject({ number: 12 });
    expect(shown('number', '8% per annum above base rate', 'en-GB')).toBe('8%');
    expect(shown('number', '8 per cent', 'en-GB')).toBe('8%');
  });

  it('keeps a party’s name as written and a clause’s quote without its quotation marks', () => {
    expect(shown('party', 'Acme Widgets Ltd.')).toBe('Acme Widgets Ltd');
    expect(shown('party', 'The Supplier is Acme Widgets Ltd (company number 01234567).')).toBe(
      'Acme Widgets Ltd (company number 01234567)',
    );
    expect(
      shown('clause', '“This Agreement shall be governed by the laws of England and Wales.”'),
    ).toBe('This Agreement shall be governed by the laws of England and Wales.');
    expect(shown('text', 'Not mentioned.')).toBe('Not stated');
  });

  it('keeps every string as data', () => {
    const words = '<img src=x onerror=alert(1)> =SUM(A1:A9)';
    const answer = normaliseAnswer('text', words);
    expect(answer.words).toBe(words);
    expect(formatAnswer(answer)).toBe(words);
  });
});

describe('agreement with an expected value', () => {
  const compare = (kind: AnswerKind, words: string, expected: string) =>
    compareWithExpected(normaliseAnswer(kind, words), expected);

  it('compares names and text by the expected words', () => {
    expect(compare('text', 'The laws of England and Wales.', 'England')).toBe('agrees');
    expect(compare('text', 'The laws of the State of New York.', 'England')).toBe('differs');
    expect(compare('party', 'Not stated', 'England')).toBe('differs');
  });

  it('compares values by meaning', () => {
    expect(compare('yes_no', 'Yes, subject to notice.', 'yes')).toBe('agrees');
    expect(compare('yes_no', 'No.', 'Yes')).toBe('differs');
    expect(compare('duration', 'twelve (12) months', '1 year')).toBe('agrees');
    expect(compare('amount', '€1,000,000', '1.000.000 EUR')).toBe('agrees');
    expect(compare('amount', '£1,000,000', '1,000,000 EUR')).toBe('differs');
    expect(compare('date', '1 March 2024', '2024-03-01')).toBe('agrees');
    expect(compare('yes_no', 'not specified', 'Not stated')).toBe('agrees');
  });

  it('says unknown when the answer cannot be compared', () => {
    expect(compare('date', '01/03/2024', '2024-03-01')).toBe('unknown');
    expect(compare('date', 'Upon completion.', '2024-03-01')).toBe('unknown');
  });
});

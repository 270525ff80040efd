// What a checklist answer means, per kind: plain JSON (stored with a review's cell, sent to the
// renderer, written by `memagent review --json`), with no locale in it; shared/answer-format.ts
// writes it for people in their locale.
import type { AnswerKind } from './checklist.ts';

export type YesNoValue = {
  kind: 'yes_no';
  answer: 'yes' | 'no';
  /** The model said more than the word ("Yes, subject to 30 days' notice"). */
  qualified: boolean;
};

export type DateValue = {
  kind: 'date';
  /**
   * The calendar dates the written date may be, as `YYYY-MM-DD`, `YYYY-MM` or `YYYY` (by
   * precision): one, or two for a written date that reads both ways ("01/03/2024": 1 March or
   * 3 January). Two readings are shown as such, never guessed between.
   */
  readings: string[];
  precision: 'day' | 'month' | 'year';
  /** The date as the answer wrote it ("01/03/2024"). */
  written: string;
};

export type AmountValue = {
  kind: 'amount';
  amount: number;
  /** ISO 4217 code, when the answer names the currency without doubt ("€", "USD", "euros"). */
  currency?: string;
  /** The sign when it names several currencies ("$", "¥", "kr"): kept, not guessed. */
  symbol?: string;
  written: string;
};

export type DurationUnit = 'hour' | 'day' | 'business_day' | 'week' | 'month' | 'year';

export type DurationValue = {
  kind: 'duration';
  amount: number;
  unit: DurationUnit;
  written: string;
};

export type NumberValue = { kind: 'number'; number: number; percent: boolean; written: string };

/** party, clause and text: the answer's words, cleaned of quotes and lead-ins. */
export type WordsValue = { kind: 'party' | 'clause' | 'text'; text: string };

export type AnswerValue =
  YesNoValue | DateValue | AmountValue | DurationValue | NumberValue | WordsValue;

/** A model's answer to a checklist question, read for its kind. */
export interface NormalisedAnswer {
  kind: AnswerKind;
  /**
   * `not_stated`: the model said the document does not say (in any of the ways models say it).
   * `answered`: anything else, including an answer the kind's reader did not understand.
   */
  state: 'answered' | 'not_stated';
  /**
   * What the answer means; absent when not stated, or when answered in words the kind's reader
   * does not understand ("upon completion" for a date): the table then shows the words.
   */
  value?: AnswerValue;
  /** The model's own words, trimmed: always kept beside the value. */
  words: string;
}

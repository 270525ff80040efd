// The two things a review needs from the checklist side: the problem text a question is asked
// with, and an answer normalised for its kind. Injected into the review use cases so they stay
// independent of how questions are worded and answers read.
//
// TODO(merge, issue 24): the defaults below are placeholders written while shared/checklist.ts
// and electron/core/review/ (the problem text with guidance, the normalisation per kind) were
// being written in parallel. At merge, make those the defaults and delete these two functions.
import { composeProblem } from '../../../shared/checklist-problem.ts';
import type { AnswerKind, ReviewQuestion } from '../../../shared/review.ts';

/** The text a question's runs ask: the question and its guidance, in the prompt's problem slot. */
export type ProblemText = (question: ReviewQuestion) => string;

/** An answer as the table shows and sorts it. */
export interface NormalisedAnswer {
  /** For sorting and comparing with an expected value ("yes", "2024-03-01", "EUR 5000"). */
  value: string;
  /** As shown in the cell ("Yes", "1 March 2024"). */
  display: string;
  /** The answer says the document does not say. */
  notStated: boolean;
}

export type AnswerNormaliser = (answer: string, kind: AnswerKind) => NormalisedAnswer;

/** The question, its guidance and its kind's answer form (shared/checklist-problem.ts). */
export const defaultProblemText: ProblemText = composeProblem;

const NOT_STATED = /^(not stated|not specified|not mentioned|n\/a)\.?$/i;

/** Placeholder (see the TODO above): the answer trimmed, compared without case. */
export const defaultNormalise: AnswerNormaliser = (answer) => {
  const display = answer.trim();
  return { value: display.toLowerCase(), display, notStated: NOT_STATED.test(display) };
};

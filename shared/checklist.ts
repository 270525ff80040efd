// A checklist: a named, ordered list of questions, each with the kind of answer it expects. The
// kind shapes how a review's cell is asked (shared/checklist-problem.ts), read
// (shared/answer-normalise.ts) and compared with an expected value. The shapes are stated once
// as zod schemas in checklist-schema.ts; this file re-exports their types and holds the kinds,
// so the renderer imports it without loading zod.
import type { Checklist, ChecklistQuestion } from './checklist-schema.ts';

export type { Checklist, ChecklistQuestion };

/** The kinds of answer a question may expect, in the order the editor offers them. */
export const ANSWER_KINDS = [
  'yes_no',
  'date',
  'amount',
  'duration',
  'party',
  'clause',
  'number',
  'text',
] as const;

/**
 * yes_no: Yes / No / Not stated. date: a calendar date. amount: a sum with its currency.
 * duration: a length of time (12 months). party: a name of a person or organisation. clause: a
 * quote of the document's words. number: a plain number or percentage. text: anything else.
 */
export type AnswerKind = (typeof ANSWER_KINDS)[number];

/** What a kind is called where people choose one (editor, CLI help, reports). */
export const ANSWER_KIND_LABELS: Record<AnswerKind, string> = {
  yes_no: 'Yes / No',
  date: 'Date',
  amount: 'Amount',
  duration: 'Duration',
  party: 'Party or name',
  clause: 'Clause (quote)',
  number: 'Number',
  text: 'Free text',
};

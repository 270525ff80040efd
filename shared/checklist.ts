// A checklist: a named, ordered list of questions, each with the kind of answer it expects. The
// kind shapes how a review's cell is asked (shared/checklist-problem.ts), read
// (shared/answer-normalise.ts) and compared with an expected value. One schema for every edge:
// IPC requests, the store's rows, the checklist files (electron/core/checklists).
import { z } from 'zod';
import { CHECKLIST_LIMITS as L } from './checklist-limits.ts';

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
export const answerKindSchema = z.enum(ANSWER_KINDS);
export type AnswerKind = z.infer<typeof answerKindSchema>;

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

/** A question's or a checklist's id: letters, digits, `-`, `_` and `.`, so it is safe in a file name or a URL. */
const checklistIdSchema = z
  .string()
  .min(1)
  .max(L.idChars)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, 'An id is letters, digits, “-”, “_” and “.”.');

/** Text on one line, without surrounding space (a question or a name is a line of a text file). */
const lineOf = (max: number, what: string) =>
  z
    .string()
    .trim()
    .min(1, `${what} is empty.`)
    .max(max, `${what} is longer than ${max.toLocaleString('en')} characters.`)
    .refine((s) => !/[\r\n]/.test(s), `${what} is more than one line.`);

export const checklistQuestionSchema = z.object({
  /** Stable across edits and reorders: a review's cells are keyed by it. */
  id: checklistIdSchema,
  text: lineOf(L.questionChars, 'A question'),
  kind: answerKindSchema,
  /** Written into the problem slot after the question (shared/checklist-problem.ts). */
  guidance: z.string().trim().min(1).max(L.guidanceChars).optional(),
  /** The value the user expects ("England"); a cell whose answer differs is flagged. */
  expected: z.string().trim().min(1).max(L.expectedChars).optional(),
});
export type ChecklistQuestion = z.infer<typeof checklistQuestionSchema>;

export const checklistSchema = z
  .object({
    id: checklistIdSchema,
    name: lineOf(L.nameChars, 'A checklist’s name'),
    questions: z
      .array(checklistQuestionSchema)
      .min(1, 'A checklist has at least one question.')
      .max(
        L.questions,
        `A checklist has at most ${L.questions} questions (each one is a full read of every document).`,
      ),
  })
  .superRefine((checklist, context) => {
    const seen = new Set<string>();
    checklist.questions.forEach((question, index) => {
      if (seen.has(question.id))
        context.addIssue({
          code: 'custom',
          path: ['questions', index, 'id'],
          message: `Two questions have the id “${question.id}”.`,
        });
      seen.add(question.id);
    });
  });
export type Checklist = z.infer<typeof checklistSchema>;

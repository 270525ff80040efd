// The shapes of a checklist as zod schemas, one for every edge: IPC requests, the store's rows,
// the checklist files (electron/core/checklists). shared/checklist.ts re-exports the types.
import { z } from 'zod';
import { ANSWER_KINDS } from './checklist.ts';
import { CHECKLIST_LIMITS as L } from './checklist-limits.ts';

/** One of ANSWER_KINDS (shared/checklist.ts). */
export const answerKindSchema = z.enum(ANSWER_KINDS);

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

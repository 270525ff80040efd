// The JSON and plain columns of checklists and reviews, parsed on read like every column
// (columns.ts) with the one checklist schema (shared/checklist-schema.ts) every edge parses
// with: a hand-edited or damaged library is reported, not trusted.
import { z } from 'zod';
import { answerKindSchema, checklistQuestionSchema } from '../../../shared/checklist-schema.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';

/** `review_questions.kind`. */
export const answerKindColumn = answerKindSchema;

/** `checklists.questions`: the questions in their order. */
export const checklistQuestionsColumn = z.array(checklistQuestionSchema.transform(cleanQuestion));

/** A question as stored: its own fields only, the optional ones only when present. */
export function cleanQuestion(q: ReviewQuestion): ReviewQuestion {
  return {
    id: q.id,
    text: q.text,
    kind: q.kind,
    ...(q.guidance !== undefined ? { guidance: q.guidance } : {}),
    ...(q.expected !== undefined ? { expected: q.expected } : {}),
  };
}

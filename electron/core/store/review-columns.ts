// The JSON and plain columns of checklists and reviews, parsed on read like every column
// (columns.ts): a hand-edited or damaged library is reported, not trusted.
import { z } from 'zod';
import { ANSWER_KINDS, type ReviewQuestion } from '../../../shared/review.ts';

// TODO(merge, issue 24): replace with shared/checklist.ts `checklistQuestionSchema` (same fields,
// written in parallel with this file); kept loose here so any stored question reads back.
export const answerKindColumn = z.enum(ANSWER_KINDS);

export const reviewQuestionColumn = z.object({
  id: z.string().min(1),
  text: z.string(),
  kind: answerKindColumn,
  guidance: z.string().optional(),
  expected: z.string().optional(),
});

/** `checklists.questions`: the questions in their order. */
export const checklistQuestionsColumn = z.array(reviewQuestionColumn.transform(cleanQuestion));

/** A question as stored: its optional fields only when present. */
export function cleanQuestion(q: z.output<typeof reviewQuestionColumn>): ReviewQuestion {
  return {
    id: q.id,
    text: q.text,
    kind: q.kind,
    ...(q.guidance !== undefined ? { guidance: q.guidance } : {}),
    ...(q.expected !== undefined ? { expected: q.expected } : {}),
  };
}

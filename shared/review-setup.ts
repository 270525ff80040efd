// Setting up a review in the app: the checklists kept in the library, a checklist file to import,
// and the figures of a whole review before it starts. The requests of the `checklists:*` and
// `reviews:estimate|create|add-*` calls (shared/api.ts) are built from these schemas.
// Pure TypeScript: no Node, DOM or electron imports.
import { z } from 'zod';
import { MAX_QUESTION_CHARS } from './model.ts';
import type { Range } from './run-estimate.ts';
import { ANSWER_KINDS, type ReviewQuestion } from './review.ts';

/** Most questions a checklist (and a review) may have: a table people can still read. */
export const MAX_CHECKLIST_QUESTIONS = 200;
/** Most documents one review request names. */
export const MAX_REVIEW_DOCUMENTS = 2000;

// TODO(merge, issue 24): shared/checklist.ts (i24-checklist) declares the checklist's own zod
// schema; use it here once merged.
export const reviewQuestionSchema = z
  .object({
    id: z.string().min(1).max(200),
    text: z.string().trim().min(1, 'A question cannot be empty.').max(MAX_QUESTION_CHARS),
    kind: z.enum(ANSWER_KINDS),
    guidance: z.string().trim().max(4000).optional(),
    expected: z.string().trim().max(1000).optional(),
  })
  // Empty guidance or expected value is none: the question is asked and compared without it.
  .transform((q): ReviewQuestion => ({
    id: q.id,
    text: q.text,
    kind: q.kind,
    ...(q.guidance ? { guidance: q.guidance } : {}),
    ...(q.expected ? { expected: q.expected } : {}),
  }));

export const checklistNameSchema = z
  .string()
  .trim()
  .min(1, 'A checklist needs a name.')
  .max(200, 'A checklist name can have at most 200 characters.');

export const checklistQuestionsSchema = z
  .array(reviewQuestionSchema)
  .min(1, 'A checklist needs at least one question.')
  .max(
    MAX_CHECKLIST_QUESTIONS,
    `A checklist can have at most ${MAX_CHECKLIST_QUESTIONS} questions.`,
  );

/** A checklist as the Checklists screen lists it. */
export interface ChecklistListing {
  id: string;
  name: string;
  questionCount: number;
  createdAt: number;
  updatedAt: number;
}

/** A checklist with its questions, in their order. */
export interface Checklist extends ChecklistListing {
  questions: ReviewQuestion[];
}

/** A template shipped with the app: a checklist to start from (copied, never edited in place). */
export interface ChecklistTemplate {
  id: string;
  name: string;
  description: string;
  questions: ReviewQuestion[];
}

/** The formats a checklist is written to and read from (.txt, .csv, .json). */
export const CHECKLIST_FORMATS = ['text', 'csv', 'json'] as const;
export type ChecklistFormat = (typeof CHECKLIST_FORMATS)[number];

/** A review's figures before it starts: every cell's run estimate, added up. */
export interface ReviewEstimate {
  documents: number;
  questions: number;
  cells: number;
  /** Per document, in the order given: its chunks at these settings (one read of it). */
  perDocument: { documentId: string; chunks: number }[];
  /** Chunk requests of the whole review: each document's chunks once per question. */
  chunkReads: number;
  promptTokens: number;
  minPromptTokens: number;
  maxCompletionTokens: number;
  minCompletionTokens: number;
  /** Quote-check requests at their most (0 when the backend has the check off). */
  quoteCheckRequests: number;
  /** In the profile's currency; null when the backend has no prices. */
  cost: Range | null;
  /**
   * Wall time with `concurrency` runs at once, null until a run on this backend measured its
   * speed (shared/run-estimate.ts). Assumes the server keeps its speed with that many requests
   * at once, as a batching server (vLLM) does; a single-stream one will take longer.
   */
  seconds: Range | null;
  /** Runs read at once on this backend. */
  concurrency: number;
  /** The built-in model: nothing is paid per token. */
  onThisComputer?: boolean;
}

/** What `reviews:create` and `reviews:add-*` return: the review's job id and its new runs. */
export interface ReviewStarted {
  reviewId: string;
  /** The cells' new runs, row-major. */
  runIds: string[];
}

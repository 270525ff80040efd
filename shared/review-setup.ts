// Setting up a review in the app: the checklists kept in the library, a checklist file to import,
// and the figures of a whole review before it starts. The requests of the `checklists:*` and
// `reviews:estimate|create|add-*` calls (shared/api.ts) are built from these schemas.
// Pure TypeScript: no Node, DOM or electron imports.
import { z } from 'zod';
import { CHECKLIST_LIMITS } from './checklist-limits.ts';
import { checklistQuestionSchema, type ChecklistQuestion } from './checklist-schema.ts';
import type { ComputeDevice, Range } from './run-estimate.ts';
import type { ReviewQuestion } from './review.ts';

/** Most documents one review request names. */
export const MAX_REVIEW_DOCUMENTS = 2000;

/** A question as a request sends it; a blank guidance or expected value is none. */
export const reviewQuestionSchema = z
  .preprocess(
    (q) =>
      q !== null && typeof q === 'object'
        ? Object.fromEntries(
            Object.entries(q).filter(
              ([k, v]) =>
                !(
                  (k === 'guidance' || k === 'expected') &&
                  typeof v === 'string' &&
                  v.trim() === ''
                ),
            ),
          )
        : q,
    checklistQuestionSchema,
  )
  .transform(toReviewQuestion);

/** A checklist's question as a review keeps it: its optional fields only when present. */
export function toReviewQuestion(q: ChecklistQuestion): ReviewQuestion {
  return {
    id: q.id,
    text: q.text,
    kind: q.kind,
    ...(q.guidance ? { guidance: q.guidance } : {}),
    ...(q.expected ? { expected: q.expected } : {}),
  };
}

export const checklistNameSchema = z
  .string()
  .trim()
  .min(1, 'A checklist needs a name.')
  .max(
    CHECKLIST_LIMITS.nameChars,
    `A checklist name has at most ${CHECKLIST_LIMITS.nameChars} characters.`,
  );

export const checklistQuestionsSchema = z
  .array(reviewQuestionSchema)
  .min(1, 'A checklist needs at least one question.')
  .max(
    CHECKLIST_LIMITS.questions,
    `A checklist has at most ${CHECKLIST_LIMITS.questions} questions (each one is a full read of every document).`,
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

/** The formats a checklist is written to and read from (electron/core/checklists/checklist-formats.ts). */
export const CHECKLIST_FILE_FORMATS = ['text', 'csv', 'json', 'yaml'] as const;
export type ChecklistFileFormat = (typeof CHECKLIST_FILE_FORMATS)[number];

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
  /** The built-in model's device as its host reports it (the time is this computer's). */
  device?: ComputeDevice;
}

/** What `reviews:create` and `reviews:add-*` return: the review's job id and its new runs. */
export interface ReviewStarted {
  reviewId: string;
  /** The cells' new runs, row-major. */
  runIds: string[];
}

/** What adding documents or questions to a review will read (`reviews:estimate-add`). */
export interface ReviewAddition {
  /** New documents (rows): the review's documents when questions are added. */
  documents: number;
  /** New questions (columns): the review's questions when documents are added. */
  questions: number;
  /** Documents given that the review has already: nothing of theirs is read again. */
  alreadyIn: number;
  /** The new cells' figures; null when nothing is new. */
  estimate: ReviewEstimate | null;
  /** The backend profile the new cells are read with (the review's). */
  profileId: string;
}

/**
 * A folder's documents (`documents:choose-folder`, `documents:list-folder`): each path may be
 * opened by the window.
 */
export interface ChosenFolder {
  folder: string;
  files: string[];
  /** Files left out because the app does not read their kind. */
  skipped: number;
  /** Subfolders not looked into (0 when listed with its subfolders). */
  subfolders: number;
}

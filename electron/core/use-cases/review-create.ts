// Creating a review: a job of kind 'review' with its documents, questions and one queued run per
// cell, all in one transaction before any request, so the whole queue is in the library and a
// kill leaves no review or a complete one that driveJob reads (and continues) as a whole.
import { randomUUID } from 'node:crypto';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { CoreError } from '../errors.ts';
import { writeTransaction } from '../store/write-transaction.ts';
import { reviewKey } from './review-key.ts';
import {
  crossCells,
  enterCells,
  reviewDocument,
  type ReviewParts,
  type ReviewRunOptions,
} from './review-runs.ts';
import { runBackendOf } from './start-run.ts';

export interface NewReview extends ReviewRunOptions {
  title: string;
  checklist: { id?: string; name: string; questions: readonly ReviewQuestion[] };
  /** The library's documents, in the table's row order. */
  documentIds: readonly string[];
  /** Runs read at once when it is driven (kept with the job to continue it the same way). */
  concurrency?: number;
}

/** The job's settings of a review: what continuing it and adding to it need. */
export interface ReviewJobSettings {
  /** The run settings its cells were created with (part of its key). */
  runSettings: ReviewRunOptions['settings'];
  concurrency?: number;
  /**
   * The backend profile it was started with (as `createJob` keeps it): continuing it (`jobs:
   * continue`) and adding cells use it while it exists.
   */
  profileId?: string;
}

/** Two questions with one id, or a document twice: one clear sentence. */
export function checkDistinct(ids: readonly string[], what: 'question' | 'document'): void {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) {
      throw new CoreError('BadUsage', `The review names the ${what} ${id} twice.`, {
        hint:
          what === 'question'
            ? 'Give each question of the checklist its own id.'
            : 'Choose each document once.',
      });
    }
    seen.add(id);
  }
}

/**
 * Stores review `review` as a job of kind 'review', owned by this process, with one queued run
 * per document × question (row-major, the job's order) and the review's key. Returns the job id.
 */
export function createReview(parts: ReviewParts, review: NewReview): string {
  const { store, writer } = parts;
  const questions = review.checklist.questions;
  if (questions.length === 0 || review.documentIds.length === 0) {
    throw new CoreError('BadUsage', 'A review needs at least one document and one question.');
  }
  checkDistinct(
    questions.map((q) => q.id),
    'question',
  );
  checkDistinct(review.documentIds, 'document');
  const jobId = randomUUID();
  const settings: ReviewJobSettings = {
    runSettings: review.settings,
    ...(review.concurrency !== undefined ? { concurrency: review.concurrency } : {}),
    profileId: review.profile.id,
  };
  writeTransaction(store.db, () => {
    const documents = review.documentIds.map((id) => reviewDocument(store, id));
    store.jobs.create({
      id: jobId,
      kind: 'review',
      title: review.title,
      createdAt: parts.now(),
      backend: runBackendOf(review.profile),
      settings: { ...settings },
      owner: writer.id,
    });
    store.reviews.create({
      jobId,
      key: reviewKey({ documentIds: review.documentIds, questions, settings: review.settings }),
      checklistName: review.checklist.name,
      ...(review.checklist.id !== undefined ? { checklistId: review.checklist.id } : {}),
      documentIds: review.documentIds,
      questions,
    });
    enterCells(parts, jobId, crossCells(documents, questions), review);
  })();
  return jobId;
}

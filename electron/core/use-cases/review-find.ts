// Finding stored reviews: "the same review" again by its key (`memagent review` run again), and
// the list of reviews (`memagent review --list`, the app's list).
import type { ReviewSummary } from '../../../shared/review.ts';
import type { Store } from '../store/store.ts';
import { reviewKey, type ReviewKeyInput } from './review-key.ts';
import { reviewSummary } from './review-matrix.ts';

/** The newest review whose key is `key` (review-key.ts), if any. */
export function findReview(store: Store, key: string): string | undefined {
  return store.reviews.byKey(key)[0];
}

/**
 * The newest review asked the same way as `input` (its questions and settings) whose documents
 * are all among `input.documentIds`: the review a command over a folder made before the folder
 * gained files (`memagent review DIR` run again continues it, the new files as new cells).
 * A review's key is over its current documents (review-key.ts), so one comparison per review.
 */
export function findReviewWithin(store: Store, input: ReviewKeyInput): string | undefined {
  const wanted = new Set(input.documentIds);
  for (const review of store.reviews.list()) {
    const documentIds = store.reviews.documents(review.jobId).map((d) => d.id);
    if (documentIds.length === 0 || documentIds.some((id) => !wanted.has(id))) continue;
    if (reviewKey({ ...input, documentIds }) === review.key) return review.jobId;
  }
  return undefined;
}

/**
 * Every review, newest first, in two queries. Counts are the job's runs by state (its current
 * cells); a cell whose runs were all deleted counts in `cells` only.
 */
export function listReviews(store: Store, limit = 1000): ReviewSummary[] {
  const jobs = new Map(store.jobs.list(limit).map((j) => [j.id, j]));
  return store.reviews.list(limit).flatMap((review) => {
    const job = jobs.get(review.jobId);
    if (!job) return [];
    const { counts } = job;
    return [
      reviewSummary(job, review, {
        cells: review.cells,
        done: counts.done,
        reading: counts.reading,
        queued: counts.queued,
        failed: counts.failed,
      }),
    ];
  });
}

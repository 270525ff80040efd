// What adding rows or columns to a review will take, before they are added: only the new cells
// are read (review-cells.ts), so the estimate is the review estimate (review-estimate.ts) of the
// new documents × the review's questions, or of the review's documents × the new questions, at
// the review's own run settings — the settings the new cells will be read with.
import type { ReviewQuestion } from '../../../shared/review.ts';
import type { ReviewAddition } from '../../../shared/review-setup.ts';
import type { EstimateParts } from './estimate-parts.ts';
import { reviewOf } from './review-cells.ts';
import { checkDistinct } from './review-create.ts';
import { estimateReview } from './review-estimate.ts';

/** The rows or the columns to add. */
export type AdditionInput =
  { documentIds: readonly string[] } | { questions: readonly ReviewQuestion[] };

/**
 * Estimates adding `input` to review `reviewId` on backend `profileId` (the review's): the new
 * cells only. Documents the review has already are left out (adding them reads nothing) and
 * counted in `alreadyIn`; a question whose id the review has is refused, as adding it would be.
 */
export async function estimateReviewAddition(
  parts: EstimateParts,
  reviewId: string,
  input: AdditionInput,
  options: { profileId: string; concurrencyOf: (profileId: string) => number },
): Promise<ReviewAddition> {
  const { store } = parts;
  const { runSettings } = reviewOf(store, reviewId);
  const documentIds = store.reviews.documents(reviewId).map((d) => d.id);
  const questions = store.reviews.questions(reviewId);
  let cross: { documentIds: string[]; questions: ReviewQuestion[] };
  let alreadyIn = 0;
  if ('documentIds' in input) {
    const present = new Set(documentIds);
    const given = [...new Set(input.documentIds)];
    const added = given.filter((id) => !present.has(id));
    alreadyIn = given.length - added.length;
    cross = { documentIds: added, questions };
  } else {
    checkDistinct([...questions.map((q) => q.id), ...input.questions.map((q) => q.id)], 'question');
    cross = { documentIds, questions: [...input.questions] };
  }
  const estimate =
    cross.documentIds.length === 0 || cross.questions.length === 0
      ? null
      : await estimateReview(
          parts,
          { ...cross, settings: runSettings, profileId: options.profileId },
          options.concurrencyOf,
        );
  return {
    documents: cross.documentIds.length,
    questions: cross.questions.length,
    alreadyIn,
    estimate,
    profileId: options.profileId,
  };
}

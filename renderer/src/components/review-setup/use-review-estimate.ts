// The figures of the review the New review form would start, asked of main as the form changes.
import type { RunSettings } from '../../../../shared/model.ts';
import type { ReviewQuestion } from '../../../../shared/review.ts';
import type { ReviewEstimate } from '../../../../shared/review-setup.ts';
import { useEstimate, type EstimateState, type IdleEstimate } from '../common/use-estimate.ts';

export type ReviewEstimateState = EstimateState<ReviewEstimate> | IdleEstimate;

export function useReviewEstimate(input: {
  documentIds: string[];
  questions: ReviewQuestion[] | null;
  settings: RunSettings;
  profileId: string | undefined;
}): ReviewEstimateState {
  const { documentIds, questions, settings, profileId } = input;
  // Nothing to count until documents and questions are both chosen.
  const request =
    documentIds.length === 0 || questions === null || questions.length === 0
      ? null
      : { documentIds, questions, settings, ...(profileId ? { profileId } : {}) };
  return useEstimate('reviews:estimate', request);
}

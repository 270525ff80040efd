// Growing the open review: documents (rows) or questions (columns) added, of which only the new
// cells are read (`reviews:add-documents|add-questions`); the table is read again at once so the
// new cells show queued, then their pushes fill them in.
import type { AppError } from '../../../shared/model.ts';
import { plural } from '../../../shared/plural.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { openReview, say } from './review-store.ts';

export type ReviewAdd = { documentIds: string[] } | { questions: ReviewQuestion[] };

/** Adds to review `reviewId`; null once added (and announced), else the error to show. */
export async function addToReview(reviewId: string, add: ReviewAdd): Promise<AppError | null> {
  const result =
    'documentIds' in add
      ? await call(bridge(), 'reviews:add-documents', { reviewId, documentIds: add.documentIds })
      : await call(bridge(), 'reviews:add-questions', { reviewId, questions: add.questions });
  if (!result.ok) return result.error;
  const n = result.value.runIds.length;
  say(n === 0 ? 'Nothing new to read.' : `${plural(n, 'new cell')} queued.`);
  await openReview(reviewId);
  return null;
}

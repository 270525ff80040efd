// The table's live feed: the cells of a review that changed, pushed to every window as
// `review:cells`. A review is read again (one reviewMatrix, five queries) at most once per
// `intervalMs` while its runs report, and only the cells that differ from what was last sent go
// out, so a window patches the cells that changed and never re-reads or re-renders the table.
import type { ReviewCell, ReviewMatrix } from '../../../shared/review.ts';
import type { Store } from '../store/store.ts';
import { reviewMatrix } from '../use-cases/review-matrix.ts';
import type { Emit } from './service-deps.ts';

export interface ReviewFeed {
  /** The table as a window reads it (`reviews:get`); later pushes are relative to it. */
  read(reviewId: string): ReviewMatrix;
  /** Job `jobId` changed (a run of it ended, its state changed): pushed if it is a review. */
  jobChanged(jobId: string): void;
  /** A run reported (a chunk read, an answer): pushed if it is a cell of a review being watched. */
  runChanged(runId: string): void;
  dispose(): void;
}

export interface ReviewFeedOptions {
  store: Store;
  emit: Emit;
  /** Longest time a change waits before it is sent; changes within it are sent together. */
  intervalMs?: number;
}

const cellKey = (cell: Pick<ReviewCell, 'documentId' | 'questionId'>) =>
  `${cell.documentId}\n${cell.questionId}`;

export function createReviewFeed(options: ReviewFeedOptions): ReviewFeed {
  const { store, emit } = options;
  const interval = options.intervalMs ?? 250;
  // Per review: each cell as last sent (serialised, to compare), and its runs → review.
  const sent = new Map<string, Map<string, string>>();
  const reviewOfRun = new Map<string, string>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  let disposed = false;

  const remember = (matrix: ReviewMatrix): ReviewCell[] => {
    const reviewId = matrix.review.id;
    const before = sent.get(reviewId);
    const now = new Map<string, string>();
    const changed: ReviewCell[] = [];
    for (const cell of matrix.cells) {
      const text = JSON.stringify(cell);
      now.set(cellKey(cell), text);
      if (before?.get(cellKey(cell)) !== text) changed.push(cell);
      if (cell.runId !== undefined) reviewOfRun.set(cell.runId, reviewId);
    }
    sent.set(reviewId, now);
    return changed;
  };

  const flush = (reviewId: string) => {
    timers.delete(reviewId);
    if (disposed) return;
    let matrix: ReviewMatrix;
    try {
      matrix = reviewMatrix(store, reviewId);
    } catch {
      // Deleted meanwhile (or the library is closing): nothing to show.
      sent.delete(reviewId);
      return;
    }
    const cells = remember(matrix);
    emit(undefined, 'review:cells', { review: matrix.review, cells });
  };

  const schedule = (reviewId: string) => {
    if (disposed || timers.has(reviewId)) return;
    const timer = setTimeout(() => flush(reviewId), interval);
    timer.unref?.();
    timers.set(reviewId, timer);
  };

  return {
    read(reviewId) {
      const matrix = reviewMatrix(store, reviewId);
      remember(matrix);
      return matrix;
    },
    jobChanged(jobId) {
      if (sent.has(jobId) || store.jobs.get(jobId)?.kind === 'review') schedule(jobId);
    },
    runChanged(runId) {
      const reviewId = reviewOfRun.get(runId);
      if (reviewId !== undefined) schedule(reviewId);
    },
    dispose() {
      disposed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
    },
  };
}

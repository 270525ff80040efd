// The Reviews screen: the list of reviews, or one review's table with the cell opened beside it.
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { plural } from '../../../../shared/plural.ts';
import { cellAt } from '../../../../shared/review-cells.ts';
import { columnSummaries } from '../../lib/column-summaries.ts';
import { shownDocuments } from '../../lib/review-view.ts';
import { loadJobs } from '../../stores/jobs-store.ts';
import {
  cancelRerun,
  closeReview,
  confirmRerun,
  dismissReviewError,
  loadReviews,
  openReview,
  useReviewStore,
} from '../../stores/review-store.ts';
import { startNewReview } from '../../stores/review-setup-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { Dialog } from '../common/dialog.tsx';
import { ErrorBanner } from '../common/error-banner.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { CellPanel } from './cell-panel.tsx';
import { gridAxes } from './grid-axes.ts';
import { ReviewControls } from './review-controls.tsx';
import { ReviewFilters } from './review-filters.tsx';
import { ReviewGrid } from './review-grid.tsx';
import { ReviewList } from './review-list.tsx';

export function ReviewsScreen() {
  const openId = useReviewStore((s) => s.openId);
  const error = useReviewStore((s) => s.error);
  const notice = useReviewStore((s) => s.notice);
  // A review just made (the new-review flow) opens here.
  const made = useUiStore((s) => s.reviewId);
  useEffect(() => {
    void loadReviews();
    void loadJobs();
  }, []);
  useEffect(() => {
    if (made !== null) void openReview(made);
  }, [made]);
  return (
    <div className={`screen reviews${openId !== null ? ' review-open' : ''}`}>
      {error ? <ErrorBanner error={error} onDismiss={dismissReviewError} /> : null}
      {openId === null ? (
        <>
          <div className="toolbar">
            <h1>Reviews</h1>
            <button type="button" className="primary" onClick={() => startNewReview({})}>
              New review…
            </button>
          </div>
          <ReviewList />
        </>
      ) : (
        <ReviewTable />
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {notice ?? ''}
      </p>
      <RerunDialog />
    </div>
  );
}

function ReviewTable() {
  const review = useReviewStore((s) => s.review);
  const documents = useReviewStore((s) => s.documents);
  const questions = useReviewStore((s) => s.questions);
  const paced = useReviewStore((s) => s.pacedCells);
  const filter = useReviewStore((s) => s.filter);
  const sort = useReviewStore((s) => s.sort);
  const transpose = useReviewStore((s) => s.transpose);
  const panel = useReviewStore((s) => s.panel);
  const loading = useReviewStore((s) => s.loading);
  // A push re-renders its changed cells at once (each cell reads its own); the summaries, and
  // the rows when a filter or sort reads answers, follow the cells at most four times a second
  // (pacedCells), in a render React may interrupt.
  const later = useDeferredValue(paced);
  const cellOf = useMemo(
    () => (documentId: string, questionId: string) => cellAt(later, documentId, questionId),
    [later],
  );
  // Counts per question, from the cells as they stand: only the columns a push changed are
  // counted again, the others keep their summary (and their headers skip).
  const [summarize] = useState(() => columnSummaries());
  const summaries = useMemo(
    () => summarize(documents, questions, later),
    [summarize, documents, questions, later],
  );
  // A push changes which rows show only when a filter on answers or a sort reads the cells:
  // otherwise the rows stay the same array and only the changed cells re-render.
  const readsCells =
    filter.answer !== null || filter.status !== null || filter.disagrees || sort !== null;
  const cellsRead = readsCells ? cellOf : null;
  const shown = useMemo(
    () => shownDocuments(documents, questions, cellsRead ?? cellOf, filter, sort),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- cellOf only when read (above)
    [documents, questions, filter, sort, cellsRead],
  );
  const axes = useMemo(() => gridAxes(shown, questions, transpose), [shown, questions, transpose]);
  if (!review) return <p role="status">{loading ? 'Loading the review…' : ''}</p>;
  const c = review.counts;
  return (
    <>
      <div className="rt-title">
        <button
          type="button"
          className="ghost"
          onClick={closeReview}
          aria-label="Back to the reviews"
        >
          ← Reviews
        </button>
        <h1>
          <OutsideText text={review.title} />
        </h1>
        <span className="muted">
          <OutsideText text={review.checklistName} /> · {plural(documents.length, 'document')} ×{' '}
          {plural(questions.length, 'question')} ·{' '}
          <span className={`job-state job-state-${review.state}`}>{review.state}</span> · {c.done}/
          {c.cells} cells read
          {c.reading > 0 ? ` · ${c.reading} reading` : ''}
          {c.failed > 0 ? ` · ${c.failed} failed` : ''}
        </span>
        <ReviewControls review={review} />
      </div>
      {/* The cell panel stands beside the filters and the table, so it has the screen's height. */}
      <div className={`rt-layout-main${panel ? ' with-panel' : ''}`}>
        <div className="rt-table-side">
          <ReviewFilters
            questions={questions}
            summaries={summaries}
            shown={shown.length}
            total={documents.length}
          />
          <ReviewGrid
            rows={axes.rows}
            cols={axes.cols}
            summaries={summaries}
            label={`${review.title}: ${transpose ? 'questions down, documents across' : 'documents down, questions across'}`}
          />
        </div>
        <CellPanel />
      </div>
    </>
  );
}

function RerunDialog() {
  const asking = useReviewStore((s) => s.asking);
  return (
    <Dialog open={asking !== null} title="Read again?" onClose={cancelRerun}>
      {asking ? (
        <>
          <p>
            Read <OutsideText text={asking.what} /> again: {plural(asking.cells, 'new run')}, with
            the backend and settings it was read with. The earlier answer stays in the cell’s
            history.
          </p>
          <div className="dialog-buttons">
            <button type="button" className="ghost" onClick={cancelRerun}>
              Cancel
            </button>
            <button type="button" className="primary" autoFocus onClick={() => void confirmRerun()}>
              Read again
            </button>
          </div>
        </>
      ) : null}
    </Dialog>
  );
}

// TODO(merge, issue 24): stands in for the Reviews screen (i24-table's reviews-screen.tsx, nav id
// 'reviews') until it is merged: the review just started, with its progress from the jobs list.
import { useEffect } from 'react';
import { plural } from '../../../../shared/plural.ts';
import { loadJobs, useJobsStore } from '../../stores/jobs-store.ts';
import { startNewReview } from '../../stores/review-setup-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { OutsideText } from '../common/outside-text.tsx';

export function ReviewStarted() {
  const reviewId = useUiStore((s) => s.reviewId);
  const job = useJobsStore((s) => s.list.find((j) => j.id === reviewId));
  useEffect(() => void loadJobs(), [reviewId]);
  return (
    <div className="screen reviews">
      <h1>Reviews</h1>
      {job ? (
        <section aria-label="Review">
          <h2>
            <OutsideText text={job.title} />
          </h2>
          <p role="status">
            {job.state === 'done' ? 'Done' : job.state === 'running' ? 'Reading' : job.state}:{' '}
            {job.counts.done} of {plural(job.counts.total, 'cell')} answered
            {job.counts.reading > 0 ? `, ${job.counts.reading} reading` : ''}.
          </p>
        </section>
      ) : (
        <p className="muted">No review open.</p>
      )}
      <button type="button" onClick={() => startNewReview({})}>
        New review…
      </button>
    </div>
  );
}

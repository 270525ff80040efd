// The library's reviews, newest first: title, checklist, documents × questions, state and counts;
// opening one shows its table.
import { plural } from '../../../../shared/plural.ts';
import type { ReviewListEntry } from '../../../../shared/review.ts';
import { openReview, useReviewStore } from '../../stores/review-store.ts';
import { EmptyState } from '../common/empty-state.tsx';
import { outsideAttr, OutsideText } from '../common/outside-text.tsx';

export function ReviewList() {
  const list = useReviewStore((s) => s.list);
  if (list.length === 0) {
    return (
      <EmptyState title="No reviews yet">
        A review asks every question of a checklist about every document of a collection, and shows
        the answers as one table. Make one with <strong>New review…</strong> above, or with{' '}
        <code>memagent review</code>.
      </EmptyState>
    );
  }
  return (
    <table className="jobs-table review-list" aria-label="Reviews">
      <thead>
        <tr>
          <th scope="col">Review</th>
          <th scope="col">Checklist</th>
          <th scope="col">Size</th>
          <th scope="col">State</th>
          <th scope="col">Answered</th>
          <th scope="col">Reading</th>
          <th scope="col">Failed</th>
          <th scope="col">Made</th>
        </tr>
      </thead>
      <tbody>
        {list.map((r) => (
          <ReviewRow key={r.id} review={r} />
        ))}
      </tbody>
    </table>
  );
}

function ReviewRow({ review: r }: { review: ReviewListEntry }) {
  return (
    <tr>
      <td>
        <button
          type="button"
          className="link review-open"
          aria-label={outsideAttr(`Open the review ${r.title}`)}
          onClick={() => void openReview(r.id)}
        >
          <OutsideText text={r.title} />
        </button>
      </td>
      <td>
        <OutsideText text={r.checklistName} />
      </td>
      <td>
        {plural(r.documents, 'document')} × {plural(r.questions, 'question')}
      </td>
      <td>
        <span className={`job-state job-state-${r.state}`}>{r.state}</span>
      </td>
      <td>
        {r.counts.done}/{r.counts.cells}
      </td>
      <td>{r.counts.reading}</td>
      <td>{r.counts.failed}</td>
      <td className="muted">
        <time dateTime={new Date(r.createdAt).toISOString()}>
          {new Date(r.createdAt).toLocaleString()}
        </time>
      </td>
    </tr>
  );
}

// The open review's job: Pause, Resume, Cancel while this app reads it; Continue (or Start) when
// it stopped with cells left; documents and questions added (only their cells are read); and its
// reports saved where the user chooses.
import { useState } from 'react';
import { MoreMenu } from '../common/more-menu.tsx';
import type { ReviewSummary } from '../../../../shared/review.ts';
import { controlJob, useJobsStore } from '../../stores/jobs-store.ts';
import { exportReview, type ReviewReportFormat } from '../../stores/review-store.ts';
import { AddDocumentsDialog } from './add-documents-dialog.tsx';
import { AddQuestionsDialog } from './add-questions-dialog.tsx';

const FORMATS: { id: ReviewReportFormat; label: string }[] = [
  { id: 'html', label: 'HTML report' },
  { id: 'pdf', label: 'PDF report' },
  { id: 'xlsx', label: 'Excel (XLSX)' },
  { id: 'csv', label: 'CSV' },
  { id: 'json', label: 'JSON' },
];

export function ReviewControls({ review }: { review: ReviewSummary }) {
  const live = useJobsStore((s) => s.list.find((j) => j.id === review.id)?.live ?? false);
  const [adding, setAdding] = useState<'documents' | 'questions' | null>(null);
  const left = review.counts.cells - review.counts.done;
  const stopped = !live && review.state !== 'done' && left > 0;
  return (
    <div className="rt-controls">
      {live && review.state !== 'paused' ? (
        <button type="button" onClick={() => void controlJob('jobs:pause', review.id)}>
          Pause
        </button>
      ) : null}
      {live && review.state === 'paused' ? (
        <button type="button" onClick={() => void controlJob('jobs:resume', review.id)}>
          Resume
        </button>
      ) : null}
      {live ? (
        <button type="button" onClick={() => void controlJob('jobs:cancel', review.id)}>
          Cancel
        </button>
      ) : null}
      {stopped ? (
        <button
          type="button"
          className="primary"
          onClick={() => void controlJob('jobs:continue', review.id)}
        >
          {review.state === 'queued' ? 'Start' : 'Continue'}
        </button>
      ) : null}
      <button type="button" onClick={() => setAdding('documents')}>
        Add documents…
      </button>
      <button type="button" onClick={() => setAdding('questions')}>
        Add questions…
      </button>
      <AddDocumentsDialog
        review={review}
        open={adding === 'documents'}
        onClose={() => setAdding(null)}
      />
      <AddQuestionsDialog
        review={review}
        open={adding === 'questions'}
        onClose={() => setAdding(null)}
      />
      {/* One button for every report format: the header keeps to one row. */}
      <MoreMenu label="Export…" name="Export the review" className="rt-export">
        {FORMATS.map((f) => (
          <button key={f.id} type="button" onClick={() => void exportReview(f.id)}>
            {f.label}
          </button>
        ))}
      </MoreMenu>
    </div>
  );
}

// One row of the Jobs table: the job (a link to its review, or to its document's Ask view), its
// state, counts, chunk progress, backend and times, and Pause / Resume / Cancel / Continue.
import { CONTINUABLE_JOB_STATES, type JobView } from '../../../../shared/jobs.ts';
import { selectDocument } from '../../stores/documents-store.ts';
import { controlJob } from '../../stores/jobs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';
import { JobProgress } from './job-progress.tsx';

const STATE_LABEL: Record<JobView['state'], string> = {
  queued: 'Queued',
  running: 'Running',
  paused: 'Paused',
  done: 'Done',
  failed: 'Failed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
};

/** What a stopped job's Continue does, or why a state needs nothing. */
const STATE_HINT: Partial<Record<JobView['state'], string>> = {
  interrupted: 'The app stopped while it read: Continue goes on from the saved memories.',
  paused:
    'Paused when the app or terminal reading it stopped: Continue goes on from the saved memories.',
  cancelled: 'Continue reads the questions left, from where they stopped.',
  failed: 'Some questions failed: Continue tries them again.',
  queued: 'Not started yet: Start reads it at the backend’s limit.',
};

const KIND_LABEL: Record<JobView['kind'], string> = {
  questions: 'asked together',
  review: 'review',
  eval: 'evaluation',
};

export function JobRow({ job }: { job: JobView }) {
  const c = job.counts;
  const continuable = !job.live && CONTINUABLE_JOB_STATES.includes(job.state) && c.done < c.total;
  // A job stored but never driven (a review made in a terminal, or set up and not started).
  const startable = !job.live && job.state === 'queued' && c.done < c.total;
  const hint = continuable ? STATE_HINT[job.state] : startable ? STATE_HINT.queued : undefined;
  return (
    <tr aria-label={job.title}>
      <td className="job-title">
        <JobTitle job={job} />
        <span className="job-kind muted">{KIND_LABEL[job.kind]}</span>
      </td>
      <td>
        <span className={`job-state job-state-${job.state}`} title={hint}>
          {STATE_LABEL[job.state]}
        </span>
      </td>
      <td className="job-count">
        {c.done} of {c.total}
      </td>
      <td className="job-progress">
        <JobProgress job={job} />
      </td>
      <td className="job-backend" title={job.backend ? outsideAttr(job.backend.name) : undefined}>
        {job.backend ? <OutsideText text={job.backend.name} /> : '—'}
      </td>
      <td className="job-times muted">
        <JobTimes job={job} />
      </td>
      <td className="job-actions">
        {job.live && job.state !== 'paused' ? (
          <button type="button" onClick={() => void controlJob('jobs:pause', job.id)}>
            Pause
          </button>
        ) : null}
        {job.live && job.state === 'paused' ? (
          <button type="button" onClick={() => void controlJob('jobs:resume', job.id)}>
            Resume
          </button>
        ) : null}
        {job.live ? (
          <button type="button" onClick={() => void controlJob('jobs:cancel', job.id)}>
            Cancel
          </button>
        ) : null}
        {continuable ? (
          <button
            type="button"
            className="primary"
            title={hint}
            onClick={() => void controlJob('jobs:continue', job.id)}
          >
            Continue
          </button>
        ) : null}
        {startable ? (
          <button
            type="button"
            className="primary"
            title={hint}
            onClick={() => void controlJob('jobs:continue', job.id)}
          >
            Start
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/**
 * The job's title, a link to where its answers are read: a review's table, or the Ask view of
 * the one document a questions job asked about (a job over several documents has no one place).
 */
function JobTitle({ job }: { job: JobView }) {
  const title = <OutsideText text={job.title} />;
  if (job.kind === 'review') {
    return (
      <button
        type="button"
        className="link job-link"
        title="Open this review's table"
        onClick={() => useUiStore.getState().openReview(job.id)}
      >
        {title}
      </button>
    );
  }
  const { documentId } = job;
  if (job.kind === 'questions' && documentId !== undefined) {
    return (
      <button
        type="button"
        className="link job-link"
        title="Open the answers on the document's Ask screen"
        onClick={() => selectDocument(documentId)}
      >
        {title}
      </button>
    );
  }
  return title;
}

/** When it started (the time today, the date before), and when it ended or how long it ran. */
function JobTimes({ job }: { job: JobView }) {
  const started = new Date(job.createdAt);
  const today = started.toDateString() === new Date().toDateString();
  const when = today
    ? started.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : started.toLocaleDateString([], { month: 'short', day: 'numeric' });
  return (
    <>
      <time dateTime={started.toISOString()} title={started.toLocaleString()}>
        {when}
      </time>
      {job.endedAt !== undefined ? (
        <span className="job-took">
          {job.state === 'done' ? 'took' : 'stopped after'} {duration(job.endedAt - job.createdAt)}
        </span>
      ) : null}
    </>
  );
}

/** "45 s", "12 min", "3 h 5 min". */
export function duration(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s} s`;
  const min = Math.round(s / 60);
  if (min < 60) return `${min} min`;
  return `${Math.floor(min / 60)} h ${min % 60} min`;
}

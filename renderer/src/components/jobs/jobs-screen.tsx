// The Jobs screen: questions asked together (and, later, reviews) as stored jobs, with their
// state, counts, backend and times, and Pause / Resume / Cancel / Continue. A job interrupted by
// a crash or a quit is continued here as a whole.
import { useEffect, useState } from 'react';
import { CONTINUABLE_JOB_STATES, type JobView } from '../../../../shared/jobs.ts';
import { useDocumentsStore } from '../../stores/documents-store.ts';
import {
  controlJob,
  dismissJobError,
  loadJobs,
  startJob,
  useJobsStore,
} from '../../stores/jobs-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { EmptyState } from '../common/empty-state.tsx';
import { ErrorBanner } from '../common/error-banner.tsx';
import { OutsideText } from '../common/outside-text.tsx';

export function JobsScreen() {
  const list = useJobsStore((s) => s.list);
  const error = useJobsStore((s) => s.error);
  useEffect(() => {
    void loadJobs();
  }, []);
  return (
    <div className="screen jobs">
      <h1>Jobs</h1>
      <p className="muted">
        Questions asked together are one job: it runs at the backend’s limit, and after a crash or a
        quit it continues as a whole — answered questions are never read again.
      </p>
      <AskTogether />
      {error ? <ErrorBanner error={error} onDismiss={dismissJobError} /> : null}
      {list.length === 0 ? (
        <EmptyState title="No jobs yet">
          Ask several questions together above, or with <code>memagent ask FILE -q A -q B</code>.
        </EmptyState>
      ) : (
        <table className="jobs-table" aria-label="Jobs">
          <thead>
            <tr>
              <th scope="col">Job</th>
              <th scope="col">State</th>
              <th scope="col">Done</th>
              <th scope="col">Failed</th>
              <th scope="col">Queued</th>
              <th scope="col">Reading</th>
              <th scope="col">Backend</th>
              <th scope="col">Times</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((job) => (
              <JobRow key={job.id} job={job} />
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

function JobRow({ job }: { job: JobView }) {
  const c = job.counts;
  // Interrupted and cancelled runs wait to be continued, as queued ones do.
  const waiting = c.queued + c.interrupted + c.cancelled;
  const continuable = !job.live && CONTINUABLE_JOB_STATES.includes(job.state) && c.done < c.total;
  const label = job.title;
  return (
    <tr aria-label={label}>
      <td>
        <span className="job-kind muted">{job.kind}</span> <OutsideText text={job.title} />
      </td>
      <td>
        <span className={`job-state job-state-${job.state}`}>{job.state}</span>
      </td>
      <td>
        {c.done}/{c.total}
      </td>
      <td>{c.failed}</td>
      <td>{waiting}</td>
      <td>{c.reading}</td>
      <td>{job.backend ? <OutsideText text={job.backend.name} /> : '—'}</td>
      <td className="muted">
        <time dateTime={new Date(job.createdAt).toISOString()}>
          {new Date(job.createdAt).toLocaleString()}
        </time>
        {job.endedAt !== undefined ? (
          <>
            {' → '}
            <time dateTime={new Date(job.endedAt).toISOString()}>
              {new Date(job.endedAt).toLocaleTimeString()}
            </time>
          </>
        ) : null}
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
          <button type="button" onClick={() => void controlJob('jobs:continue', job.id)}>
            Continue
          </button>
        ) : null}
      </td>
    </tr>
  );
}

/** Several questions (one a line) about the current document, asked as one job. */
function AskTogether() {
  const documentId = useDocumentsStore((s) => s.currentId);
  const defaults = useSettingsStore((s) => s.settings.defaults);
  const [text, setText] = useState('');
  const questions = text
    .split('\n')
    .map((q) => q.trim())
    .filter(Boolean);
  const submit = async () => {
    if (documentId === null || questions.length === 0) return;
    if (await startJob({ documentIds: [documentId], questions, settings: defaults })) setText('');
  };
  return (
    <form
      className="ask-together"
      aria-label="Ask several questions together"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <label htmlFor="job-questions">
        Questions about the current document, one a line
        {documentId === null ? ' (open a document first)' : ''}
      </label>
      <textarea
        id="job-questions"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={documentId === null}
      />
      <button type="submit" disabled={documentId === null || questions.length === 0}>
        Ask {questions.length > 1 ? `${questions.length} questions` : ''} together
      </button>
    </form>
  );
}

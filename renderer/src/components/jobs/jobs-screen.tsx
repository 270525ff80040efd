// The Jobs screen: questions asked together (and, later, reviews) as stored jobs, with their
// state, counts, backend and times, and Pause / Resume / Cancel / Continue. A job interrupted by
// a crash or a quit is continued here as a whole.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { CONTINUABLE_JOB_STATES, type JobView } from '../../../../shared/jobs.ts';
import type { RunSettings } from '../../../../shared/model.ts';
import { useAskDraftStore } from '../../stores/ask-draft-store.ts';
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
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';

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
        <div className="jobs-table-wrap">
          <table className="jobs-table" aria-label="Jobs">
            <thead>
              <tr>
                <th scope="col">Job</th>
                <th scope="col">State</th>
                <th scope="col">Done</th>
                <th scope="col">Progress</th>
                <th scope="col">Backend</th>
                <th scope="col">Started</th>
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
        </div>
      )}
    </div>
  );
}

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
  cancelled: 'Continue reads the questions left, from where they stopped.',
  failed: 'Some questions failed: Continue tries them again.',
};

/** "3 reading · 1 failed · 2 waiting": the runs not done, in words. */
export function progressText(c: JobView['counts'], state: JobView['state']): string {
  // Interrupted and cancelled runs wait to be continued, as queued ones do.
  const waiting = c.queued + c.interrupted + c.cancelled;
  const reading = c.reading - c.paused;
  const parts = [
    reading > 0 ? `${reading} reading` : '',
    c.paused > 0 ? `${c.paused} paused` : '',
    c.failed > 0 ? `${c.failed} failed` : '',
    waiting > 0
      ? `${waiting} ${state === 'running' || state === 'queued' ? 'queued' : 'left'}`
      : '',
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : '—';
}

function JobRow({ job }: { job: JobView }) {
  const c = job.counts;
  const continuable = !job.live && CONTINUABLE_JOB_STATES.includes(job.state) && c.done < c.total;
  const hint = continuable ? STATE_HINT[job.state] : undefined;
  return (
    <tr aria-label={job.title}>
      <td className="job-title">
        <OutsideText text={job.title} />
        <span className="job-kind muted">
          {job.kind === 'questions' ? 'asked together' : job.kind}
        </span>
      </td>
      <td>
        <span className={`job-state job-state-${job.state}`} title={hint}>
          {STATE_LABEL[job.state]}
        </span>
      </td>
      <td className="job-count">
        {c.done} of {c.total}
      </td>
      <td className="job-progress">{progressText(c, job.state)}</td>
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
      </td>
    </tr>
  );
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
          {' · '}
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

/**
 * Several questions (one a line) about the current document, asked as one job with the settings
 * and backend its Ask screen shows (the chunk size set there is kept per document).
 */
function AskTogether() {
  const documentId = useDocumentsStore((s) => s.currentId);
  const document = useDocumentsStore((s) => s.list.find((d) => d.id === s.currentId));
  const { defaults, profiles, activeProfileId } = useSettingsStore(useShallow((s) => s.settings));
  const draft = useAskDraftStore((s) =>
    documentId === null ? undefined : s.byDocument[documentId],
  );
  const settings: RunSettings = { ...defaults, ...draft?.overrides };
  const profile = profiles.find((p) => p.id === (draft?.profileId || activeProfileId));
  const [text, setText] = useState('');
  const questions = text
    .split('\n')
    .map((q) => q.trim())
    .filter(Boolean);
  const submit = async () => {
    if (documentId === null || questions.length === 0) return;
    const request = {
      documentIds: [documentId],
      questions,
      settings,
      ...(profile ? { profileId: profile.id } : {}),
    };
    if (await startJob(request)) setText('');
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
        {document ? (
          <span>
            Questions about <OutsideText text={document.fileName || document.title} />, one a line
          </span>
        ) : (
          'Questions about a document, one a line (open a document first)'
        )}
      </label>
      <textarea
        id="job-questions"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        disabled={documentId === null}
      />
      <div className="ask-together-footer">
        {document ? (
          <span className="muted">
            Chunks of {settings.chunkTokens.toLocaleString()} tokens
            {profile ? (
              <>
                {' '}
                · <OutsideText text={profile.name} />
              </>
            ) : null}{' '}
            (as on its Ask screen)
          </span>
        ) : null}
        <button type="submit" disabled={documentId === null || questions.length === 0}>
          {questions.length > 1 ? `Ask ${questions.length} questions together` : 'Ask together'}
        </button>
      </div>
    </form>
  );
}

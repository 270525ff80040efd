// The Jobs screen: questions asked together and reviews as stored jobs, one row each
// (job-row.tsx: state, counts, chunk progress, backend and times, Pause / Resume / Cancel /
// Continue). A job interrupted by a crash or a quit is continued here as a whole.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { RunSettings } from '../../../../shared/model.ts';
import { useAskDraftStore } from '../../stores/ask-draft-store.ts';
import { useDocumentsStore } from '../../stores/documents-store.ts';
import { dismissJobError, loadJobs, startJob, useJobsStore } from '../../stores/jobs-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { EmptyState } from '../common/empty-state.tsx';
import { ErrorBanner } from '../common/error-banner.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { JobRow } from './job-row.tsx';

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
        Questions asked together, and each review, are one job: it runs at the backend’s limit, and
        after a crash or a quit it continues as a whole — answered questions are never read again.
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

// One run: its progress, its answer, follow-ups, its question's history and its memory timeline.
import { useEffect } from 'react';
import { useOlderTextKey } from '../../stores/older-text.ts';
import {
  deleteRun,
  loadRunDetail,
  prioritiseRun,
  READ_ELSEWHERE_POLL_MS,
  refreshRunDetail,
  useRunsStore,
} from '../../stores/runs-store.ts';
import { AnswerView } from '../answer/answer-view.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { RunProgress } from '../progress/run-progress.tsx';
import { TimelineView } from '../timeline/timeline-view.tsx';
import { ExportButton } from './export-button.tsx';
import { FollowUp } from './follow-up.tsx';
import { ImportedNote } from './imported-note.tsx';
import { QuestionHistory } from './question-history.tsx';

export function RunDetail(props: { runId: string }) {
  const run = useRunsStore((s) => s.byId[props.runId]);
  const readOlderText = useOlderTextKey(props.runId) !== undefined;
  useEffect(() => {
    void loadRunDetail(props.runId);
  }, [props.runId]);
  // What the user is looking at is read first: a queued run of this app goes ahead of the rest.
  const queuedHere = run?.status === 'queued' && run.readBy === undefined;
  useEffect(() => {
    if (queuedHere) void prioritiseRun(props.runId);
  }, [props.runId, queuedHere]);
  // A run a terminal is reading sends this window no events: its saved progress is fetched
  // again until that process lets it go.
  const readBy = run?.readBy;
  useEffect(() => {
    if (readBy === undefined) return;
    const timer = setInterval(() => void refreshRunDetail(props.runId), READ_ELSEWHERE_POLL_MS);
    return () => clearInterval(timer);
  }, [props.runId, readBy]);
  if (!run) return <p role="status">Loading…</p>;
  return (
    <div className="run-detail">
      <div className="run-heading">
        <h2 className="run-title">
          <OutsideText text={run.question} />
        </h2>
        <button
          type="button"
          className="ghost"
          title="Delete this run of the question, with its memories and answer (undo for 10 s)"
          onClick={() => {
            deleteRun(run.id);
            // The deleted run's buttons are gone: keep the keyboard in the question box.
            document.getElementById('question')?.focus();
          }}
        >
          Delete
        </button>
      </div>
      {run.origin === 'import' ? <ImportedNote run={run} /> : null}
      {readBy !== undefined ? (
        <p className="note" role="status">
          Being read by <OutsideText text={readBy} />: its progress shows here as each chunk is
          saved. Pause or stop it there.
        </p>
      ) : null}
      <ExportButton
        documentId={run.documentId}
        runIds={[run.id]}
        scope="run"
        label="Export answer…"
        title="Export this run: its answer, the passages it rests on and its memory trail"
      />
      {readOlderText ? (
        <p className="note" role="note">
          Read before the document was re-read with OCR: its chunks, pages and the reader’s text are
          those of the text it read then.
        </p>
      ) : null}
      <RunProgress run={run} />
      {run.response !== undefined || run.answer !== undefined ? <AnswerView run={run} /> : null}
      {run.status === 'done' ? <FollowUp run={run} /> : null}
      <QuestionHistory run={run} />
      <TimelineView run={run} />
    </div>
  );
}

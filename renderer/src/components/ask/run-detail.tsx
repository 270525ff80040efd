// One run: its progress, its answer and its memory timeline.
import { useEffect } from 'react';
import { useOlderTextKey } from '../../stores/older-text.ts';
import { loadRunDetail, useRunsStore } from '../../stores/runs-store.ts';
import { AnswerView } from '../answer/answer-view.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { RunProgress } from '../progress/run-progress.tsx';
import { TimelineView } from '../timeline/timeline-view.tsx';

export function RunDetail(props: { runId: string }) {
  const run = useRunsStore((s) => s.byId[props.runId]);
  const readOlderText = useOlderTextKey(props.runId) !== undefined;
  useEffect(() => {
    void loadRunDetail(props.runId);
  }, [props.runId]);
  if (!run) return <p role="status">Loading…</p>;
  return (
    <div className="run-detail">
      <h2 className="run-title">
        <OutsideText text={run.question} />
      </h2>
      {readOlderText ? (
        <p className="note" role="note">
          Read before the document was re-read with OCR: its chunks, pages and the reader’s text are
          those of the text it read then.
        </p>
      ) : null}
      <RunProgress run={run} />
      {run.response !== undefined || run.answer !== undefined ? <AnswerView run={run} /> : null}
      <TimelineView run={run} />
    </div>
  );
}

// One run: its progress, its answer and its memory timeline.
import { useEffect } from 'react';
import { loadRunDetail, useRunsStore } from '../../stores/runs-store.ts';
import { AnswerView } from '../answer/answer-view.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { RunProgress } from '../progress/run-progress.tsx';
import { TimelineView } from '../timeline/timeline-view.tsx';

export function RunDetail(props: { runId: string }) {
  const run = useRunsStore((s) => s.byId[props.runId]);
  useEffect(() => {
    void loadRunDetail(props.runId);
  }, [props.runId]);
  if (!run) return <p role="status">Loading…</p>;
  return (
    <div className="run-detail">
      <h2 className="run-title">
        <OutsideText text={run.question} />
      </h2>
      <RunProgress run={run} />
      {run.response !== undefined || run.answer !== undefined ? <AnswerView run={run} /> : null}
      <TimelineView run={run} />
    </div>
  );
}

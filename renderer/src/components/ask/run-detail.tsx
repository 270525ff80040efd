// One run: its progress, its answer and its memory timeline.
import { useEffect } from 'react';
import { useReaderStore } from '../../stores/reader-store.ts';
import { loadRunDetail, useRunsStore } from '../../stores/runs-store.ts';
import { AnswerView } from '../answer/answer-view.tsx';
import { RunProgress } from '../progress/run-progress.tsx';
import { TimelineView } from '../timeline/timeline-view.tsx';

export function RunDetail(props: { runId: string }) {
  const run = useRunsStore((s) => s.byId[props.runId]);
  const setChunks = useReaderStore((s) => s.setChunks);
  useEffect(() => {
    void loadRunDetail(props.runId);
  }, [props.runId]);
  // The reader draws the chunk boundaries of the selected run.
  const chunks = run?.chunks;
  useEffect(() => {
    if (chunks) setChunks(chunks);
  }, [chunks, setChunks]);
  if (!run) return <p role="status">Loading…</p>;
  return (
    <div className="run-detail">
      <h2 className="run-title">{run.question}</h2>
      <RunProgress run={run} />
      {run.response !== undefined || run.answer !== undefined ? <AnswerView run={run} /> : null}
      <TimelineView run={run} />
    </div>
  );
}

// The questions asked of this document, newest first, each with its status.
import { useShallow } from 'zustand/react/shallow';
import { chunksDone } from '../../../../shared/run-view.ts';
import { useRunsStore } from '../../stores/runs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';

const STATUS: Record<string, string> = {
  queued: 'Queued',
  running: 'Reading',
  paused: 'Paused',
  done: 'Answered',
  error: 'Failed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
};

export function RunList(props: { documentId: string }) {
  const runs = useRunsStore(
    useShallow((s) =>
      s.order
        .map((id) => s.byId[id]!)
        .filter((r) => r.documentId === props.documentId || r.documentId === ''),
    ),
  );
  const { selected, selectRun } = useUiStore(
    useShallow((s) => ({ selected: s.selectedRunId, selectRun: s.selectRun })),
  );
  if (runs.length === 0) return null;
  return (
    <nav aria-label="Questions">
      <h2 className="small-heading">Questions</h2>
      <ul className="run-list">
        {runs.map((r) => (
          <li key={r.id}>
            <button
              type="button"
              className={r.id === selected ? 'run-item selected' : 'run-item'}
              aria-current={r.id === selected ? 'true' : undefined}
              onClick={() => selectRun(r.id)}
            >
              {/* Cut to one line here; the full question shows on hover. */}
              <span className="run-question" title={outsideAttr(r.question)}>
                {r.question ? <OutsideText text={r.question} /> : 'Question'}
              </span>
              <span className={`badge status-${r.status}`}>
                {STATUS[r.status]}
                {r.status === 'running' || r.status === 'paused'
                  ? ` ${chunksDone(r)}/${r.chunkCount}`
                  : ''}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// "Reading 2" in the nav bar while questions are being read (or "Paused 1"); it leads to the oldest.
import { useShallow } from 'zustand/react/shallow';
import { selectDocument } from '../../stores/documents-store.ts';
import { useRunsStore } from '../../stores/runs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';

// The same states `runs:counts` counts as reading: not ended yet.
const READING = new Set(['queued', 'running', 'paused']);

export function ReadingIndicator() {
  // Newest first in `order`: the last one is the run that has been reading longest.
  const reading = useRunsStore(
    useShallow((s) =>
      s.order
        .map((id) => s.byId[id]!)
        // The runs themselves (not new objects), so the shallow comparison settles.
        .filter((r) => READING.has(r.status) && r.documentId !== ''),
    ),
  );
  if (reading.length === 0) return null;
  const target = reading[reading.length - 1]!;
  // "Reading 1" over a question that is paused would say it is being read: name the paused.
  const paused = reading.filter((r) => r.status === 'paused').length;
  const label =
    paused === 0
      ? `Reading ${reading.length}`
      : paused === reading.length
        ? `Paused ${paused}`
        : `Reading ${reading.length - paused} · paused ${paused}`;
  return (
    <button
      type="button"
      className={`badge ${paused === reading.length ? 'status-paused' : 'status-running'} nav-reading`}
      title="Questions not finished yet: show the one started first"
      onClick={() => {
        selectDocument(target.documentId);
        useUiStore.getState().selectRun(target.id);
      }}
    >
      {label}
    </button>
  );
}

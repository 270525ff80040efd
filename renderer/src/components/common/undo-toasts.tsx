// "Removed … [Undo]" toasts of removals that wait for their undo window (undo-store).
import { commitRemoval, undoRemoval, useUndoStore } from '../../stores/undo-store.ts';
import { OutsideText } from './outside-text.tsx';

export function UndoToasts() {
  const pending = useUndoStore((s) => s.pending);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {pending.map((p) => (
        <div key={p.id} className="toast">
          <OutsideText text={p.message} />
          <button type="button" onClick={() => undoRemoval(p.id)}>
            Undo
          </button>
          <button
            type="button"
            className="ghost"
            aria-label="Close (remove now)"
            onClick={() => void commitRemoval(p.id)}
          >
            ✕
          </button>
        </div>
      ))}
    </div>
  );
}

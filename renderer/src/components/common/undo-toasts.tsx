// "Removed … [Undo]" toasts of removals that wait for their undo window (undo-store). They are
// about the library's data, not a screen: they stay over every screen until the window ends,
// which waits while the pointer or the focus is on the toast.
import {
  commitRemoval,
  holdRemoval,
  undoRemoval,
  useUndoStore,
  type PendingRemoval,
} from '../../stores/undo-store.ts';
import { OutsideText } from './outside-text.tsx';
import { useToastHold } from './use-toast-hold.ts';

export function UndoToasts() {
  const pending = useUndoStore((s) => s.pending);
  return (
    <div className="toasts" role="status" aria-live="polite">
      {pending.map((p) => (
        <UndoToast key={p.id} removal={p} />
      ))}
    </div>
  );
}

function UndoToast({ removal: p }: { removal: PendingRemoval }) {
  const hold = useToastHold((held) => holdRemoval(p.id, held));
  return (
    <div className="toast" {...hold}>
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
  );
}

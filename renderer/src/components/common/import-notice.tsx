// What the last session import did (for IMPORT_NOTICE_MS, held while hovered or focused), or why
// it failed (until dismissed), over every screen.
import {
  dismissImportNotice,
  holdImportNotice,
  useSessionImportStore,
} from '../../stores/session-import-store.ts';
import { ErrorBanner } from './error-banner.tsx';
import { OutsideText } from './outside-text.tsx';
import { useToastHold } from './use-toast-hold.ts';

export function ImportNotice() {
  const { notice, busy } = useSessionImportStore();
  const hold = useToastHold(holdImportNotice);
  if (busy)
    return (
      <div className="toasts import-toasts" role="status" aria-live="polite">
        <div className="toast">Importing the session…</div>
      </div>
    );
  if (notice === null) return null;
  if ('error' in notice)
    return (
      <div className="toasts import-toasts">
        <ErrorBanner error={notice.error} onDismiss={dismissImportNotice} />
      </div>
    );
  return (
    <div className="toasts import-toasts" role="status" aria-live="polite">
      <div className="toast" data-testid="import-notice" {...hold}>
        {/* The sentence quotes the document's title. */}
        <OutsideText text={notice.text} />
        <button
          type="button"
          className="ghost"
          aria-label="Dismiss notice"
          onClick={dismissImportNotice}
        >
          ✕
        </button>
      </div>
    </div>
  );
}

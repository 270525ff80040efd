// What the last session import did, or why it failed, over every screen until dismissed.
import { dismissImportNotice, useSessionImportStore } from '../../stores/session-import-store.ts';
import { ErrorBanner } from './error-banner.tsx';
import { OutsideText } from './outside-text.tsx';

export function ImportNotice() {
  const { notice, busy } = useSessionImportStore();
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
      <div className="toast" data-testid="import-notice">
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

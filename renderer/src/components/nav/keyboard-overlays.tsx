// What the window's shortcuts open: the sheet, the cancel confirmation and their notices.
import { useEffect } from 'react';
import { cancelRun, useRunsStore } from '../../stores/runs-store.ts';
import { askToCancel, showNotice, useKeyboardStore } from '../../stores/keyboard-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { Dialog } from '../common/dialog.tsx';
import { ShortcutSheet } from './shortcut-sheet.tsx';

const NOTICE_MS = 4000;

export function KeyboardOverlays() {
  const runId = useKeyboardStore((s) => s.confirmCancel);
  const notice = useKeyboardStore((s) => s.notice);
  const question = useRunsStore((s) => (runId === null ? '' : (s.byId[runId]?.question ?? '')));
  const screen = useUiStore((s) => s.screen);
  // A shortcut's notice ("Answer copied") is about the screen it was pressed on: leaving it
  // clears the notice rather than carry it over another screen.
  useEffect(() => showNotice(null), [screen]);
  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => showNotice(null), NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);
  return (
    <>
      <ShortcutSheet />
      <Dialog open={runId !== null} title="Cancel this question?" onClose={() => askToCancel(null)}>
        <p>“{question}” stops after the chunk being read. You can continue it later from there.</p>
        <div className="dialog-buttons">
          <button type="button" onClick={() => askToCancel(null)}>
            Keep reading
          </button>
          <button
            type="button"
            className="danger"
            onClick={() => {
              if (runId !== null) void cancelRun(runId);
              askToCancel(null);
            }}
          >
            Cancel question
          </button>
        </div>
      </Dialog>
      <p className="key-notice" role="status" aria-live="polite">
        {notice ?? ''}
      </p>
    </>
  );
}

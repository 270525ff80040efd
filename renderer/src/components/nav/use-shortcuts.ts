// The window's keyboard shortcuts, from the one table in shortcut-table.ts.
import { useEffect } from 'react';
import { isActive } from '../../../../shared/run-view.ts';
import { focusQuestion } from '../../stores/ask-draft-store.ts';
import { chooseAndOpen, useDocumentsStore } from '../../stores/documents-store.ts';
import { askToCancel, showNotice, showShortcutSheet } from '../../stores/keyboard-store.ts';
import { pauseRun, resumeRun, useRunsStore } from '../../stores/runs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { matchShortcut, type WindowShortcutId } from './shortcut-table.ts';

const selectedRun = () => {
  const id = useUiStore.getState().selectedRunId;
  return id === null ? undefined : useRunsStore.getState().byId[id];
};

// `satisfies`: a shortcut added to the table without an action here does not compile.
const ACTIONS = {
  open: () => void chooseAndOpen(),
  library: () => useUiStore.getState().setScreen('library'),
  reader: () => useUiStore.getState().setScreen('reader'),
  // The Ask screen with the cursor in its question box: what one goes there to do.
  ask: () => {
    useUiStore.getState().setScreen('ask');
    const id = useDocumentsStore.getState().currentId;
    if (id !== null) focusQuestion(id);
  },
  jobs: () => useUiStore.getState().setScreen('jobs'),
  reviews: () => useUiStore.getState().setScreen('reviews'),
  settings: () => useUiStore.getState().setScreen('settings'),
  shortcuts: () => showShortcutSheet(true),
  pause: () => {
    const run = selectedRun();
    if (run?.status === 'paused') void resumeRun(run.id);
    else if (run?.status === 'running' || run?.status === 'queued') void pauseRun(run.id);
    else
      showNotice(
        run ? 'This question is not reading: nothing to pause.' : 'Select a question first.',
      );
  },
  cancel: () => {
    const run = selectedRun();
    if (run && isActive(run)) askToCancel(run.id);
    else
      showNotice(
        run ? 'This question is not reading: nothing to cancel.' : 'Select a question first.',
      );
  },
  'copy-answer': () => {
    const run = selectedRun();
    const text = run?.answer ?? run?.response;
    if (!run) return showNotice('Select a question first.');
    if (!text) return showNotice('This question has no answer yet.');
    navigator.clipboard.writeText(text).then(
      () => showNotice('Answer copied.'),
      () => showNotice('The answer could not be copied (the clipboard refused).'),
    );
  },
} satisfies Record<WindowShortcutId, () => void>;

export function useShortcuts(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const id = matchShortcut(e);
      if (id === undefined) return;
      e.preventDefault();
      ACTIONS[id]();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

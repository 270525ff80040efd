// Starts the one subscription per event that feeds the stores; returns a disposer.
import type { Api } from '../api.ts';
import { setBridge } from './bridge.ts';
import {
  loadDocuments,
  onDocumentProgress,
  onDocumentUpdated,
  useDocumentsStore,
} from './documents-store.ts';
import { loadRuns, onRunEvent } from './runs-store.ts';
import { loadSettings, useSettingsStore } from './settings-store.ts';
import { forgetPendingStarts } from './ask-draft-store.ts';
import { onMenuCommand } from './menu-commands.ts';
import { loadChecks, onCheckEvent } from './check-store.ts';
import { onRereadProgress } from './reread-store.ts';
import { loadModels, onModelDownload } from './models-store.ts';
import { loadRunCounts, onRunEventForCounts } from './run-counts-store.ts';
import { onJobUpdated, onRunEventForJobs } from './jobs-store.ts';
import { onReviewCells } from './review-store.ts';

export function initStores(api: Api): () => void {
  setBridge(api);
  const disposers = [
    api.on('run:event', (e) => {
      onRunEvent(e);
      onRunEventForCounts(e);
      onRunEventForJobs(e);
    }),
    api.on('job:updated', onJobUpdated),
    api.on('review:cells', onReviewCells),
    api.on('document:progress', (p) => {
      if (!onRereadProgress(p)) onDocumentProgress(p);
    }),
    api.on('document:updated', onDocumentUpdated),
    api.on('menu:command', onMenuCommand),
    api.on('check:event', onCheckEvent),
    api.on('models:download', onModelDownload),
    // Another active backend: a "did not start" banner spoke of the old one.
    useSettingsStore.subscribe((state, prev) => {
      if (state.settings.activeProfileId !== prev.settings.activeProfileId) forgetPendingStarts();
    }),
  ];
  void loadDocuments();
  void loadSettings();
  void loadRunCounts();
  void loadChecks();
  void loadModels();
  // A terminal (`memagent ask`, `resume`, `import`) writes to the same library: coming back to
  // the window shows the documents and questions it added meanwhile.
  const onFocus = () => {
    void loadDocuments();
    void loadRunCounts();
    const current = useDocumentsStore.getState().currentId;
    if (current !== null) void loadRuns(current);
  };
  window.addEventListener('focus', onFocus);
  disposers.push(() => window.removeEventListener('focus', onFocus));
  return () => {
    for (const dispose of disposers) dispose();
    setBridge(null);
  };
}

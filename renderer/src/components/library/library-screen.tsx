// The library: open documents and pick one from those read before.
import { useShallow } from 'zustand/react/shallow';
import { chooseAndOpen, dismissError, useDocumentsStore } from '../../stores/documents-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { EmptyState } from '../common/empty-state.tsx';
import { ErrorBanner } from '../common/error-banner.tsx';
import { DocumentList } from './document-list.tsx';
import { OpeningProgress } from './opening-progress.tsx';

export function LibraryScreen() {
  const { list, loaded, error } = useDocumentsStore(
    useShallow((s) => ({ list: s.list, loaded: s.loaded, error: s.error })),
  );
  const hasProfile = useSettingsStore((s) => s.loaded && s.settings.profiles.length > 0);
  const setScreen = useUiStore((s) => s.setScreen);
  return (
    <div className="screen library">
      <div className="toolbar">
        <h1>Library</h1>
        <button type="button" className="primary" onClick={() => void chooseAndOpen()}>
          Open document… <kbd>Ctrl+O</kbd>
        </button>
      </div>
      <p className="muted">
        Drop a PDF, DOCX, EPUB, HTML, Markdown or text file anywhere in the window to open it.
      </p>
      <OpeningProgress />
      {error ? <ErrorBanner error={error} onDismiss={dismissError} /> : null}
      {loaded && list.length === 0 ? (
        <EmptyState title="No documents yet">
          <ol className="steps">
            <li>
              {hasProfile ? 'Check the model server in' : 'Set up the model server in'}{' '}
              <button type="button" className="link" onClick={() => setScreen('settings')}>
                Settings
              </button>{' '}
              with “Test connection”: a local vLLM serving RL-MemoryAgent-14B (the default,
              http://localhost:8000/v1) or a cloud API.
            </li>
            <li>
              Open a contract, a report or a whole book with “Open document…” or by dropping it
              here.
            </li>
            <li>
              Ask a question. The agent reads every page, chunk by chunk, and shows how its memory
              formed.
            </li>
          </ol>
        </EmptyState>
      ) : (
        <DocumentList documents={list} />
      )}
    </div>
  );
}

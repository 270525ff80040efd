// The library: open documents and pick one from those read before.
import { useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { libraryRows, SORT_LABELS, type LibrarySort } from '../../lib/library-order.ts';
import { chooseAndOpen, dismissError, useDocumentsStore } from '../../stores/documents-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { EmptyState } from '../common/empty-state.tsx';
import { ErrorBanner } from '../common/error-banner.tsx';
import { DocumentList } from './document-list.tsx';
import { HistorySearch } from './history-search.tsx';
import { OpenResults } from './open-results.tsx';
import { OpeningProgress } from './opening-progress.tsx';

export function LibraryScreen() {
  const { list, hidden, loaded, error } = useDocumentsStore(
    useShallow((s) => ({ list: s.list, hidden: s.hidden, loaded: s.loaded, error: s.error })),
  );
  const hasProfile = useSettingsStore((s) => s.loaded && s.settings.profiles.length > 0);
  const openSettings = useUiStore((s) => s.openSettings);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<LibrarySort>('opened');
  const openButton = useRef<HTMLButtonElement>(null);
  const shown = list.filter((d) => !hidden.includes(d.id));
  const rows = libraryRows(shown, query, sort);
  return (
    <div className="screen library">
      <div className="toolbar">
        <h1>Library</h1>
        <button
          type="button"
          className="primary"
          ref={openButton}
          onClick={() => void chooseAndOpen()}
        >
          Open document… <kbd>Ctrl+O</kbd>
        </button>
        <span className="muted small">
          or drop a PDF, DOCX, EPUB, HTML, Markdown or text file anywhere in the window
        </span>
      </div>
      {/* At the top: the first thing a returning user looks for is an earlier answer. */}
      {loaded && shown.length > 0 ? <HistorySearch /> : null}
      <OpeningProgress />
      <OpenResults />
      {error ? <ErrorBanner error={error} onDismiss={dismissError} /> : null}
      {loaded && shown.length === 0 ? (
        <EmptyState title="No documents yet">
          <ol className="steps">
            <li>
              {hasProfile ? 'Check the backend in' : 'Set up a backend in'}{' '}
              <button type="button" className="link" onClick={() => openSettings('backends')}>
                Settings
              </button>{' '}
              with “Test connection”: the built-in model on this computer, a local vLLM serving
              RL-MemoryAgent-14B (http://localhost:8000/v1) or a cloud API.
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
        <>
          <div className="library-filter">
            <label>
              Filter
              <input
                type="search"
                value={query}
                placeholder="Title or file name"
                onChange={(e) => setQuery(e.target.value)}
              />
            </label>
            <label>
              Sort by
              <select value={sort} onChange={(e) => setSort(e.target.value as LibrarySort)}>
                {(Object.keys(SORT_LABELS) as LibrarySort[]).map((k) => (
                  <option key={k} value={k}>
                    {SORT_LABELS[k]}
                  </option>
                ))}
              </select>
            </label>
            {query ? (
              <span className="muted small" role="status">
                {rows.length} of {shown.length} documents
              </span>
            ) : null}
          </div>
          <DocumentList documents={rows} onEmptied={() => openButton.current?.focus()} />
        </>
      )}
    </div>
  );
}

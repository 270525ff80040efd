// The document's text, virtualized, with page markers and chunk boundaries.
import { useShallow } from 'zustand/react/shallow';
import { useReaderStore } from '../../stores/reader-store.ts';
import { EmptyState } from '../common/empty-state.tsx';
import { ErrorBanner } from '../common/error-banner.tsx';
import { DocumentText } from './document-text.tsx';
import { JumpBar } from './jump-bar.tsx';

export function ReaderScreen() {
  const { view, loading, error, chunks } = useReaderStore(
    useShallow((s) => ({ view: s.view, loading: s.loading, error: s.error, chunks: s.chunks })),
  );
  if (error) return <ErrorBanner error={error} />;
  if (loading) return <p role="status">Loading the document…</p>;
  if (!view) {
    return (
      <EmptyState title="Nothing to read yet">
        <p>
          Open a document in the Library; its text shows here with page markers and, once you ask a
          question, the chunk boundaries the agent read.
        </p>
      </EmptyState>
    );
  }
  return (
    <div className="screen reader">
      <div className="toolbar">
        <h1 className="doc-heading" title={view.info.title || view.info.fileName}>
          {view.info.title || view.info.fileName}
        </h1>
        <JumpBar pageCount={view.document.pages?.length ?? 0} chunkCount={chunks.length} />
      </div>
      {view.document.warnings.length > 0 ? (
        <details className="warnings">
          <summary>{view.document.warnings.length} extraction warning(s)</summary>
          <ul>
            {view.document.warnings.map((w, i) => (
              <li key={i}>{w}</li>
            ))}
          </ul>
        </details>
      ) : null}
      <DocumentText text={view.document.text} pages={view.document.pages} chunks={chunks} />
    </div>
  );
}

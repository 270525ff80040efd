// The document's text, virtualized, with page markers and chunk boundaries.
import { useShallow } from 'zustand/react/shallow';
import type { ChunkInfo } from '../../../../shared/model.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { useRunsStore } from '../../stores/runs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { EmptyState } from '../common/empty-state.tsx';
import { ErrorBanner } from '../common/error-banner.tsx';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';
import { DocumentText } from './document-text.tsx';
import { JumpBar } from './jump-bar.tsx';

const NO_CHUNKS: ChunkInfo[] = [];

export function ReaderScreen() {
  const { view, loading, error } = useReaderStore(
    useShallow((s) => ({ view: s.view, loading: s.loading, error: s.error })),
  );
  // The chunk boundaries drawn are those of the selected run, when it asked this document.
  const selectedRunId = useUiStore((s) => s.selectedRunId);
  const chunks = useRunsStore((s) => {
    const run = selectedRunId === null ? undefined : s.byId[selectedRunId];
    return run && run.documentId === view?.info.id ? run.chunks : NO_CHUNKS;
  });
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
        <h1 className="doc-heading" title={outsideAttr(view.info.title || view.info.fileName)}>
          <OutsideText text={view.info.title || view.info.fileName} />
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

// Ask questions about the current document and follow each run; the passages and chunks of the
// selected run show their page in the source panel beside it.
import { useMemo } from 'react';
import { useDocumentsStore } from '../../stores/documents-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { useQuestionsFoldStore } from '../../stores/questions-fold-store.ts';
import { useSourcePanelStore } from '../../stores/source-panel-store.ts';
import { EmptyState } from '../common/empty-state.tsx';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';
import { SourceChooserContext, type SourceChooser } from '../common/source-chooser.ts';
import { AskForm } from './ask-form.tsx';
import { ExportButton } from './export-button.tsx';
import { RunDetail } from './run-detail.tsx';
import { RunList } from './run-list.tsx';
import { SourcePanel } from './source-panel.tsx';

export function AskScreen() {
  const documentId = useDocumentsStore((s) => s.currentId);
  const title = useDocumentsStore((s) => {
    const d = s.list.find((x) => x.id === s.currentId);
    return d ? d.title || d.fileName : '';
  });
  const selectedRunId = useUiStore((s) => s.selectedRunId);
  const setScreen = useUiStore((s) => s.setScreen);
  const questionsFolded = useQuestionsFoldStore((s) => s.folded);
  const shown = useSourcePanelStore((s) =>
    s.runId !== null && s.runId === selectedRunId ? s.shown : null,
  );
  const chooser = useMemo<SourceChooser | null>(
    () =>
      selectedRunId
        ? {
            shown,
            choose: (target) => useSourcePanelStore.getState().choose(selectedRunId, target),
          }
        : null,
    [selectedRunId, shown],
  );
  if (!documentId) {
    return (
      <EmptyState title="Open a document first">
        <p>
          Questions are asked about one document.{' '}
          <button type="button" className="link" onClick={() => setScreen('library')}>
            Go to the Library
          </button>{' '}
          to open or pick one.
        </p>
      </EmptyState>
    );
  }
  return (
    // The questions fold only while a view that needs their width is open (styles: ask-side).
    <div className={`screen ask${questionsFolded ? ' questions-folded' : ''}`}>
      <aside className="ask-side">
        <h1 className="doc-heading" title={outsideAttr(title)}>
          Ask about <OutsideText text={title} />
        </h1>
        <AskForm documentId={documentId} />
        <RunList documentId={documentId} />
        <ExportButton
          documentId={documentId}
          scope="document"
          label="Export session…"
          title="Export every question asked about this document, with answers, sources and memory trails"
        />
      </aside>
      <div className={`ask-main${shown ? ' with-source' : ''}`}>
        <section className="run-pane" aria-label="Selected question">
          {selectedRunId ? (
            <SourceChooserContext.Provider value={chooser}>
              <RunDetail runId={selectedRunId} />
            </SourceChooserContext.Provider>
          ) : (
            <EmptyState title="No question selected">
              <p>
                Type a question and press Ask (Ctrl+Enter). You can ask several: they run at the
                same time.
              </p>
            </EmptyState>
          )}
        </section>
        {selectedRunId ? <SourcePanel runId={selectedRunId} /> : null}
      </div>
    </div>
  );
}

// The source beside the answer: the original page (or the document's text) of the passage or
// chunk last chosen in the answer or its timeline, highlighted, in a labelled region that says
// what it shows as it follows ("Showing passage 2, p. 149"). It is the review cell's page view
// (SourcePage), so a passage looks the same beside an answer and beside the review table. The
// Reader stays one explicit link away; Escape or ✕ closes the panel and puts the keyboard back
// on what chose it. On a small window the panel lies under the answer and folds to its bar.
import { useEffect } from 'react';
import { scrollIntoViewWithin } from '../../lib/scroll-within.ts';
import { shownLine } from '../../lib/source-target.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { closeSourcePanel, useSourcePanelStore } from '../../stores/source-panel-store.ts';
import { useRunsStore } from '../../stores/runs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { SourcePage } from '../common/source-page.tsx';

export function SourcePanel(props: { runId: string }) {
  const shown = useSourcePanelStore((s) => (s.runId === props.runId ? s.shown : null));
  const folded = useSourcePanelStore((s) => s.folded);
  const run = useRunsStore((s) => s.byId[props.runId]);
  const open = shown !== null && run !== undefined;
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      // A dialog, the find bar or a menu that handled Escape keeps it.
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]'))
        return;
      e.preventDefault();
      closeSourcePanel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  // On a small window the panel takes the lower part of the column: what chose it (a marker, a
  // chunk row) may have moved out of sight, so it is brought back into view.
  const nonce = shown?.nonce;
  useEffect(() => {
    if (nonce === undefined) return;
    const frame = requestAnimationFrame(() => {
      const from = useSourcePanelStore.getState().from;
      if (from?.isConnected) scrollIntoViewWithin(from, 'nearest');
    });
    return () => cancelAnimationFrame(frame);
  }, [nonce]);
  if (!open) return null;
  const line = shownLine(shown);
  const openInReader = () => {
    const reader = useReaderStore.getState();
    useUiStore.getState().selectRun(run.id);
    if (shown.kind === 'passage')
      reader.jumpTo({ kind: 'passage', start: shown.start, end: shown.end, where: shown.where });
    else reader.jumpTo({ kind: 'chunk', chunk: shown.chunk });
  };
  return (
    <section
      className={`source-panel${folded ? ' folded' : ''}`}
      aria-label="Source beside the answer"
      data-testid="source-panel"
    >
      <div className="source-panel-head">
        <p className="source-panel-line" role="status" aria-live="polite" title={line}>
          {line}
        </p>
        <span className="source-panel-actions">
          <button type="button" className="link" onClick={openInReader}>
            Open in the reader
          </button>
          <button
            type="button"
            className="ghost source-panel-fold"
            aria-expanded={!folded}
            onClick={() => useSourcePanelStore.getState().setFolded(!folded)}
          >
            {folded ? 'Show page' : 'Fold'}
          </button>
          <button
            type="button"
            className="ghost"
            aria-label="Close the source panel"
            title="Close (Escape)"
            onClick={closeSourcePanel}
          >
            ✕
          </button>
        </span>
      </div>
      {folded ? null : (
        <SourcePage documentId={run.documentId} runId={run.id} chunks={run.chunks} shown={shown} />
      )}
    </section>
  );
}

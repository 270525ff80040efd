// The source beside the answer: the original page (or the document's text) of the passage or
// chunk last chosen in the answer or its timeline, highlighted, in a labelled region that says
// what it shows as it follows ("Showing passage 2, p. 149"). It is the review cell's page view
// (SourcePage), so a passage looks the same beside an answer and beside the review table. The
// Reader stays one explicit link away; Escape or ✕ closes the panel and puts the keyboard back
// on what chose it. In a small window the questions column folds away so the answer and its page
// stay side by side; with the questions shown again the page lies under the answer and folds to
// its bar.
import { useEffect } from 'react';
import type { RunView } from '../../../../shared/run-view.ts';
import { scrollIntoViewWithin } from '../../lib/scroll-within.ts';
import { shownLine, type ShownSource } from '../../lib/source-target.ts';
import { useQuestionsFoldStore } from '../../stores/questions-fold-store.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { closeSourcePanel, useSourcePanelStore } from '../../stores/source-panel-store.ts';
import { useRunsStore } from '../../stores/runs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { SourcePage } from '../common/source-page.tsx';
import { QuestionsFoldButton, useFoldQuestionsWhenNarrow } from './questions-fold.tsx';

export function SourcePanel(props: { runId: string }) {
  const shown = useSourcePanelStore((s) => (s.runId === props.runId ? s.shown : null));
  const run = useRunsStore((s) => s.byId[props.runId]);
  if (shown === null || run === undefined) return null;
  return <OpenSourcePanel run={run} shown={shown} />;
}

function OpenSourcePanel({ run, shown }: { run: RunView; shown: ShownSource }) {
  const folded = useSourcePanelStore((s) => s.folded);
  const questionsFolded = useQuestionsFoldStore((s) => s.folded);
  // In a window too narrow for three columns the questions fold away, the answer and its page
  // side by side.
  useFoldQuestionsWhenNarrow();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      // A dialog, the find bar or a menu that handled Escape keeps it.
      if (e.key !== 'Escape' || e.defaultPrevented || document.querySelector('dialog[open]'))
        return;
      e.preventDefault();
      closeSourcePanel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  // What chose the passage (a marker, a chunk row) may have moved out of sight as the panel took
  // its room, or as the window was resized (the answer reflowed, the questions folded or came
  // back), so it is brought back into view: the panel shows what the marker beside it chose.
  const nonce = shown.nonce;
  useEffect(() => {
    let frame = 0;
    const reveal = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const from = useSourcePanelStore.getState().from;
        if (from?.isConnected) scrollIntoViewWithin(from, 'nearest');
      });
    };
    reveal();
    window.addEventListener('resize', reveal);
    return () => {
      window.removeEventListener('resize', reveal);
      cancelAnimationFrame(frame);
    };
  }, [nonce]);
  const line = shownLine(shown);
  const openInReader = () => {
    const reader = useReaderStore.getState();
    useUiStore.getState().selectRun(run.id);
    if (shown.kind === 'passage')
      reader.jumpTo({ kind: 'passage', start: shown.start, end: shown.end, where: shown.where });
    else reader.jumpTo({ kind: 'chunk', chunk: shown.chunk });
  };
  // Folding the page is for the layout where it lies under the answer (the questions shown in a
  // small window); beside the answer it always shows.
  const pageFolded = folded && !questionsFolded;
  return (
    <section
      className={`source-panel${pageFolded ? ' folded' : ''}`}
      aria-label="Source beside the answer"
      data-testid="source-panel"
    >
      <div className="source-panel-head">
        <p className="source-panel-line" role="status" aria-live="polite">
          {line}
        </p>
        <span className="source-panel-actions">
          <button type="button" className="link" onClick={openInReader}>
            Open in the reader
          </button>
          <QuestionsFoldButton
            className="source-panel-questions"
            title="Fold the questions column away to give the answer and its page the window's width"
          />
          <button
            type="button"
            className="ghost source-panel-fold"
            aria-expanded={!pageFolded}
            onClick={() => useSourcePanelStore.getState().setFolded(!pageFolded)}
          >
            {pageFolded ? 'Show page' : 'Fold'}
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
      {pageFolded ? null : (
        <SourcePage documentId={run.documentId} runId={run.id} chunks={run.chunks} shown={shown} />
      )}
    </section>
  );
}

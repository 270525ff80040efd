// A cell opened beside the table: the question, the answer (normalised, and the model's own
// words) with the coverage behind it ("read all 42 chunks, pp. 1–300") on top; its passages,
// compact; the original page with the chosen passage highlighted in the room that is left; the
// cell's earlier readings and the run's memory timeline (folded) at the foot, whose chunks and
// sources also choose what the page shows. Re-run and Open in the reader beside the coverage.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { Evidence } from '../../../../shared/model.ts';
import type { ReviewCell, ReviewDocument, ReviewQuestion } from '../../../../shared/review.ts';
import { coverageLabel, STATUS_LABELS } from '../../../../shared/review-text.ts';
import type { RunView } from '../../../../shared/run-view.ts';
import { answerLine, chipLabel, partlyRead } from '../../lib/review-cell-words.ts';
import { cellAt } from '../../../../shared/review-cells.ts';
import { askRerun, closePanel, useReviewStore } from '../../stores/review-store.ts';
import { loadRunDetail, useRunsStore } from '../../stores/runs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { OutsideText } from '../common/outside-text.tsx';
import { PassageItem } from '../common/passage-item.tsx';
import { SourcePage } from '../common/source-page.tsx';
import {
  passagePress,
  SourceChooserContext,
  type SourceChooser,
} from '../common/source-chooser.ts';
import { passageTarget, type ShownSource, type SourceTarget } from '../../lib/source-target.ts';
import { TimelineView } from '../timeline/timeline-view.tsx';

export function CellPanel() {
  const place = useReviewStore((s) => s.panel);
  const document = useReviewStore((s) => s.documents.find((d) => d.id === place?.documentId));
  const question = useReviewStore((s) => s.questions.find((q) => q.id === place?.questionId));
  const cell = useReviewStore((s) =>
    place ? cellAt(s.cells, place.documentId, place.questionId) : undefined,
  );
  if (!place || !document || !question) return null;
  return (
    <aside className="cell-panel" aria-label="The cell opened">
      <CellBody document={document} question={question} cell={cell}>
        <div className="cell-panel-head">
          <div className="cell-panel-title">
            <h2>
              <OutsideText text={question.text} />
            </h2>
            <p className="muted small">
              <OutsideText text={document.title} />
            </p>
          </div>
          <button type="button" className="ghost" onClick={closePanel} aria-label="Close the cell">
            ✕
          </button>
        </div>
      </CellBody>
    </aside>
  );
}

/**
 * The panel from top to bottom: what the cell says (it does not scroll away), its passages (a
 * short list that scrolls on its own), the original page (it takes the room that is left, and
 * its highlight is brought into view inside it, never by scrolling the panel), then the folded
 * history and timeline.
 */
function CellBody(props: {
  document: ReviewDocument;
  question: ReviewQuestion;
  cell: ReviewCell | undefined;
  children: ReactNode;
}) {
  const { document, question, cell } = props;
  const runId = cell?.runId;
  const run = useRunsStore((s) => (runId === undefined ? undefined : s.byId[runId]));
  const status = cell?.status;
  useEffect(() => {
    if (runId !== undefined) void loadRunDetail(runId);
    // Read again when the cell's run ends: its answer and passages are stored then.
  }, [runId, status]);
  const evidence = run?.evidence ?? [];
  // What the page shows: the best passage until another passage or a chunk is chosen; choosing
  // the same again shows it again.
  const [picked, setPicked] = useState<ShownSource | null>(null);
  useEffect(() => setPicked(null), [runId]);
  const best = evidence[0];
  const shown = useMemo<ShownSource | null>(
    () => picked ?? (best ? { ...passageTarget(best, 1), nonce: 0 } : null),
    [picked, best],
  );
  const chooser = useMemo<SourceChooser>(
    () => ({
      shown,
      choose: (target: SourceTarget) =>
        setPicked((p) => ({ ...target, nonce: (p?.nonce ?? 0) + 1 })),
    }),
    [shown],
  );
  return (
    <SourceChooserContext.Provider value={chooser}>
      <div className="cell-info">
        {props.children}
        <CellAnswer question={question} cell={cell} />
        <div className="cell-coverage-row">
          {cell ? (
            <p
              className={`cell-coverage small${partlyRead(cell) ? ' warn' : ' muted'}`}
              data-testid="cell-coverage"
            >
              {partlyRead(cell) ? '◐ Not read in full: ' : ''}
              {coverageLabel(cell.coverage)}
            </p>
          ) : null}
          <span className="cell-actions">
            <button
              type="button"

              onClick={() =>
                askRerun(
                  { documentId: document.id, questionId: question.id },
                  `the cell “${question.text}” of “${document.title}”`,
                  1,
                )
              }
            >
              Re-run…
            </button>
            <button
              type="button"
              className="ghost"
              onClick={() => {
                if (runId !== undefined) useUiStore.getState().selectRun(runId);
                useUiStore.getState().setScreen('reader');
              }}
            >
              Open in the reader
            </button>
          </span>
        </div>
        {cell?.error ? (
          <p className="warn" role="note">
            <OutsideText text={cell.error} />
          </p>
        ) : null}
      </div>
      {evidence.length > 0 ? (
        <Passages evidence={evidence} chooser={chooser} />
      ) : cell && (status === 'answered' || status === 'cut') && run ? (
        <p className="cell-no-passage muted small">
          No passage could be pinned down for this answer.
        </p>
      ) : null}
      {runId !== undefined && shown ? (
        <SourcePage
          documentId={document.id}
          runId={runId}
          chunks={run?.chunks ?? []}
          shown={shown}
        />
      ) : null}
      <CellFoot cell={cell} run={run} />
    </SourceChooserContext.Provider>
  );
}

/** The state, the normalised answer, a differing mark, and the model's words when they differ. */
function CellAnswer(props: { question: ReviewQuestion; cell: ReviewCell | undefined }) {
  const { question, cell } = props;
  const answer = answerLine(cell);
  return (
    <>
      <div className="cell-answer">
        <span className={`rt-chip rt-chip-${cell?.status ?? 'queued'}`}>{chipLabel(cell)}</span>
        {answer !== '' ? (
          <strong className="cell-display">
            <OutsideText text={answer} />
          </strong>
        ) : null}
        {cell?.disagrees === true ? (
          <span className="rt-differs-note warn">
            ≠ differs from the expected <OutsideText text={question.expected ?? ''} />
          </span>
        ) : null}
      </div>
      {cell?.answer !== undefined && cell.answer !== answer ? (
        <p className="cell-words">
          <span className="muted small">The model’s words: </span>
          <OutsideText text={cell.answer} />
        </p>
      ) : null}
    </>
  );
}

function Passages(props: { evidence: Evidence[]; chooser: SourceChooser }) {
  return (
    <ol className="cell-passages evidence-list" aria-label="Where the answer came from">
      {props.evidence.map((e, i) => (
        <PassageItem
          key={`${e.start}-${e.end}`}
          passage={e}
          n={i + 1}
          press={passagePress(props.chooser, e, i + 1)}
        />
      ))}
    </ol>
  );
}

/** The cell's earlier readings (shown: they are few and say what a re-run replaced), then the run's memory timeline, folded. */
function CellFoot(props: { cell: ReviewCell | undefined; run: RunView | undefined }) {
  const { cell, run } = props;
  const history = cell?.history ?? [];
  const timeline = run !== undefined && run.memories.length > 0;
  if (history.length === 0 && !timeline) return null;
  return (
    <div className="cell-foot">
      {history.length > 0 ? (
        <section className="cell-history" aria-label="Earlier readings">
          <h3>Earlier readings</h3>
          <ol>
            {history.map((h) => (
              <li key={h.runId}>
                <span className={`rt-chip rt-chip-${h.status}`}>{STATUS_LABELS[h.status]}</span>{' '}
                {h.display !== undefined ? <OutsideText text={h.display} /> : null}
                {h.endedAt !== undefined ? (
                  <span className="muted small"> · {new Date(h.endedAt).toLocaleString()}</span>
                ) : null}
                {h.backend ? (
                  <span className="muted small">
                    {' '}
                    · <OutsideText text={h.backend.name} />
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {timeline ? (
        <details className="cell-timeline">
          <summary>Memory timeline ({run.memories.length} chunks read)</summary>
          <div className="cell-timeline-body">
            <TimelineView run={run} />
          </div>
        </details>
      ) : null}
    </div>
  );
}

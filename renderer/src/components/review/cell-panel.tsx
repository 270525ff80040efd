// A cell opened beside the table: the question, the answer (normalised, and the model's own
// words), the coverage behind it ("read all 42 chunks, pp. 1–300"), its passages with page and
// quote, the original page with the chosen passage highlighted, the run's memory timeline, and
// the cell's earlier readings; Re-run and Open in the reader.
import { useEffect, useState, type ReactNode } from 'react';
import type { Evidence } from '../../../../shared/model.ts';
import type { ReviewCell, ReviewDocument, ReviewQuestion } from '../../../../shared/review.ts';
import { coverageLabel, STATUS_LABELS } from '../../../../shared/review-text.ts';
import { evidenceWhere } from '../../lib/chunk-evidence.ts';
import { answerLine, chipLabel, partlyRead } from '../../lib/review-cell-words.ts';
import { cellAt } from '../../../../shared/review-cells.ts';
import { askRerun, closePanel, useReviewStore } from '../../stores/review-store.ts';
import { loadRunDetail, useRunsStore } from '../../stores/runs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { QuotedBadge } from '../answer/quoted-badge.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { TimelineView } from '../timeline/timeline-view.tsx';
import { CellPage, type CellPassage } from './cell-page.tsx';

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
          <h2>
            <OutsideText text={question.text} />
          </h2>
          <button type="button" className="ghost" onClick={closePanel} aria-label="Close the cell">
            ✕
          </button>
        </div>
        <p className="muted small">
          <OutsideText text={document.title} />
        </p>
      </CellBody>
    </aside>
  );
}

/**
 * The words of the cell above (they scroll), the original page below (it keeps its room): the
 * page view brings its highlight into view, which must not scroll the answer out of sight.
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
  const [chosen, setChosen] = useState<number>(0);
  useEffect(() => setChosen(0), [runId]);
  const shown = evidence[chosen] ?? evidence[0];
  const passage: CellPassage | null = shown
    ? { start: shown.start, end: shown.end, where: evidenceWhere(shown) }
    : null;
  const answer = answerLine(cell);
  return (
    <>
      <div className="cell-info">
        {props.children}
        <div className="cell-answer">
          <span className={`rt-chip rt-chip-${status ?? 'queued'}`}>{chipLabel(cell)}</span>
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
        {cell ? (
          <p
            className={`cell-coverage small${partlyRead(cell) ? ' warn' : ' muted'}`}
            data-testid="cell-coverage"
          >
            {partlyRead(cell) ? '◐ Not read in full: ' : ''}
            {coverageLabel(cell.coverage)}
          </p>
        ) : null}
        {cell?.error ? (
          <p className="warn" role="note">
            <OutsideText text={cell.error} />
          </p>
        ) : null}
        <div className="cell-actions">
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
            Re-run cell…
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
        </div>
        {evidence.length > 0 ? (
          <Passages evidence={evidence} chosen={chosen} choose={setChosen} />
        ) : cell && (status === 'answered' || status === 'cut') && run ? (
          <p className="muted small">No passage could be pinned down for this answer.</p>
        ) : null}
        {run && run.memories.length > 0 ? (
          <details className="cell-timeline">
            <summary>Memory timeline ({run.memories.length} chunks read)</summary>
            <TimelineView run={run} />
          </details>
        ) : null}
        {cell && cell.history.length > 0 ? (
          <section className="cell-history" aria-label="Earlier readings">
            <h3>Earlier readings</h3>
            <ol>
              {cell.history.map((h) => (
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
      </div>
      {runId !== undefined && passage ? (
        <CellPage
          documentId={document.id}
          runId={runId}
          chunks={run?.chunks ?? []}
          passage={passage}
        />
      ) : null}
    </>
  );
}

function Passages(props: { evidence: Evidence[]; chosen: number; choose: (i: number) => void }) {
  return (
    <ol className="cell-passages" aria-label="Where the answer came from">
      {props.evidence.map((e, i) => (
        <li key={`${e.start}-${e.end}`}>
          <button
            type="button"
            className={`passage${i === props.chosen ? ' chosen' : ''}`}
            aria-pressed={i === props.chosen}
            onClick={() => props.choose(i)}
          >
            <q className="passage-quote">
              <OutsideText text={e.quote} />
            </q>
            <span className="passage-where muted small">
              <OutsideText text={evidenceWhere(e)} />
            </span>
          </button>
          <QuotedBadge by={e.by} />
        </li>
      ))}
    </ol>
  );
}

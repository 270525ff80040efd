// One cell of the review table: the normalised answer, its state chip, a mark when its run did
// not read the whole document and a ≠ when it differs from the expected value. It subscribes to
// its own cell only, so a push re-renders the cells that changed and nothing else; its words are
// formatted once per cell object (cellWords), not on every draw.
import { memo, useMemo } from 'react';
import type { ReviewDocument, ReviewQuestion } from '../../../../shared/review.ts';
import { cellAt } from '../../../../shared/review-cells.ts';
import { cellSpoken, cellWords } from '../../lib/review-cell-words.ts';
import { openPanel, useReviewStore } from '../../stores/review-store.ts';
import { outsideAttr, OutsideText } from '../common/outside-text.tsx';

export const GridCell = memo(function GridCell(props: {
  id: string;
  document: ReviewDocument;
  question: ReviewQuestion;
  colIndex: number;
  left: number;
  width: number;
  active: boolean;
  opened: boolean;
}) {
  const { document, question } = props;
  const cell = useReviewStore((s) => cellAt(s.cells, document.id, question.id));
  const words = cellWords(cell);
  const label = useMemo(
    () => outsideAttr(cellSpoken(document.title, question, cell)),
    [document.title, question, cell],
  );
  const status = cell?.status ?? 'queued';
  const differs = cell?.disagrees === true;
  return (
    <div
      id={props.id}
      role="gridcell"
      aria-colindex={props.colIndex + 2}
      aria-selected={props.active}
      aria-label={label}
      className={`rt-cell rt-${status}${props.active ? ' rt-active' : ''}${props.opened ? ' rt-opened' : ''}`}
      style={{ left: props.left, width: props.width }}
      onClick={() => openPanel({ documentId: document.id, questionId: question.id })}
    >
      {/* Every part is always mounted and only shown or hidden (`hidden`): a push that turns a
          reading cell into an answered one, or a mark on or off, then changes attributes and
          text, not nodes, which costs the frame far less than mounting and removing them. */}
      <span className="rt-answer" hidden={words.answer === ''}>
        <OutsideText text={words.answer} />
      </span>
      <span className="rt-marks">
        <span className={`rt-chip rt-chip-${status}`}>{words.chip}</span>
        <span
          className="rt-differs"
          hidden={!differs}
          title={`Differs from the expected ${question.expected ?? ''}`}
          aria-hidden="true"
        >
          ≠
        </span>
        <span
          className="rt-partial"
          hidden={!words.partial}
          title={words.partial ? words.coverage : undefined}
          aria-hidden="true"
        >
          {words.partialMark}
        </span>
      </span>
    </div>
  );
});

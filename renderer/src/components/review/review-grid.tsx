// The review table: documents down and questions across (or transposed), virtualised both ways
// so 50 × 20 and far more stay quick, with the header row and the first column frozen. One
// focusable grid: the arrow keys move the active cell (aria-activedescendant), Enter opens it
// beside the table, R reads it again (after a yes), Ctrl/Cmd+C copies its answer.
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { cellAt } from '../../../../shared/review-cells.ts';
import type { ColumnSummaries } from '../../lib/column-summaries.ts';
import { cellCopyText } from '../../lib/review-cell-words.ts';
import { askRerun, openPanel, say, setActive, useReviewStore } from '../../stores/review-store.ts';
import { outsideAttr } from '../common/outside-text.tsx';
import { AxisHeader } from './axis-header.tsx';
import { GridBody } from './grid-body.tsx';
import { cellDomId, documentOf, placeOf, questionOf, type AxisItem } from './grid-axes.ts';

const COLUMN_WIDTH = 190;
const FIRST_WIDTH = 220;
const ROW_HEIGHT = 54;
const WRAPPED_HEIGHT = 96;
const HEAD_HEIGHT = 96;

export const ReviewGrid = memo(function ReviewGrid(props: {
  rows: AxisItem[];
  cols: AxisItem[];
  summaries: ColumnSummaries;
  label: string;
}) {
  const { rows, cols, summaries } = props;
  const scroller = useRef<HTMLDivElement>(null);
  const widths = useReviewStore((s) => s.widths);
  const wrap = useReviewStore((s) => s.wrap);
  const active = useReviewStore((s) => s.active);
  const panel = useReviewStore((s) => s.panel);
  const widthOf = (item: AxisItem | undefined) =>
    item === undefined ? COLUMN_WIDTH : (widths[item.id] ?? COLUMN_WIDTH);
  const firstWidth = widths['__first'] ?? FIRST_WIDTH;
  const rowHeight = wrap ? WRAPPED_HEIGHT : ROW_HEIGHT;
  // Question rows (transposed) carry their summary: they need the header's height.
  const rowSize = rows[0]?.kind === 'question' ? Math.max(rowHeight, HEAD_HEIGHT) : rowHeight;

  const rowV = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowSize,
    overscan: 6,
    scrollPaddingStart: HEAD_HEIGHT,
  });
  const colV = useVirtualizer({
    horizontal: true,
    count: cols.length,
    getScrollElement: () => scroller.current,
    estimateSize: (i) => widthOf(cols[i]),
    overscan: 2,
    scrollPaddingStart: firstWidth,
  });
  useEffect(() => rowV.measure(), [rowSize, rowV]);
  useEffect(() => colV.measure(), [widths, cols, colV]);

  const at = useMemo(() => {
    if (!active) return null;
    const r = rows.findIndex((x) =>
      x.kind === 'document' ? x.id === active.documentId : x.id === active.questionId,
    );
    const c = cols.findIndex((x) =>
      x.kind === 'document' ? x.id === active.documentId : x.id === active.questionId,
    );
    return r < 0 || c < 0 ? null : { r, c };
  }, [active, rows, cols]);

  const move = (r: number, c: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, r))];
    const col = cols[Math.max(0, Math.min(cols.length - 1, c))];
    if (!row || !col) return;
    const place = placeOf(row, col);
    setActive(place);
    rowV.scrollToIndex(rows.indexOf(row), { align: 'auto' });
    colV.scrollToIndex(cols.indexOf(col), { align: 'auto' });
    // An open panel follows the keyboard.
    if (useReviewStore.getState().panel !== null) openPanel(place);
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget) return;
    const here = at ?? { r: 0, c: 0 };
    const row = rows[here.r];
    const col = cols[here.c];
    const step: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
      PageUp: [-10, 0],
      PageDown: [10, 0],
    };
    const delta = step[e.key];
    if (delta) {
      e.preventDefault();
      move(here.r + delta[0], here.c + delta[1]);
      return;
    }
    if (e.key === 'Home' || e.key === 'End') {
      e.preventDefault();
      const edge = e.key === 'Home' ? 0 : Number.MAX_SAFE_INTEGER;
      move(e.ctrlKey || e.metaKey ? edge : here.r, edge);
      return;
    }
    if (!row || !col) return;
    const place = placeOf(row, col);
    if (e.key === 'Enter') {
      e.preventDefault();
      openPanel(place);
    } else if ((e.key === 'r' || e.key === 'R') && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      const q = questionOf(row, col);
      const d = documentOf(row, col);
      askRerun(place, `the cell “${q.text}” of “${d.title}”`, 1);
    } else if ((e.key === 'c' || e.key === 'C') && (e.ctrlKey || e.metaKey) && !e.shiftKey) {
      e.preventDefault();
      const cell = cellAt(useReviewStore.getState().cells, place.documentId, place.questionId);
      const text = cellCopyText(cell);
      if (text === '') say('This cell has no answer to copy.');
      else
        void navigator.clipboard.writeText(text).then(
          () => say('Copied the answer and its page.'),
          () => say('The answer could not be copied.'),
        );
    }
  };

  const rowItems = rowV.getVirtualItems();
  const colItems = colV.getVirtualItems();
  const totalWidth = firstWidth + colV.getTotalSize();
  const firstLabel = rows[0]?.kind === 'question' ? 'Question' : 'Document';
  return (
    <div
      ref={scroller}
      className={`rt-scroll${wrap ? ' rt-wrap' : ''}`}
      role="grid"
      aria-label={outsideAttr(props.label)}
      aria-rowcount={rows.length + 1}
      aria-colcount={cols.length + 1}
      aria-activedescendant={at ? cellDomId(at.r, at.c) : undefined}
      tabIndex={0}
      onKeyDown={onKey}
    >
      <div role="rowgroup" className="rt-head" style={{ width: totalWidth, height: HEAD_HEIGHT }}>
        <div role="row" aria-rowindex={1} className="rt-row" style={{ height: HEAD_HEIGHT }}>
          <div
            role="columnheader"
            aria-colindex={1}
            className="rt-corner"
            style={{ width: firstWidth }}
          >
            {firstLabel}
          </div>
          {colItems.map((v) => {
            const item = cols[v.index]!;
            return (
              <div
                key={item.id}
                role="columnheader"
                aria-colindex={v.index + 2}
                aria-sort={sortOf(item)}
                className="rt-colhead"
                style={{ left: firstWidth + v.start, width: v.size }}
              >
                <AxisHeader
                  item={item}
                  summary={summaries.get(item.id)}
                  across={rows.length}
                  place="column"
                  width={v.size}
                />
              </div>
            );
          })}
        </div>
      </div>
      <GridBody
        rows={rows}
        cols={cols}
        rowItems={rowItems}
        colItems={colItems}
        rowSummaries={rows[0]?.kind === 'question' ? summaries : null}
        at={at}
        panel={panel}
        firstWidth={firstWidth}
        totalWidth={totalWidth}
        height={rowV.getTotalSize()}
      />
      {rows.length === 0 ? (
        <p className="rt-none muted" role="status">
          No document matches the filters.
        </p>
      ) : null}
    </div>
  );
});

function sortOf(item: AxisItem): 'ascending' | 'descending' | undefined {
  const sort = useReviewStore.getState().sort;
  if (item.kind !== 'question' || sort?.questionId !== item.id) return undefined;
  return sort.direction === 'asc' ? 'ascending' : 'descending';
}

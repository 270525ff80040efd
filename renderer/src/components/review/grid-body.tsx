// The review table's body: the rows in view, each its header and its cells in view. Memoised
// apart from the grid: a push changes the column summaries, which re-renders the grid's header
// row, but the body's props stay the same (the virtualisers keep their item arrays), so its
// cells are not even compared. Row headers take summaries only when the rows are questions.
import { memo } from 'react';
import type { VirtualItem } from '@tanstack/react-virtual';
import type { ColumnSummaries } from '../../lib/column-summaries.ts';
import type { CellPlace } from '../../stores/review-store.ts';
import { AxisHeader } from './axis-header.tsx';
import { cellDomId, documentOf, placeOf, questionOf, type AxisItem } from './grid-axes.ts';
import { GridCell } from './grid-cell.tsx';

export const GridBody = memo(function GridBody(props: {
  rows: AxisItem[];
  cols: AxisItem[];
  rowItems: VirtualItem[];
  colItems: VirtualItem[];
  /** The summaries of the rows, when they are questions (transposed); null otherwise. */
  rowSummaries: ColumnSummaries | null;
  at: { r: number; c: number } | null;
  panel: CellPlace | null;
  firstWidth: number;
  totalWidth: number;
  height: number;
}) {
  const { rows, cols, rowItems, colItems, at, panel, firstWidth, totalWidth } = props;
  return (
    <div role="rowgroup" className="rt-body" style={{ width: totalWidth, height: props.height }}>
      {rowItems.map((rv) => {
        const row = rows[rv.index]!;
        return (
          <div
            key={row.id}
            role="row"
            aria-rowindex={rv.index + 2}
            className="rt-row"
            style={{ transform: `translateY(${rv.start}px)`, height: rv.size, width: totalWidth }}
          >
            <div
              role="rowheader"
              aria-colindex={1}
              className="rt-rowhead"
              style={{ width: firstWidth }}
            >
              <AxisHeader
                item={row}
                summary={props.rowSummaries?.get(row.id)}
                across={cols.length}
                place="row"
              />
            </div>
            {colItems.map((cv) => {
              const col = cols[cv.index]!;
              const place = placeOf(row, col);
              const isActive = at !== null && at.r === rv.index && at.c === cv.index;
              const opened =
                panel !== null &&
                panel.documentId === place.documentId &&
                panel.questionId === place.questionId;
              return (
                <GridCell
                  key={col.id}
                  id={cellDomId(rv.index, cv.index)}
                  document={documentOf(row, col)}
                  question={questionOf(row, col)}
                  colIndex={cv.index}
                  left={firstWidth + cv.start}
                  width={cv.size}
                  active={isActive}
                  opened={opened}
                />
              );
            })}
          </div>
        );
      })}
    </div>
  );
});

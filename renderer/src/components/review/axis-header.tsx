// The header of a row or a column of the review table: the question (its expected value and
// its summary: the count of each answer, the outliers) or the document, with a menu to sort by
// it, filter it and read it again, and, across the top, a handle to resize its column.
import { rowName } from '../../../../shared/review-document-labels.ts';
import { memo, useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { ReviewDocument } from '../../../../shared/review.ts';
import type { ColumnSummary } from '../../../../shared/review-summary.ts';
import { plural } from '../../../../shared/plural.ts';
import {
  askRerun,
  setFilter,
  setSort,
  setWidth,
  useReviewStore,
} from '../../stores/review-store.ts';
import { outsideAttr, OutsideText } from '../common/outside-text.tsx';
import type { AxisItem } from './grid-axes.ts';

// Memoised: a push re-renders the grid, and a header whose summary did not change (the same
// object, column-summaries.ts) is skipped.
export const AxisHeader = memo(function AxisHeader(props: {
  item: AxisItem;
  summary: ColumnSummary | undefined;
  /** The other axis's length: the cells a re-read of this one makes. */
  across: number;
  place: 'column' | 'row';
  width?: number;
}) {
  const { item, summary } = props;
  const sort = useReviewStore((s) => s.sort);
  const label = item.kind === 'question' ? item.question.text : rowName(item.document);
  const sorted = item.kind === 'question' && sort?.questionId === item.id ? sort.direction : null;
  return (
    <div className={`rt-head-inner rt-head-${item.kind}`}>
      <div className="rt-head-top">
        <span className="rt-head-label" title={outsideAttr(label)}>
          <OutsideText text={label} />
        </span>
        {sorted ? (
          <span
            className="rt-sorted"
            aria-label={sorted === 'asc' ? 'sorted A to Z' : 'sorted Z to A'}
          >
            {sorted === 'asc' ? '▲' : '▼'}
          </span>
        ) : null}
        <HeaderMenu item={item} label={label} across={props.across} summary={summary} />
      </div>
      {item.kind === 'question' && item.question.expected !== undefined ? (
        <span className="rt-expected muted small">
          expected <OutsideText text={item.question.expected} />
        </span>
      ) : null}
      {item.kind === 'document' ? <DocumentLine document={item.document} /> : null}
      {summary ? <SummaryLine summary={summary} /> : null}
      {props.place === 'column' && props.width !== undefined ? (
        <ResizeHandle id={item.id} label={label} width={props.width} />
      ) : null}
    </div>
  );
});

/**
 * The file name (when the title does not say it: four files may share a title) and the pages,
 * on one line under the title.
 */
function DocumentLine({ document }: { document: ReviewDocument }) {
  const file = document.path?.split(/[\\/]/).pop();
  const parts = [
    ...(file !== undefined && !file.startsWith(document.title) ? [file] : []),
    ...(document.pageCount !== undefined ? [plural(document.pageCount, 'page')] : []),
  ];
  if (parts.length === 0) return null;
  const line = parts.join(' · ');
  return (
    <span className="rt-doc-line muted small" title={outsideAttr(line)}>
      <OutsideText text={line} />
    </span>
  );
}

/** "Yes 30 · No 12 · Not stated 8", each a filter; the outliers and partly read cells. */
function SummaryLine({ summary }: { summary: ColumnSummary }) {
  const questionId = summary.question.id;
  const shown = summary.counts.slice(0, 3);
  const more = summary.counts.length - shown.length;
  return (
    <span className="rt-summary small" aria-label="Answers in this column">
      {shown.map((c) => (
        <button
          key={c.key}
          type="button"
          className={`link rt-count${c.state ? ' muted' : ''}`}
          title={`Show the documents whose answer is “${c.label}”`}
          onClick={() => setFilter({ questionId, answer: c.key })}
        >
          <OutsideText text={c.label} /> {c.count}
        </button>
      ))}
      {more > 0 ? <span className="muted">+{more}</span> : null}
      {summary.outliers.length > 0 ? (
        <span
          className="rt-outliers"
          title={summary.outliers.map((o) => `${o.document.title}: ${o.label}`).join('\n')}
        >
          {plural(summary.outliers.length, 'outlier')}
        </span>
      ) : null}
    </span>
  );
}

function HeaderMenu(props: {
  item: AxisItem;
  label: string;
  across: number;
  summary: ColumnSummary | undefined;
}) {
  const { item, label } = props;
  const menu = useRef<HTMLDetailsElement>(null);
  const close = () => menu.current?.removeAttribute('open');
  const what = item.kind === 'question' ? `the question “${label}”` : `the document “${label}”`;
  const target = item.kind === 'question' ? { questionId: item.id } : { documentId: item.id };
  return (
    <details className="rt-menu" ref={menu}>
      <summary aria-label={outsideAttr(`Menu of ${what}`)} title="Sort, filter, read again">
        ⋯
      </summary>
      <div className="rt-menu-items" role="menu">
        {item.kind === 'question' ? (
          <>
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setSort({ questionId: item.id, direction: 'asc' });
                close();
              }}
            >
              Sort by this answer, A to Z
            </button>
            <button
              type="button"
              role="menuitem"
              onClick={() => {
                setSort({ questionId: item.id, direction: 'desc' });
                close();
              }}
            >
              Sort by this answer, Z to A
            </button>
            {item.question.expected !== undefined ? (
              <button
                type="button"
                role="menuitem"
                onClick={() => {
                  setFilter({ questionId: item.id, disagrees: true });
                  close();
                }}
              >
                Show the documents that differ from “{item.question.expected}”
              </button>
            ) : null}
          </>
        ) : (
          <button
            type="button"
            role="menuitem"
            onClick={() => {
              setFilter({ text: item.document.title });
              close();
            }}
          >
            Show only this document
          </button>
        )}
        <button
          type="button"
          role="menuitem"
          onClick={() => {
            askRerun(target, what, props.across);
            close();
          }}
        >
          Read {item.kind === 'question' ? 'this question' : 'this document'} again…
        </button>
      </div>
    </details>
  );
}

/** Drag (or arrow keys) to set a column's width. */
function ResizeHandle(props: { id: string; label: string; width: number }) {
  const start = useRef<{ x: number; width: number } | null>(null);
  const onDown = (e: PointerEvent<HTMLDivElement>) => {
    start.current = { x: e.clientX, width: props.width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onMove = (e: PointerEvent<HTMLDivElement>) => {
    if (start.current) setWidth(props.id, start.current.width + e.clientX - start.current.x);
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      e.preventDefault();
      e.stopPropagation();
      setWidth(props.id, props.width + (e.key === 'ArrowRight' ? 20 : -20));
    }
  };
  return (
    <div
      className="rt-resize"
      role="separator"
      aria-orientation="vertical"
      aria-valuenow={props.width}
      aria-label={outsideAttr(`Width of the column “${props.label}”`)}
      tabIndex={0}
      onPointerDown={onDown}
      onPointerMove={onMove}
      onPointerUp={() => (start.current = null)}
      onKeyDown={onKey}
    />
  );
}

// The table's filters and layout: documents by title, by an answer or a state (in one question
// or any), only those that differ from an expected value; transpose and wrapping. In a small
// window the filters past the title fold behind "Filters" (open while one of them is set), so the
// table starts high.
import { memo, useState } from 'react';
import { CELL_STATUSES, type ReviewQuestion } from '../../../../shared/review.ts';
import type { ColumnSummary } from '../../../../shared/review-summary.ts';
import { STATUS_LABELS } from '../../../../shared/review-text.ts';
import { isFiltered } from '../../lib/review-view.ts';
import {
  clearFilter,
  setFilter,
  setSort,
  toggleTranspose,
  toggleWrap,
  useReviewStore,
} from '../../stores/review-store.ts';
import { outsideAttr } from '../common/outside-text.tsx';

/** From this width on the filters show unfolded at first. */
const WIDE = '(min-width: 75rem)';

// Memoised: the table re-renders on every push (its counts), the filters only when the
// summaries (the answers offered) or the rows shown change.
export const ReviewFilters = memo(function ReviewFilters(props: {
  questions: ReviewQuestion[];
  summaries: ReadonlyMap<string, ColumnSummary>;
  shown: number;
  total: number;
}) {
  const filter = useReviewStore((s) => s.filter);
  const sort = useReviewStore((s) => s.sort);
  const transpose = useReviewStore((s) => s.transpose);
  const wrap = useReviewStore((s) => s.wrap);
  // The answers offered: those of the chosen question, or of every question.
  const answers = new Map<string, string>();
  for (const [id, summary] of props.summaries) {
    if (filter.questionId !== null && id !== filter.questionId) continue;
    for (const c of summary.counts) if (!c.state) answers.set(c.key, c.label);
  }
  const anyExpected = props.questions.some((q) => q.expected !== undefined);
  const set = [
    filter.questionId !== null,
    filter.answer !== null || filter.status !== null,
    filter.disagrees,
  ].filter(Boolean).length;
  const [open, setOpen] = useState(() => set > 0 || window.matchMedia(WIDE).matches);
  return (
    <div className="rt-filters" role="search" aria-label="Filter the table">
      <input
        type="search"
        placeholder="Document title"
        aria-label="Show documents whose title has"
        value={filter.text}
        onChange={(e) => setFilter({ text: e.target.value })}
      />
      <button
        type="button"
        className="ghost rt-more-filters"
        aria-expanded={open}
        aria-controls="rt-more-filters"
        onClick={() => setOpen(!open)}
      >
        {/* Folded, it still says how many are set: rows hidden by a filter out of view. */}
        Filters{set > 0 ? ` (${set} set)` : ''} {open ? '▴' : '▾'}
      </button>
      <span id="rt-more-filters" className="rt-more" hidden={!open}>
        <select
          aria-label="Question the filters look at"
          value={filter.questionId ?? ''}
          onChange={(e) => setFilter({ questionId: e.target.value || null, answer: null })}
        >
          <option value="">Any question</option>
          {props.questions.map((q) => (
            <option key={q.id} value={q.id}>
              {outsideAttr(q.text.length > 60 ? `${q.text.slice(0, 59)}…` : q.text)}
            </option>
          ))}
        </select>
        <select
          aria-label="Answer to show"
          value={filter.answer?.startsWith('=') ? filter.answer : ''}
          onChange={(e) => setFilter({ answer: e.target.value || null })}
        >
          <option value="">Any answer</option>
          {[...answers].map(([key, label]) => (
            <option key={key} value={key}>
              {outsideAttr(label)}
            </option>
          ))}
        </select>
        <select
          aria-label="Cell state to show"
          value={filter.status ?? (filter.answer?.startsWith('#') ? filter.answer.slice(1) : '')}
          onChange={(e) => {
            const status = (e.target.value || null) as typeof filter.status;
            setFilter({
              status,
              answer: filter.answer?.startsWith('#') ? null : filter.answer,
            });
          }}
        >
          <option value="">Any state</option>
          {CELL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
        {anyExpected ? (
          <label className="inline">
            <input
              type="checkbox"
              checked={filter.disagrees}
              onChange={(e) => setFilter({ disagrees: e.target.checked })}
            />
            Differs from expected
          </label>
        ) : null}
      </span>
      {isFiltered(filter) ? (
        <button type="button" className="ghost" onClick={clearFilter}>
          Clear filters
        </button>
      ) : null}
      {sort ? (
        <button type="button" className="ghost" onClick={() => setSort(null)}>
          Review order
        </button>
      ) : null}
      <span className="muted small" role="status" aria-live="polite">
        {props.shown === props.total
          ? `${props.total} documents`
          : `${props.shown} of ${props.total} documents`}
      </span>
      <span className="rt-layout">
        <label className="inline">
          <input type="checkbox" checked={transpose} onChange={toggleTranspose} />
          Questions down
        </label>
        <label className="inline">
          <input type="checkbox" checked={wrap} onChange={toggleWrap} />
          Wrap answers
        </label>
      </span>
    </div>
  );
});

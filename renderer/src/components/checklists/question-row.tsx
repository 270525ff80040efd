// One question of the checklist editor: its text, kind, guidance and expected value, and the
// buttons that move and remove it (Alt+↑ / Alt+↓ move it from the keyboard; its grip drags it).
import { ANSWER_KINDS, ANSWER_KIND_LABELS } from '../../../../shared/checklist.ts';
import type { ReviewQuestion } from '../../../../shared/review.ts';
import type { RowDrag } from './use-question-order.ts';

export function QuestionRow(props: {
  question: ReviewQuestion;
  index: number;
  count: number;
  onChange: (question: ReviewQuestion) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  /** Dragging the row by its grip (use-question-order.ts). */
  drag?: RowDrag;
}) {
  const { question: q, index, count } = props;
  const n = index + 1;
  const set = (patch: Partial<ReviewQuestion>) => {
    const next: ReviewQuestion = { ...q, ...patch };
    // An emptied optional field is none.
    if (next.guidance === '') delete next.guidance;
    if (next.expected === '') delete next.expected;
    props.onChange(next);
  };
  return (
    <li
      className={`question-row${props.drag?.state ? ` question-row-${props.drag.state}` : ''}`}
      aria-label={`Question ${n}`}
      {...props.drag?.row}
      onKeyDown={(e) => {
        if (!e.altKey) return;
        if (e.key === 'ArrowUp' && index > 0) {
          e.preventDefault();
          props.onMove(index - 1);
        } else if (e.key === 'ArrowDown' && index < count - 1) {
          e.preventDefault();
          props.onMove(index + 1);
        }
      }}
    >
      {/* The grip is for the mouse; the keyboard has the buttons and Alt+↑ / Alt+↓. */}
      <span
        className={`question-number${props.drag ? ' question-grip' : ''}`}
        aria-hidden="true"
        title={props.drag ? 'Drag to move (or Alt+↑ / Alt+↓)' : undefined}
        {...props.drag?.handle}
      >
        {props.drag ? <span className="grip-dots">⠿</span> : null}
        {n}
      </span>
      <div className="question-fields">
        <label className="question-text">
          <span className="visually-hidden">Question {n}</span>
          <input
            type="text"
            value={q.text}
            placeholder="e.g. Which law governs the agreement?"
            onChange={(e) => set({ text: e.target.value })}
          />
        </label>
        <label>
          Answer kind
          <select
            value={q.kind}
            onChange={(e) => set({ kind: e.target.value as ReviewQuestion['kind'] })}
          >
            {ANSWER_KINDS.map((k) => (
              <option key={k} value={k}>
                {ANSWER_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Expected value
          <input
            type="text"
            value={q.expected ?? ''}
            placeholder={index === 0 ? 'optional, e.g. England' : 'optional'}
            onChange={(e) => set({ expected: e.target.value })}
          />
        </label>
        <label className="question-guidance">
          Guidance
          <textarea
            rows={1}
            value={q.guidance ?? ''}
            placeholder={
              index === 0
                ? 'optional, e.g. Answer Not stated if the document does not say.'
                : 'optional'
            }
            onChange={(e) => set({ guidance: e.target.value })}
          />
        </label>
      </div>
      <div className="question-buttons">
        <button
          type="button"
          aria-label={`Move question ${n} up`}
          title="Move up (Alt+↑)"
          disabled={index === 0}
          onClick={() => props.onMove(index - 1)}
        >
          ↑
        </button>
        <button
          type="button"
          aria-label={`Move question ${n} down`}
          title="Move down (Alt+↓)"
          disabled={index === count - 1}
          onClick={() => props.onMove(index + 1)}
        >
          ↓
        </button>
        <button
          type="button"
          aria-label={`Remove question ${n}`}
          title="Remove"
          disabled={count === 1}
          onClick={props.onRemove}
        >
          ✕
        </button>
      </div>
    </li>
  );
}

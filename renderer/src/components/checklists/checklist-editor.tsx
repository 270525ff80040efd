// The checklist being edited: its name and questions in order, saved as a whole.
import { useRef } from 'react';
import type { ReviewQuestion } from '../../../../shared/review.ts';
import {
  changeDraft,
  exportChecklist,
  newQuestionId,
  saveDraft,
  type ChecklistDraft,
} from '../../stores/checklists-store.ts';
import { startNewReview } from '../../stores/review-setup-store.ts';
import { QuestionRow } from './question-row.tsx';
import { useQuestionOrder } from './use-question-order.ts';

export function ChecklistEditor(props: { draft: ChecklistDraft }) {
  const { draft } = props;
  const listRef = useRef<HTMLOListElement>(null);
  const questions = draft.questions;
  const setQuestions = (next: ReviewQuestion[]) => changeDraft({ questions: next });
  const filled = questions.filter((q) => q.text.trim() !== '').length;

  // The moved question keeps the keyboard: focus follows it to its new place.
  const focusMoved = (from: number, to: number) =>
    requestAnimationFrame(() => {
      const row = listRef.current?.children[to];
      const button = row?.querySelector<HTMLButtonElement>(
        to < from
          ? 'button[aria-label^="Move question"][aria-label$="up"]'
          : 'button[aria-label$="down"]',
      );
      (button && !button.disabled ? button : row?.querySelector('input'))?.focus();
    });
  const order = useQuestionOrder(questions, setQuestions, focusMoved);

  return (
    <form
      className="checklist-editor"
      aria-label="Checklist"
      onSubmit={(e) => {
        e.preventDefault();
        void saveDraft();
      }}
    >
      <label className="checklist-name">
        Name
        <input
          type="text"
          value={draft.name}
          required
          maxLength={200}
          onChange={(e) => changeDraft({ name: e.target.value })}
        />
      </label>
      <ol className="question-list" ref={listRef} aria-label="Questions">
        {questions.map((q, i) => (
          <QuestionRow
            key={q.id}
            question={q}
            index={i}
            count={questions.length}
            onChange={(next) => setQuestions(questions.map((x, j) => (j === i ? next : x)))}
            onMove={(to) => order.move(i, to)}
            drag={order.drag(i)}
            onRemove={() => setQuestions(questions.filter((_, j) => j !== i))}
          />
        ))}
      </ol>
      <p className="visually-hidden" role="status" aria-live="polite">
        {order.announcement}
      </p>
      <div className="editor-buttons">
        <button
          type="button"
          onClick={() => {
            setQuestions([...questions, { id: newQuestionId(questions), text: '', kind: 'text' }]);
            requestAnimationFrame(() =>
              listRef.current?.lastElementChild?.querySelector('input')?.focus(),
            );
          }}
        >
          Add question
        </button>
        <span className="spacer" />
        {draft.id !== undefined ? (
          <>
            <button type="button" onClick={() => void exportChecklist(draft.id ?? '', 'csv')}>
              Export CSV…
            </button>
            <button type="button" onClick={() => void exportChecklist(draft.id ?? '', 'json')}>
              Export JSON…
            </button>
          </>
        ) : null}
        <button type="submit" className={draft.dirty ? 'primary' : ''} disabled={filled === 0}>
          {draft.dirty ? 'Save checklist' : 'Saved'}
        </button>
        <button
          type="button"
          className={draft.dirty ? '' : 'primary'}
          disabled={draft.id === undefined || draft.dirty}
          title={draft.dirty ? 'Save the checklist first' : undefined}
          onClick={() => draft.id !== undefined && startNewReview({ checklistId: draft.id })}
        >
          New review with this checklist…
        </button>
      </div>
    </form>
  );
}

// "Add questions…" on a review: questions from a checklist of the library, or typed here (the
// checklist editor's question row: text, answer kind, expected value, guidance); what the new
// column's cells will take; then only those cells are read.
import { useMemo, useState } from 'react';
import { plural } from '../../../../shared/plural.ts';
import type { ReviewQuestion, ReviewSummary } from '../../../../shared/review.ts';
import { newQuestionId } from '../../stores/checklists-store.ts';
import type { ChecklistChoice } from '../../stores/review-setup-store.ts';
import { useReviewStore } from '../../stores/review-store.ts';
import { QuestionRow } from '../checklists/question-row.tsx';
import { useQuestionOrder } from '../checklists/use-question-order.ts';
import { Dialog } from '../common/dialog.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { ONE_READ_PER_QUESTION } from '../review-setup/review-estimate-note.tsx';
import { ChecklistSelect, useChecklistQuestions } from '../review-setup/checklist-choice.tsx';
import { AddFooter, useAddition } from './add-estimate.tsx';

export function AddQuestionsDialog(props: {
  review: ReviewSummary;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={props.open} title="Add questions" onClose={props.onClose}>
      {props.open ? <AddQuestions review={props.review} onClose={props.onClose} /> : null}
    </Dialog>
  );
}

const sameText = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

function AddQuestions(props: { review: ReviewSummary; onClose: () => void }) {
  const { review } = props;
  const existing = useReviewStore((s) => s.questions);
  const [source, setSource] = useState<'checklist' | 'typed'>('checklist');
  const [choice, setChoice] = useState<ChecklistChoice>(null);
  const checklist = useChecklistQuestions(choice);
  // Questions of the checklist left out, by their id in it; one the review asks already starts out.
  const [left, setLeft] = useState<Set<string> | null>(null);
  const [typed, setTyped] = useState<ReviewQuestion[]>(() => [
    { id: newQuestionId(existing), text: '', kind: 'text' },
  ]);

  const asked = (q: ReviewQuestion) => existing.some((e) => sameText(e.text, q.text));
  const leftOut = left ?? new Set((checklist?.questions ?? []).filter(asked).map((q) => q.id));
  const picked =
    source === 'checklist'
      ? (checklist?.questions ?? []).filter((q) => !leftOut.has(q.id))
      : typed.filter((q) => q.text.trim() !== '');
  // Each new question gets an id the review does not have (a checklist's "q1" may be taken).
  const questions = useMemo(() => {
    const taken: ReviewQuestion[] = [...existing];
    return picked.map((q) => {
      const id = taken.some((t) => t.id === q.id) ? newQuestionId(taken) : q.id;
      const next = { ...q, id, text: q.text.trim() };
      taken.push(next);
      return next;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by content: ids stay put
  }, [JSON.stringify(picked), existing]);
  const addition = useAddition(review, questions.length > 0 ? { questions } : null, props.onClose);
  const order = useQuestionOrder(typed, setTyped);

  return (
    <form
      className="add-dialog add-questions"
      aria-label="Add questions"
      onSubmit={(e) => {
        e.preventDefault();
        void addition.submit();
      }}
    >
      <div className="add-dialog-tabs" role="radiogroup" aria-label="Questions from">
        <label>
          <input
            type="radio"
            name="question-source"
            checked={source === 'checklist'}
            onChange={() => setSource('checklist')}
          />
          From a checklist
        </label>
        <label>
          <input
            type="radio"
            name="question-source"
            checked={source === 'typed'}
            onChange={() => setSource('typed')}
          />
          Type questions
        </label>
      </div>
      {source === 'checklist' ? (
        <div className="add-dialog-pane">
          <ChecklistSelect
            value={choice}
            onChange={(c) => {
              setChoice(c);
              setLeft(null);
            }}
          />
          {checklist ? (
            <ul
              className="document-choice add-question-list"
              aria-label="Questions of the checklist"
            >
              {checklist.questions.map((q) => (
                <li key={q.id}>
                  <label>
                    <input
                      type="checkbox"
                      checked={!leftOut.has(q.id)}
                      onChange={(e) => {
                        const next = new Set(leftOut);
                        if (e.target.checked) next.delete(q.id);
                        else next.add(q.id);
                        setLeft(next);
                      }}
                    />
                    <OutsideText text={q.text} />
                    {asked(q) ? <span className="muted small"> · the review asks this</span> : null}
                  </label>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">Choose a checklist, then the questions to add.</p>
          )}
        </div>
      ) : (
        <div className="add-dialog-pane">
          <ol className="question-list" aria-label="New questions">
            {typed.map((q, i) => (
              <QuestionRow
                key={q.id}
                question={q}
                index={i}
                count={typed.length}
                onChange={(next) => setTyped((list) => list.map((x, j) => (j === i ? next : x)))}
                onMove={(to) => order.move(i, to)}
                drag={order.drag(i)}
                onRemove={() => setTyped((list) => list.filter((_, j) => j !== i))}
              />
            ))}
          </ol>
          <p className="visually-hidden" role="status" aria-live="polite">
            {order.announcement}
          </p>
          <div>
            <button
              type="button"
              onClick={() =>
                setTyped((list) => [
                  ...list,
                  { id: newQuestionId([...existing, ...list]), text: '', kind: 'text' },
                ])
              }
            >
              Add another question
            </button>
          </div>
        </div>
      )}
      <AddFooter
        addition={addition}
        label={
          questions.length === 0 ? 'Add questions' : `Add ${plural(questions.length, 'question')}`
        }
        onClose={props.onClose}
      >
        <p className="muted small">{ONE_READ_PER_QUESTION}</p>
      </AddFooter>
    </form>
  );
}

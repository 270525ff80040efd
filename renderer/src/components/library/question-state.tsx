// A library row's questions: "3 questions · 1 reading", with a badge for the most pressing state.
import { plural } from '../../../../shared/plural.ts';
import type { DocumentRunCounts } from '../../../../shared/model.ts';

/** "3 questions · 1 reading · 1 paused · 1 failed · 1 no answer", or "No questions". */
export function questionStateText(c: DocumentRunCounts | undefined): string {
  if (!c || c.runs === 0) return 'No questions';
  const parts = [plural(c.questions, 'question')];
  // A paused question is waiting for the user, not being read: it says so.
  const active = c.reading - c.paused;
  if (active > 0) parts.push(`${active} reading`);
  if (c.paused > 0) parts.push(`${c.paused} paused`);
  if (c.failed > 0) parts.push(`${c.failed} failed`);
  if (c.reading === 0 && c.failed === 0 && c.done > 0) parts.push(`${c.done} answered`);
  // A run that ended without an answer is its own state, never counted as answered.
  if (c.noAnswer > 0) parts.push(`${c.noAnswer} no answer`);
  return parts.join(' · ');
}

export function QuestionState(props: { counts: DocumentRunCounts | undefined }) {
  const c = props.counts;
  const text = questionStateText(c);
  if (!c || c.runs === 0) return <span className="muted">{text}</span>;
  // One badge, the state that needs the user most: reading now, paused, failed, then answered.
  const badge =
    c.reading > c.paused
      ? { status: 'running', label: 'Reading' }
      : c.paused > 0
        ? { status: 'paused', label: 'Paused' }
        : c.failed > 0
          ? { status: 'error', label: 'Failed' }
          : c.done > 0
            ? { status: 'done', label: 'Answered' }
            : c.noAnswer > 0
              ? { status: 'no-answer', label: 'No answer' }
              : null;
  return (
    <span className="question-state">
      {badge ? (
        <span className={`badge status-${badge.status}`} aria-hidden="true">
          {badge.label}
        </span>
      ) : null}
      <span data-testid="question-state">{text}</span>
    </span>
  );
}

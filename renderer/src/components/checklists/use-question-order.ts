// Reordering a list of questions: by the rows' buttons and Alt+↑ / Alt+↓ (question-row.tsx) or by
// dragging a row's grip onto another row; every move is announced ("moved to position 2 of 5")
// for screen readers, whichever way it was made.
import { useState, type DragEvent, type HTMLAttributes } from 'react';
import type { ReviewQuestion } from '../../../../shared/review.ts';

/** The drag data type: only a question row's grip starts it (files dropped are not rows). */
const ROW = 'application/x-memagent-question-row';

export interface RowDrag {
  /** Spread on the row's grip. */
  handle: HTMLAttributes<HTMLElement>;
  /** Spread on the row. */
  row: HTMLAttributes<HTMLElement>;
  /** This row is being dragged, or where a row dropped on it would go. */
  state: 'dragging' | 'before' | 'after' | null;
}

export function useQuestionOrder(
  questions: readonly ReviewQuestion[],
  setQuestions: (next: ReviewQuestion[]) => void,
  onMoved?: (from: number, to: number) => void,
) {
  const [from, setFrom] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (at: number, to: number) => {
    if (at === to || to < 0 || to >= questions.length) return;
    const next = [...questions];
    const [moved] = next.splice(at, 1);
    if (!moved) return;
    next.splice(to, 0, moved);
    setQuestions(next);
    const text = moved.text.trim() === '' ? `Question ${at + 1}` : `“${moved.text.trim()}”`;
    setAnnouncement(`${text} moved to position ${to + 1} of ${next.length}.`);
    onMoved?.(at, to);
  };

  const end = () => {
    setFrom(null);
    setOver(null);
  };
  const ours = (e: DragEvent) => from !== null && e.dataTransfer.types.includes(ROW);

  const drag = (i: number): RowDrag => ({
    handle: {
      draggable: true,
      onDragStart: (e) => {
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData(ROW, String(i));
        const row = e.currentTarget.closest('li');
        if (row) e.dataTransfer.setDragImage(row, 16, 16);
        setFrom(i);
      },
      onDragEnd: end,
    },
    row: {
      onDragOver: (e) => {
        if (!ours(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = 'move';
        if (over !== i) setOver(i);
      },
      onDrop: (e) => {
        if (!ours(e) || from === null) return;
        e.preventDefault();
        // Dropped on a row, the dragged question takes that row's place.
        move(from, i);
        end();
      },
    },
    state:
      from === i
        ? 'dragging'
        : over === i && from !== null && from !== i
          ? from > i
            ? 'before'
            : 'after'
          : null,
  });

  return { move, drag, announcement };
}

// The Ask screen's questions column folded away for a view that needs its width (the memory
// comparison, the source beside the answer): the fold that follows the window, and the button
// that overrides it ("Hide the questions" / "Show the questions").
import { useLayoutEffect } from 'react';
import { ROOMY_WINDOW } from '../../lib/window-widths.ts';
import { useQuestionsFoldStore } from '../../stores/questions-fold-store.ts';
import { useMediaQuery } from '../common/use-media-query.ts';

/**
 * For a view that needs the width, while it is shown: in a window too narrow for the questions
 * and two columns beside them the questions fold away, as the view opens and again whenever the
 * window crosses that width; in a roomy one they come back. Before the first paint, so the
 * squeezed layout never flashes.
 */
export function useFoldQuestionsWhenNarrow(): void {
  const roomy = useMediaQuery(ROOMY_WINDOW);
  useLayoutEffect(() => useQuestionsFoldStore.getState().setFolded(!roomy), [roomy]);
}

export function QuestionsFoldButton(props: { title: string; className?: string }) {
  const folded = useQuestionsFoldStore((s) => s.folded);
  return (
    <button
      type="button"
      className={`ghost${props.className ? ` ${props.className}` : ''}`}
      aria-pressed={folded}
      onClick={() => useQuestionsFoldStore.getState().setFolded(!folded)}
      title={props.title}
    >
      {folded ? 'Show the questions' : 'Hide the questions'}
    </button>
  );
}

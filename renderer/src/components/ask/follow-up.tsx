// After an answer: ask the same question again, or a related one, from the Ask form's box.
import type { RunView } from '../../../../shared/run-view.ts';
import { prefillQuestion } from '../../stores/ask-prefill-store.ts';

export function FollowUp(props: { run: RunView }) {
  const { run } = props;
  return (
    <div className="follow-up" role="group" aria-label="Follow up">
      <button
        type="button"
        title="The same question with the same settings and backend, ready to Ask"
        onClick={() =>
          prefillQuestion({
            documentId: run.documentId,
            text: run.question,
            ...(run.settings ? { settings: run.settings } : {}),
            ...(run.profileId ? { profileId: run.profileId } : {}),
            selectText: false,
          })
        }
      >
        Ask again
      </button>
      <button
        type="button"
        title="This question in the box, selected, to edit into the next one"
        onClick={() =>
          prefillQuestion({ documentId: run.documentId, text: run.question, selectText: true })
        }
      >
        Ask a related question
      </button>
    </div>
  );
}

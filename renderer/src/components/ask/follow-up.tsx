// After an answer: ask the same question again, or a related one, from the Ask form's box.
import type { RunView } from '../../../../shared/run-view.ts';
import { prefillDraft, prefillFromRun } from '../../stores/ask-draft-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';

export function FollowUp(props: { run: RunView }) {
  const { run } = props;
  const defaults = useSettingsStore((s) => s.settings.defaults);
  return (
    <div className="follow-up" role="group" aria-label="Follow up">
      <button
        type="button"
        title="The same question with the same settings and backend, ready to Ask"
        onClick={() => prefillFromRun(run, defaults)}
      >
        Ask again
      </button>
      <button
        type="button"
        title="This question in the box, selected, to edit into the next one"
        onClick={() => prefillDraft(run.documentId, { question: run.question }, true)}
      >
        Ask a related question
      </button>
    </div>
  );
}

// The MemAgent paper shows untrained models losing much accuracy on long inputs: say so.
import { isMemAgentModel } from '../../../../shared/backends.ts';

export function GenericModelNote(props: { model: string | undefined }) {
  if (!props.model)
    return (
      <p className="muted small">
        No model is named: the server’s first model will be used (Test connection shows which).
      </p>
    );
  if (isMemAgentModel(props.model)) return null;
  return (
    <p className="note" role="note">
      “{props.model}” is not an RL-MemoryAgent model. MemAgent runs with any chat model, but the
      RL-trained RL-MemoryAgent-14B/7B keep their accuracy on long documents where generic models
      fall (95% against 46% in the paper at 512K tokens).
    </p>
  );
}

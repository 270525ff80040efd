// The MemAgent paper shows untrained models losing much accuracy on long inputs: say so.
import { genericModelWarning } from '../../../../shared/backends.ts';

export function GenericModelNote(props: { model: string | undefined }) {
  if (!props.model)
    return (
      <p className="muted small">
        No model is named: the server’s first model will be used (Test connection shows which).
      </p>
    );
  const warning = genericModelWarning(props.model);
  if (warning === null) return null;
  return (
    <p className="note" role="note">
      {warning}
    </p>
  );
}

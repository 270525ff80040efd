// The MemAgent paper shows untrained models losing much accuracy on long inputs: say so, in full
// where the model is chosen (Settings: a backend's model, the built-in model's file), and in one
// line everywhere after (a backend's card, the Ask form).
import { genericModelNote, genericModelWarning } from '../../../../shared/backends.ts';

/**
 * `needsModel`: the backend has no "first model" to fall back on (the form asks for one).
 * `full`: the whole warning, for the place the model is chosen; otherwise one line.
 */
export function GenericModelNote(props: {
  model: string | undefined;
  needsModel?: boolean;
  full?: boolean;
}) {
  if (!props.model && props.needsModel) return null;
  if (!props.model)
    return (
      <p className="muted small">
        No model is named: the server’s first model will be used (Test connection shows which).
      </p>
    );
  if (props.full) {
    const warning = genericModelWarning(props.model);
    return warning === null ? null : (
      <p className="note" role="note">
        {warning}
      </p>
    );
  }
  const note = genericModelNote(props.model);
  return note === null ? null : (
    <p className="muted small generic-model-line" role="note">
      {note}
    </p>
  );
}

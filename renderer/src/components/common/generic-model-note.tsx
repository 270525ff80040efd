// The MemAgent paper shows untrained models losing much accuracy on long inputs: say so.
import { genericModelWarning } from '../../../../shared/backends.ts';

/** `needsModel`: the backend has no "first model" to fall back on (the form asks for one). */
export function GenericModelNote(props: { model: string | undefined; needsModel?: boolean }) {
  if (!props.model && props.needsModel) return null;
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

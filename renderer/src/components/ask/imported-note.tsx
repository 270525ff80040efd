// Says a run was brought in from a session export, when, and whether the document it read is
// here: an export carries no document text, so until the file is opened only the passages it
// carried can be shown.
import type { RunView } from '../../../../shared/run-view.ts';
import { dateTime } from '../../lib/relative-time.ts';
import { useRunText } from '../../lib/run-text.ts';

export function ImportedNote(props: { run: RunView }) {
  const { run } = props;
  const { failed } = useRunText(run);
  const when = run.importedAt === undefined ? '' : ` on ${dateTime(run.importedAt)}`;
  return (
    <p className="note" role="note" data-testid="imported-note">
      Imported from a session export{when}; asked {dateTime(run.createdAt)}.
      {failed
        ? ' The document itself is not in the library (an export does not carry its text): the passages shown are those the export carried. Open the file to read them in place.'
        : null}
    </p>
  );
}

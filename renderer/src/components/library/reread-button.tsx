// "Re-read with OCR…" for a PDF, in the library's rows and the reader's toolbar. A PDF with no
// file behind it (its bytes were dropped from a browser or an archive) cannot be read again:
// the action shows disabled with the reason, where it would otherwise fail after the dialog.
import { useId } from 'react';
import type { DocumentInfo } from '../../../../shared/model.ts';
import { openRereadDialog } from '../../stores/reread-store.ts';

/** Why a document without a file cannot be re-read (the main process would refuse it). */
export const NO_FILE_TO_REREAD =
  'No file to read again: this PDF came without its file (dropped from a browser or an archive). Open the file with File › Open… to re-read it.';

export function RereadButton(props: {
  info: Pick<DocumentInfo, 'id' | 'path'>;
  /** Its accessible name, where the text alone says too little ("Re-read report.pdf with OCR…"). */
  name?: string;
  /** Shows the reason under the button (a menu has room for it; a table row does not). */
  showReason?: boolean;
}) {
  const reasonId = useId();
  const blocked = props.info.path === undefined;
  return (
    <>
      <button
        type="button"
        aria-label={props.name}
        aria-disabled={blocked || undefined}
        aria-describedby={blocked ? reasonId : undefined}
        title={blocked ? NO_FILE_TO_REREAD : undefined}
        onClick={() => {
          if (!blocked) openRereadDialog(props.info.id);
        }}
      >
        Re-read with OCR…
      </button>
      {blocked ? (
        <span id={reasonId} className={props.showReason ? 'muted small' : 'visually-hidden'}>
          {NO_FILE_TO_REREAD}
        </span>
      ) : null}
    </>
  );
}

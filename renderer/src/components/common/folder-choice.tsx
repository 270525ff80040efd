// "Add a folder…" for the New review form and a review's "Add documents…": the folder the user
// chose is shown with what it holds before anything is opened, and "Include subfolders" lists it
// again (main's `documents:list-folder`, the same core listing `memagent review --recursive`
// uses), so the counts follow the switch. The walk into subfolders happens only when asked, once
// per folder chosen (a home folder's tree is large); its answer is kept while the folder is shown.
import { useRef, useState, type RefObject } from 'react';
import type { AppError } from '../../../../shared/model.ts';
import type { ChosenFolder } from '../../../../shared/review-setup.ts';
import { plural } from '../../../../shared/plural.ts';
import {
  chooseFolder,
  folderNote,
  listFolder,
  NOTHING_PICKED,
  pickListed,
  type Picked,
} from '../../stores/document-picks.ts';

interface Shown {
  /** The folder alone, as chosen. */
  flat: ChosenFolder;
  /** With its subfolders, once listed. */
  deep?: ChosenFolder;
  recursive: boolean;
  /** The subfolders are being looked into. */
  listing: boolean;
  /** Why the subfolders could not be listed (too many documents, too deep...). */
  error: AppError | null;
}

export interface FolderChoice {
  /** Shows the folder dialog; the chosen folder waits in {@link FolderPreview}. */
  choose: () => Promise<void>;
  /** The "Add a folder…" button: the focus returns to it once the folder is taken or left. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  shown: Shown | null;
  setRecursive: (on: boolean) => void;
  /** Opens the listed documents and hands the pick to the form. */
  take: () => void;
  cancel: () => void;
}

/**
 * The state of one form's folder choice. `onPick` receives the documents opened from it (or the
 * dialog's failure, as `error`), as "Add files…" hands its pick over.
 */
export function useFolderChoice(onPick: (pick: Promise<Picked>) => void): FolderChoice {
  const [shown, setShown] = useState<Shown | null>(null);
  // The folder on screen: a late listing of a folder no longer shown is dropped.
  const current = useRef<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listedNow = (s: Shown) => (s.recursive ? s.deep : s.flat);
  const close = () => {
    current.current = null;
    setShown(null);
    buttonRef.current?.focus();
  };
  return {
    shown,
    buttonRef,
    async choose() {
      const chosen = await chooseFolder();
      if (!chosen.ok) return onPick(Promise.resolve({ ...NOTHING_PICKED, error: chosen.error }));
      if (chosen.value === null) return;
      current.current = chosen.value.folder;
      setShown({ flat: chosen.value, recursive: false, listing: false, error: null });
    },
    setRecursive(on) {
      if (shown === null) return;
      const { folder } = shown.flat;
      if (!on || shown.deep !== undefined) {
        setShown({ ...shown, recursive: on, listing: false, error: null });
        return;
      }
      setShown({ ...shown, recursive: true, listing: true, error: null });
      void listFolder(folder, true).then((listed) => {
        if (current.current !== folder) return;
        setShown((s) => {
          if (s === null) return s;
          if (listed.ok) return { ...s, deep: listed.value, listing: false };
          // The folder alone stays on offer; the switch goes back off with the reason beside it.
          return { ...s, recursive: false, listing: false, error: listed.error };
        });
      });
    },
    take() {
      if (shown === null || shown.listing) return;
      const listed = listedNow(shown);
      if (listed === undefined) return;
      close();
      onPick(pickListed(listed));
    },
    cancel: close,
  };
}

/** The chosen folder's counts, the "Include subfolders" switch, and Choose / Not this folder. */
export function FolderPreview(props: { choice: FolderChoice }) {
  const { shown, setRecursive, take, cancel } = props.choice;
  if (shown === null) return null;
  const listed = shown.recursive ? shown.deep : shown.flat;
  const name = shown.flat.folder.split(/[\\/]/).filter(Boolean).pop() ?? shown.flat.folder;
  const count = listed?.files.length ?? 0;
  return (
    <div className="folder-preview" role="group" aria-label={`Folder “${name}”`}>
      <p className="small" role="status">
        {shown.listing || listed === undefined
          ? `Looking into the subfolders of “${name}”…`
          : folderNote(listed, shown.recursive)}
      </p>
      {shown.error ? (
        <p className="error-text small" role="alert">
          {shown.error.message}
          {shown.error.hint ? ` ${shown.error.hint}` : ''}
        </p>
      ) : null}
      <div className="folder-preview-actions">
        <label>
          <input
            type="checkbox"
            checked={shown.recursive}
            disabled={shown.listing}
            onChange={(e) => setRecursive(e.target.checked)}
          />{' '}
          Include subfolders
        </label>
        <span className="spacer" />
        <button type="button" disabled={shown.listing || count === 0} onClick={take}>
          {count === 0 ? 'No documents to choose' : `Choose ${plural(count, 'document')}`}
        </button>
        {/* Not "Cancel": the dialog it may sit in has its own. */}
        <button type="button" onClick={cancel}>
          Not this folder
        </button>
      </div>
    </div>
  );
}

// Which file paths a window may hand back to main, and for what. A renderer is not trusted with
// paths: it may only use a path the user gave it (a file dialog's answer, or a file dropped on
// the window: electron/app/ipc-dispatch.ts createDropGrant) for the purpose the user gave it for, or a file its own export just saved. Everything is
// keyed by the window's sender id, so one window's choices are not another's.
import type { FilePurpose } from '../../../shared/api.ts';
import { CoreError } from '../errors.ts';

/** What a granted path may be used for; each call that takes a path from a window needs one. */
export type GrantPurpose =
  | 'open-document'
  | 'import-session'
  | 'add-ocr-language'
  | 'open-saved-export'
  | 'import-checklist'
  | 'list-folder';

/**
 * How long a grant lasts. `once`: until the call it allows succeeds (a failed open, e.g. a PDF
 * that needs its password, keeps it, so the same choice can be retried); a second open of the
 * same file needs a second choice. `window`: until the window closes (a saved export may be
 * opened and shown in its folder as often as the user clicks; a chosen folder may be listed again,
 * with or without its subfolders, as often as the user toggles). Every grant ends with its window.
 */
export const GRANT_LIFETIME: Record<GrantPurpose, 'once' | 'window'> = {
  'open-document': 'once',
  'import-session': 'once',
  'add-ocr-language': 'once',
  'open-saved-export': 'window',
  'import-checklist': 'once',
  'list-folder': 'window',
};

/**
 * The grant the answer of `documents:choose-path` gives, by the dialog's purpose. The `model`
 * dialog is not offered to windows: `models:add-file` shows it and keeps the path in main.
 */
export const DIALOG_GRANTS: Record<Exclude<FilePurpose, 'model'>, GrantPurpose> = {
  document: 'open-document',
  session: 'import-session',
  'ocr-language': 'add-ocr-language',
  checklist: 'import-checklist',
};

/** What a refusal says: "<lead>: <rule>." or "<lead>: it was chosen <other>, not <this>." */
const REFUSALS: Record<
  GrantPurpose,
  { lead: string; rule: string; hint: string; chosenTo: string }
> = {
  'open-document': {
    lead: 'The file was not opened',
    rule: 'only a file chosen in the app’s Open dialog or dropped on its window can be opened',
    hint: 'Choose it with File › Open….',
    chosenTo: 'to be opened as a document',
  },
  'import-session': {
    lead: 'The session was not imported',
    rule: 'only a file chosen in the app’s Import Session dialog can be imported',
    hint: 'Choose it with File › Import Session….',
    chosenTo: 'to be imported as a session',
  },
  'add-ocr-language': {
    lead: 'The language was not added',
    rule: 'only a file chosen with “Add language file…” can be added',
    hint: 'Choose it with “Add language file…” in Settings › OCR languages.',
    chosenTo: 'to be added as an OCR language',
  },
  'import-checklist': {
    lead: 'The checklist was not imported',
    rule: 'only a file chosen with “Import a checklist…” can be imported',
    hint: 'Choose it with “Import a checklist…” on the Checklists screen.',
    chosenTo: 'to be imported as a checklist',
  },
  'list-folder': {
    lead: 'The folder was not listed',
    rule: 'only a folder chosen with “Add a folder…” can be listed',
    hint: 'Choose it with “Add a folder…”.',
    chosenTo: 'as a folder of documents',
  },
  'open-saved-export': {
    lead: 'The file was not opened',
    rule: 'only a file this window just exported can be opened from here',
    hint: 'Export it again, then open it from the notice.',
    chosenTo: 'as an export',
  },
};

export interface PathGrants {
  /** Lets window `senderId` use `file` for `purpose` (the path exactly as main produced it). */
  grant(senderId: string, purpose: GrantPurpose, file: string): void;
  /**
   * Throws a `BadUsage` CoreError with one sentence unless `senderId` holds a grant of `file` for
   * `purpose`; a path granted for another purpose is named as such.
   */
  require(senderId: string, purpose: GrantPurpose, file: string): void;
  /** The call `require` allowed succeeded: a one-time grant ends (see {@link GRANT_LIFETIME}). */
  used(senderId: string, purpose: GrantPurpose, file: string): void;
  /** The window closed: all its grants end. */
  revoke(senderId: string): void;
}

/**
 * Grants held in memory for the life of the process. Paths are compared as given, not
 * normalised: `a/link/../b` may not be `a/b` on disk, so only the exact string main produced
 * is accepted.
 */
export function createPathGrants(): PathGrants {
  const bySender = new Map<string, Map<string, Set<GrantPurpose>>>();
  const purposesOf = (senderId: string, file: string) => bySender.get(senderId)?.get(file);
  return {
    grant(senderId, purpose, file) {
      const files = bySender.get(senderId) ?? new Map<string, Set<GrantPurpose>>();
      bySender.set(senderId, files);
      const purposes = files.get(file) ?? new Set<GrantPurpose>();
      files.set(file, purposes);
      purposes.add(purpose);
    },
    require(senderId, purpose, file) {
      const held = purposesOf(senderId, file);
      if (held?.has(purpose) === true) return;
      const { lead, rule, hint, chosenTo } = REFUSALS[purpose];
      const other = held === undefined ? undefined : [...held][0];
      const why =
        other === undefined ? rule : `it was chosen ${REFUSALS[other].chosenTo}, not ${chosenTo}`;
      throw new CoreError('BadUsage', `${lead}: ${why}.`, { hint });
    },
    used(senderId, purpose, file) {
      if (GRANT_LIFETIME[purpose] !== 'once') return;
      const files = bySender.get(senderId);
      const purposes = files?.get(file);
      if (files === undefined || purposes === undefined) return;
      purposes.delete(purpose);
      if (purposes.size === 0) files.delete(file);
      if (files.size === 0) bySender.delete(senderId);
    },
    revoke(senderId) {
      bySender.delete(senderId);
    },
  };
}

// The IPC adapters of choosing many documents at once (shared/api.ts `documents:choose-paths`,
// `documents:choose-folder`, `documents:list-folder`): the host shows the dialog, core lists a
// chosen folder's documents, and every path handed to the window gets the same one-time
// `open-document` grant a single `documents:choose-path` answer gets, so each is opened through
// the same `documents:open` check. A chosen folder stays granted to its window for listing only
// (with or without its subfolders, as the user toggles), so a window cannot list a folder it made
// up: the listing itself hands out paths to open.
import type { CallHandlers } from '../../../shared/api.ts';
import type { FilePurpose } from '../../../shared/api-payloads.ts';
import { listFolderDocuments } from '../documents/folder-documents.ts';
import { CoreError } from '../errors.ts';
import { asResult } from './invoke-call.ts';
import { DIALOG_GRANTS, type PathGrants } from './path-grants.ts';

type DocumentChoiceHandlers = Pick<
  CallHandlers,
  'documents:choose-paths' | 'documents:choose-folder' | 'documents:list-folder'
>;

export interface DocumentChoiceDeps {
  /** The open dialog with several files allowed; none when cancelled. */
  chooseFiles?: ((purpose: FilePurpose) => Promise<string[]>) | undefined;
  /** A folder dialog; null when cancelled. */
  chooseFolder?: (() => Promise<string | null>) | undefined;
  grants: PathGrants;
}

const unavailable = (what: string) =>
  new CoreError('Unsupported', `Choosing ${what} is not available here.`);

export function createDocumentChoiceHandlers(deps: DocumentChoiceDeps): DocumentChoiceHandlers {
  const grant = (senderId: string, files: readonly string[]) => {
    for (const file of files) deps.grants.grant(senderId, DIALOG_GRANTS.document, file);
  };
  return {
    'documents:choose-paths': (_request, ctx) =>
      asResult(async () => {
        if (!deps.chooseFiles) throw unavailable('files');
        const files = await deps.chooseFiles('document');
        grant(ctx.senderId, files);
        return files;
      }),
    'documents:choose-folder': (_request, ctx) =>
      asResult(async () => {
        if (!deps.chooseFolder) throw unavailable('a folder');
        const folder = await deps.chooseFolder();
        if (folder === null) return null;
        // Listed without its subfolders first: a home folder's whole tree is walked only if
        // the user asks for it ("Include subfolders").
        const listed = await listFolderDocuments(folder);
        deps.grants.grant(ctx.senderId, 'list-folder', folder);
        grant(ctx.senderId, listed.files);
        return listed;
      }),
    'documents:list-folder': ({ folder, recursive }, ctx) =>
      asResult(async () => {
        deps.grants.require(ctx.senderId, 'list-folder', folder);
        const listed = await listFolderDocuments(folder, { recursive });
        grant(ctx.senderId, listed.files);
        return listed;
      }),
  };
}

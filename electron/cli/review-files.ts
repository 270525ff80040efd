// `memagent review FILE...`: the FILE arguments as the review's documents. A folder stands for
// its documents, listed as the app's "Add a folder…" lists them (listFolderDocuments: its
// document files in name order, other kinds skipped and counted), so the command and the app
// agree on what a folder holds.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { plural } from '../../shared/plural.ts';
import { listFolderDocuments } from '../core/documents/folder-documents.ts';
import { CoreError } from '../core/errors.ts';

export interface ReviewFiles {
  /** The documents' paths, in the arguments' order, each folder's in name order; no repeats. */
  files: string[];
  /** Some argument was a folder (its documents may change between two runs of the command). */
  folders: boolean;
}

/**
 * Expands the FILE arguments (absolute paths): a folder becomes its documents (its subfolders too
 * with `recursive`), with one note each ("contracts/: 12 documents; 2 files skipped (not a kind
 * the app reads)"); anything else stays as given, for the reader to open or refuse. A folder
 * with no document is refused in one sentence.
 */
export async function reviewFiles(
  args: readonly string[],
  options: { recursive: boolean; cwd: string; note: (text: string) => void },
): Promise<ReviewFiles> {
  const files: string[] = [];
  let folders = false;
  for (const arg of args) {
    const isFolder = await stat(arg).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!isFolder) {
      files.push(arg);
      continue;
    }
    folders = true;
    const listed = await listFolderDocuments(arg, { recursive: options.recursive });
    const shown = `${path.relative(options.cwd, arg) || '.'}${path.sep}`;
    options.note(`${shown}: ${folderNote(listed)}`);
    if (listed.files.length === 0)
      throw new CoreError('BadUsage', `The folder ${arg} holds no document the app reads.`, {
        hint: 'Name a folder of PDF, Word, EPUB, HTML, Markdown or text files, or the files themselves.',
      });
    files.push(...listed.files);
  }
  return { files: [...new Set(files)], folders };
}

function folderNote(listed: { files: string[]; skipped: number; subfolders: number }): string {
  const parts = [plural(listed.files.length, 'document')];
  if (listed.skipped > 0)
    parts.push(`${plural(listed.skipped, 'file')} skipped (not a kind the app reads)`);
  if (listed.subfolders > 0)
    parts.push(`${plural(listed.subfolders, 'subfolder')} not read (--recursive reads them)`);
  return parts.join('; ');
}

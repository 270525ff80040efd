// The documents of a folder the user chose ("Add a folder…"): its files whose names the app
// offers as documents, in name order, and how many other files it skipped, so the form can say
// so. Not recursive unless asked: a folder of contracts rarely wants its "old/" subfolder too.
import type { Dirent } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { hasDocumentExtension } from '../../../shared/document-extensions.ts';
import { CoreError } from '../errors.ts';

export interface FolderDocuments {
  /** The folder as given. */
  folder: string;
  /** Paths of the files offered as documents, sorted by name (natural order: 2 before 10). */
  files: string[];
  /** Regular files left out because the app does not read their kind. */
  skipped: number;
  /** Subfolders not looked into (0 when recursive). */
  subfolders: number;
}

/** Most files one folder may contribute (the most documents one review request names). */
export const MAX_FOLDER_FILES = 2000;

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Lists the documents of `folder`: regular files with a document ending, hidden files (".DS_Store")
 * ignored without counting, symbolic links left out (a link may point anywhere; choose its target).
 * With `recursive`, subfolders are listed too. Throws a `NotFound` or `BadUsage` CoreError with one
 * sentence when the folder cannot be read, and `TooLarge` above {@link MAX_FOLDER_FILES} documents.
 */
export async function listFolderDocuments(
  folder: string,
  options: { recursive?: boolean } = {},
): Promise<FolderDocuments> {
  const result: FolderDocuments = { folder, files: [], skipped: 0, subfolders: 0 };
  await walk(folder, options.recursive === true, result);
  result.files.sort((a, b) => byName.compare(a, b));
  return result;
}

async function walk(dir: string, recursive: boolean, into: FolderDocuments): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw folderError(dir, error);
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (recursive) await walk(full, recursive, into);
      else into.subfolders += 1;
    } else if (entry.isFile() && hasDocumentExtension(entry.name)) {
      if (into.files.length >= MAX_FOLDER_FILES) {
        throw new CoreError(
          'TooLarge',
          `The folder ${into.folder} holds more than ${MAX_FOLDER_FILES} documents.`,
          { hint: 'Choose a smaller folder, or the files themselves.' },
        );
      }
      into.files.push(full);
    } else if (entry.isFile()) into.skipped += 1;
  }
}

function folderError(dir: string, error: unknown): CoreError {
  const code = (error as NodeJS.ErrnoException).code;
  const detail = error instanceof Error ? error.message : String(error);
  if (code === 'ENOENT')
    return new CoreError('NotFound', `The folder ${dir} does not exist.`, {
      hint: 'Check the path.',
      detail,
    });
  if (code === 'ENOTDIR')
    return new CoreError('BadUsage', `${dir} is not a folder.`, {
      hint: 'Choose a folder, or add the file itself.',
      detail,
    });
  if (code === 'EACCES' || code === 'EPERM')
    return new CoreError('BadUsage', `The folder ${dir} cannot be read (no permission).`, {
      hint: 'Check its permissions.',
      detail,
    });
  return new CoreError('BadUsage', `The folder ${dir} cannot be read.`, { detail });
}

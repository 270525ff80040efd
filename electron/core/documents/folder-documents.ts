// The documents of a folder the user chose ("Add a folder…"): its files whose names the app
// offers as documents, in name order, and how many other files it skipped, so the form can say
// so. Not recursive unless asked: a folder of contracts rarely wants its "old/" subfolder too.
// A recursive walk is bounded (documents, entries looked at, depth), so choosing a home folder
// with "Include subfolders" ends in one sentence rather than a walk of the whole disk.
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
/** Most entries (files and folders, any kind) one listing looks at, subfolders included. */
export const MAX_FOLDER_ENTRIES = 100_000;
/** Deepest subfolder a recursive listing goes into (the chosen folder's own files are depth 0). */
export const MAX_FOLDER_DEPTH = 20;

/** The bounds of one listing; smaller ones may be passed (tests). */
export interface FolderLimits {
  files: number;
  entries: number;
  depth: number;
}

const LIMITS: FolderLimits = {
  files: MAX_FOLDER_FILES,
  entries: MAX_FOLDER_ENTRIES,
  depth: MAX_FOLDER_DEPTH,
};

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });

/**
 * Lists the documents of `folder`: regular files with a document ending, hidden files (".DS_Store")
 * ignored without counting, symbolic links left out (a link may point anywhere; choose its target).
 * With `recursive`, subfolders are listed too. The same function serves the app ("Add a folder…",
 * "Include subfolders") and `memagent review FOLDER [--recursive]`. Throws a `NotFound` or
 * `BadUsage` CoreError with one sentence when the folder cannot be read, and `TooLarge` above
 * {@link MAX_FOLDER_FILES} documents, {@link MAX_FOLDER_ENTRIES} entries looked at, or
 * subfolders deeper than {@link MAX_FOLDER_DEPTH}.
 */
export async function listFolderDocuments(
  folder: string,
  options: { recursive?: boolean; limits?: Partial<FolderLimits> } = {},
): Promise<FolderDocuments> {
  const result: FolderDocuments = { folder, files: [], skipped: 0, subfolders: 0 };
  const walk: Walk = {
    recursive: options.recursive === true,
    limits: { ...LIMITS, ...options.limits },
    entries: 0,
    into: result,
  };
  await walkFolder(folder, 0, walk);
  result.files.sort((a, b) => byName.compare(a, b));
  return result;
}

interface Walk {
  recursive: boolean;
  limits: FolderLimits;
  /** Entries looked at so far, of every kind. */
  entries: number;
  into: FolderDocuments;
}

async function walkFolder(dir: string, depth: number, walk: Walk): Promise<void> {
  const { into, limits } = walk;
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    throw folderError(dir, error);
  }
  walk.entries += entries.length;
  if (walk.entries > limits.entries)
    throw tooLarge(walk, `${count(limits.entries)} files and folders`);
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!walk.recursive) into.subfolders += 1;
      else if (depth + 1 > limits.depth) throw tooDeep(walk);
      else await walkFolder(full, depth + 1, walk);
    } else if (entry.isFile() && hasDocumentExtension(entry.name)) {
      if (into.files.length >= limits.files)
        throw tooLarge(walk, `${count(limits.files)} documents`);
      into.files.push(full);
    } else if (entry.isFile()) into.skipped += 1;
  }
}

const count = (n: number) => n.toLocaleString('en-US');

function tooLarge(walk: Walk, what: string): CoreError {
  const where = walk.recursive ? ' with its subfolders' : '';
  return new CoreError(
    'TooLarge',
    `The folder ${walk.into.folder}${where} holds more than ${what}.`,
    {
      hint: walk.recursive
        ? 'Choose a smaller folder, or leave its subfolders out.'
        : 'Choose a smaller folder, or the files themselves.',
    },
  );
}

function tooDeep(walk: Walk): CoreError {
  return new CoreError(
    'TooLarge',
    `The folder ${walk.into.folder} has subfolders more than ${walk.limits.depth} levels deep.`,
    { hint: 'Choose one of its subfolders, or leave its subfolders out.' },
  );
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

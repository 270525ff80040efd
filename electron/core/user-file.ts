// The one way core opens a file the user named (a document, a session export, a model, an OCR
// language, a --docs pool, an evaluation's --out results file): opened without blocking and
// checked to be a regular file before a byte is read or written, with one sentence for each way
// a path can fail.
import { constants, type Stats } from 'node:fs';
import { lstat, open, readlink, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { CoreError } from './errors.ts';

/** What the sentences call the file and the hints they give. */
export interface UserFileWording {
  /** "file" (default), "model file", "session file" ...: "The model file … does not exist." */
  noun?: string;
  /** The hint when the path names nothing (default "Check the path."). */
  missingHint?: string;
  /** The hint when it names something that is not a file (a folder, a pipe, a device). */
  notFileHint?: string;
}

/** How the file is opened: to read it (default), or to read what it holds and append to it. */
export interface UserFileMode {
  /**
   * `append`: created when missing (mode 0666 less the umask), read and written, every write at
   * its end (O_APPEND). A file a command writes is named by its noun in the sentences ("The
   * results file … is not a file."): the user gave it as a flag's value, not by choosing a file.
   */
  mode?: 'read' | 'append';
}

/** An open regular file and its status, read from the open handle (no race with a rename). */
export interface UserFile {
  handle: FileHandle;
  stat: Stats;
}

/**
 * Non-blocking: `open()` of a named pipe with no writer waits for one, in a libuv thread that
 * neither Ctrl-C nor SIGTERM can stop (exit joins that thread). With O_NONBLOCK it returns at
 * once and the type check refuses it. A regular file ignores the flag. Windows has no such flag
 * (and no FIFOs in the file system).
 */
const NONBLOCK = constants.O_NONBLOCK ?? 0;
const READ_FLAGS = constants.O_RDONLY | NONBLOCK;
/** O_RDWR: opening a FIFO read-write never waits either, and the type check refuses it. */
const APPEND_FLAGS = constants.O_RDWR | constants.O_CREAT | constants.O_APPEND | NONBLOCK;

/** Symbolic links followed while naming a dangling link's missing target (the kernel's own limit). */
const MAX_LINKS = 40;

/**
 * Opens `file` for reading (or, with `mode: 'append'`, for reading and appending, creating it)
 * and checks it is a regular file. Throws CoreError NotFound with one sentence each: missing, a
 * symbolic link to a missing target (named), a symbolic link loop, a name too long for the file
 * system, permission denied, not a file (a folder, a pipe, a device; also through a symbolic
 * link). The caller closes the handle.
 */
export async function openUserFile(
  file: string,
  wording: UserFileWording & UserFileMode = {},
): Promise<UserFile> {
  const append = wording.mode === 'append';
  let handle: FileHandle;
  try {
    handle = await (append ? open(file, APPEND_FLAGS, 0o666) : open(file, READ_FLAGS));
  } catch (error) {
    throw await openProblem(file, error, wording);
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) throw notAFile(file, stat, wording);
    return { handle, stat };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

/**
 * Reads the whole of `file` after the checks of `openUserFile`; `tooLarge` (given the size)
 * refuses it before a byte is read when `maxBytes` is given.
 */
export async function readUserFile(
  file: string,
  options: UserFileWording & { maxBytes?: number; tooLarge?: (size: number) => Error } = {},
): Promise<Uint8Array> {
  const { handle, stat } = await openUserFile(file, options);
  try {
    if (options.maxBytes !== undefined && stat.size > options.maxBytes)
      throw options.tooLarge?.(stat.size) ?? new CoreError('TooLarge', `${file} is too large.`);
    const bytes = await handle.readFile();
    return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    await handle.close();
  }
}

const nounOf = (wording: UserFileWording) => wording.noun ?? 'file';
/** A name of hundreds of characters, cut to what a sentence can hold. */
const shortened = (file: string) =>
  file.length > 80 ? `${file.slice(0, 60)}…${file.slice(-12)}` : file;

/** The file as a sentence's subject: by its noun when a command writes it (see UserFileMode). */
const subjectOf = (file: string, wording: UserFileWording & UserFileMode) =>
  wording.mode === 'append' ? `The ${nounOf(wording)} ${file}` : file;

function notAFile(file: string, stat: Stats, wording: UserFileWording & UserFileMode): CoreError {
  return new CoreError('NotFound', `${subjectOf(file, wording)} is not a file.`, {
    hint: wording.notFileHint ?? `Choose a ${nounOf(wording)}.`,
    detail: `it is ${kindOf(stat)}`,
  });
}

function kindOf(stat: Stats): string {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

async function openProblem(file: string, error: unknown, wording: UserFileWording & UserFileMode) {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  const detail = error instanceof Error ? error.message : String(error);
  const The = `The ${nounOf(wording)}`;
  const read = wording.mode === 'append' ? 'written' : 'read';
  switch (code) {
    case 'EISDIR':
      return new CoreError('NotFound', `${subjectOf(file, wording)} is not a file.`, {
        hint: wording.notFileHint ?? `Choose a ${nounOf(wording)}.`,
        detail: 'it is a folder',
      });
    case 'EACCES':
    case 'EPERM':
      return new CoreError(
        'NotFound',
        `${The} ${path.basename(file)} cannot be ${read}: permission denied.`,
        {
          hint: `Check that the file is ${read === 'read' ? 'readable' : 'writable'} by you.`,
          detail,
        },
      );
    case 'ELOOP':
      return new CoreError(
        'NotFound',
        `${The} ${file} cannot be opened: it is a symbolic link loop (its links lead back to themselves and never reach a file).`,
        { hint: 'Open the file itself, or repair the link.', detail },
      );
    case 'ENAMETOOLONG':
      return new CoreError(
        'NotFound',
        `${The} name ${shortened(file)} is too long for the file system.`,
        { hint: 'Rename the file (or a folder on its path) to a shorter name.', detail },
      );
    case 'ENOENT': {
      const target = await missingLinkTarget(file);
      if (target !== undefined)
        return new CoreError(
          'NotFound',
          `${The} ${file} is a symbolic link to ${target}, which does not exist.`,
          { hint: 'Repair the link, or open the file it should point to.', detail },
        );
      // Opened to append, a missing file is created: ENOENT means its folder is missing.
      if (read === 'written')
        return new CoreError(
          'NotFound',
          `${The} ${file} cannot be created: its folder does not exist.`,
          { hint: 'Check the path.', detail },
        );
      return new CoreError('NotFound', `${The} ${file} does not exist.`, {
        hint: wording.missingHint ?? 'Check the path.',
        detail,
      });
    }
    default:
      return new CoreError('NotFound', `${The} ${file} cannot be ${read}.`, {
        hint: `Check the path and that the file is ${read === 'read' ? 'readable' : 'writable'} by you.`,
        detail,
      });
  }
}

/** When `file` is a symbolic link (through a chain of them) to nothing: the missing target. */
async function missingLinkTarget(file: string): Promise<string | undefined> {
  let current = file;
  let target: string | undefined;
  for (let i = 0; i < MAX_LINKS; i += 1) {
    const stat = await lstat(current).catch(() => undefined);
    if (stat === undefined) return target;
    if (!stat.isSymbolicLink()) return undefined;
    const next = await readlink(current).catch(() => undefined);
    if (next === undefined) return undefined;
    target = next;
    current = path.resolve(path.dirname(current), next);
  }
  return undefined;
}

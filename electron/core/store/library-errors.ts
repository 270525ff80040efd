// The library file's faults as sentences: SQLite's result codes (better-sqlite3's SqliteError
// `code`, extended codes included) mapped to error values in one place, for the app and the CLI.
import type { AppError } from '../../../shared/model.ts';
import { addErrorReader } from '../errors.ts';
import { foundDamaged, noteDamage } from './damage-mark.ts';

/** `SQLITE_READONLY_DBMOVED` → `SQLITE_READONLY`; undefined for anything not from SQLite. */
export function sqliteCode(error: unknown): string | undefined {
  if (!(error instanceof Error) || error.name !== 'SqliteError') return undefined;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code !== 'string' || !code.startsWith('SQLITE_')) return undefined;
  return /^SQLITE_[A-Z]+/.exec(code)?.[0];
}

/** True for the codes that mean the file is not a (whole) SQLite database. */
export function isDamagedFileCode(code: string | undefined): boolean {
  return code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB';
}

const ASIDE_HINT =
  'Move it aside together with its -wal and -shm files to start a new library (the app does ' +
  'this by itself when it starts), or use another library with --db FILE.';

/**
 * The error value for a fault of the library `file` (named when known), or undefined when
 * `error` is not SQLite's. Nothing here loses data: each sentence says what was kept.
 *
 * Every SQLite error the app or the command line reports passes here (`toAppError`, the store's
 * open), so this is where a library found damaged while open is marked (damage-mark.ts): it is
 * written no more in this process, and its next open checks every page. A write refused since
 * (SQLITE_READONLY from `query_only`) gets the damaged sentence, not "read-only".
 */
export function libraryProblem(error: unknown, file?: string): AppError | undefined {
  const code = sqliteCode(error);
  if (code === undefined) return undefined;
  const the = file === undefined ? 'the library' : `the library ${file}`;
  const detail = `${(error as { code: string }).code}: ${(error as Error).message}`;
  const value = (kind: AppError['kind'], message: string, hint: string): AppError => ({
    kind,
    message,
    hint,
    detail,
  });
  switch (code) {
    case 'SQLITE_CORRUPT':
    case 'SQLITE_NOTADB':
      noteDamage(detail, file);
      return value(
        'Damaged',
        `${capital(the)} is damaged: it is not a readable SQLite database.`,
        ASIDE_HINT,
      );
    case 'SQLITE_READONLY':
    case 'SQLITE_PERM':
    case 'SQLITE_AUTH':
      if (foundDamaged(file))
        return value(
          'Damaged',
          `${capital(the)} is damaged: it is not a readable SQLite database.`,
          `Nothing more is written into it until it is opened again, which checks every page. ${ASIDE_HINT}`,
        );
      return value(
        'LibraryUnavailable',
        `${capital(the)} cannot be written: the file or its folder is read-only.`,
        'Make the file and its folder writable, use another library with --db FILE, or ' +
          'ask with --no-save to save nothing.',
      );
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return value(
        'LibraryUnavailable',
        `The library is busy: another process (the app or another memagent) has held ${the === 'the library' ? 'it' : file} for longer than the wait allows.`,
        'Try again when the other process is done with it; nothing saved was lost.',
      );
    case 'SQLITE_FULL':
      return value(
        'LibraryUnavailable',
        `The disk holding ${the} is full: the change could not be saved.`,
        'Free some space and try again; everything saved before is intact.',
      );
    case 'SQLITE_CANTOPEN':
      return value(
        'LibraryUnavailable',
        `${capital(the)} could not be opened.`,
        'Check that its folder exists and that you may read and write it, or use another ' +
          'library with --db FILE.',
      );
    case 'SQLITE_IOERR':
      return value(
        'LibraryUnavailable',
        `${capital(the)} could not be read or written (a disk error).`,
        'Check the disk; everything saved before the error is intact.',
      );
    default:
      return undefined;
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

// Every connection is opened by a module that imports this one (database.ts, read-open.ts), so
// `toAppError` reads SQLite's faults as sentences from the first moment one can be thrown.
addErrorReader((error) => libraryProblem(error));

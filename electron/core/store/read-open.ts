// Opening the library for a command that only reads it (`runs`, `show`, `export`): nothing is
// created, and a library the user may not write (a read-only file or folder, another user's
// data folder, a mounted backup) is read read-only instead of refused.
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { CoreError } from '../errors.ts';
import { BUSY_TIMEOUT_MS, checkHeader, openError, openWritable } from './database.ts';
import { sqliteCode } from './library-errors.ts';
import { migrate, SCHEMA_VERSION } from './migrations.ts';
import { checkPages } from './page-check.ts';

// SQLite reads this once, when better-sqlite3 loads its addon at the first `new Database`, which
// comes after this module is evaluated. Only names that begin with "file:" become URIs, and the
// library's names are absolute paths, so it changes nothing but allows `immutable=1` below.
process.env['SQLITE_USE_URI'] ??= '1';

/**
 * Whether `file` holds a library: it exists and is not empty (SQLite takes an empty file for an
 * empty database, which a command that only reads must not turn into a library), or its
 * write-ahead log holds pages not yet in it.
 */
export function hasLibrary(file: string): boolean {
  return size(file) > 0 || size(`${file}-wal`) > 0;
}

const size = (file: string): number => {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
};

/** SQLite's answers that mean this process may not write the file, its log or its folder. */
const CANNOT_WRITE = new Set(['SQLITE_READONLY', 'SQLITE_CANTOPEN', 'SQLITE_PERM', 'SQLITE_AUTH']);

/**
 * Opens the library `file` to read it. Where it can be written it is opened as `openDatabase`
 * does, so an older schema is brought up to date and dead readers' runs can be settled; else it
 * is opened read-only: its `-wal` and `-shm` are read when they exist, and a library whose log
 * was folded into the file and whose folder is read-only (nobody can write it in WAL mode
 * then: a writer must create the log beside it) is opened `immutable`, without locks. Never
 * creates a file, a log or a schema: a missing or empty file, or a SQLite file that is not a
 * library, is `NotFound`.
 */
export function openToRead(file: string): Database.Database {
  if (!hasLibrary(file)) throw notALibrary(file);
  checkHeader(file);
  try {
    return openWritable(file, { fileMustExist: true }, (db) => checkVersion(db, file, true));
  } catch (error) {
    const code = sqliteCode(error instanceof CoreError ? error.cause : error);
    if (code === undefined || !CANNOT_WRITE.has(code)) throw error;
  }
  let db = tryReadOnly(file, { readonly: true, fileMustExist: true });
  if (db instanceof Error && size(`${file}-wal`) === 0)
    db = tryReadOnly(`${pathToFileURL(file).href}?immutable=1`, { readonly: true });
  if (db instanceof Error) throw cannotRead(file, db);
  try {
    checkPages(db, file);
    checkVersion(db, file, false);
    return db;
  } catch (error) {
    db.close();
    throw openError(error, file);
  }
}

/** A read-only connection that has read the schema, or what stopped it. */
function tryReadOnly(name: string, options: Database.Options): Database.Database | Error {
  let db: Database.Database | undefined;
  try {
    db = new Database(name, options);
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    db.pragma('user_version');
    return db;
  } catch (error) {
    db?.close();
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** A library of this build's schema, or one `writable` brings up to date; refused otherwise. */
function checkVersion(db: Database.Database, file: string, writable: boolean): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version === 0) throw notALibrary(file);
  if (version < SCHEMA_VERSION && !writable)
    throw new CoreError(
      'LibraryUnavailable',
      `The library ${file} was written by an older version of MemAgent and cannot be updated here: it is read-only.`,
      {
        hint: 'Open it once with the app (or a memagent command that saves) where it can be written, or read a copy in a folder you may write.',
        detail: `schema version ${version}, this build reads ${SCHEMA_VERSION}`,
      },
    );
  migrate(db); // nothing for a current library; a newer one is refused (Unsupported)
}

function notALibrary(file: string): CoreError {
  return new CoreError('NotFound', `There is no library at ${file}.`, {
    hint: 'Ask a question first (memagent ask), or name the library with --db FILE.',
  });
}

function cannotRead(file: string, error: Error): CoreError {
  const code = (error as { code?: unknown }).code;
  return new CoreError(
    'LibraryUnavailable',
    `The library ${file} cannot be read: its folder is read-only and SQLite could not open its log files (${file}-wal, -shm) read-only.`,
    {
      hint: 'Make its folder writable, or copy the file with its -wal and -shm files to a folder you may write and read it there with --db FILE.',
      detail: `${String(code)}: ${error.message}`,
      cause: error,
    },
  );
}

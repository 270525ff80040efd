import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CoreError } from '../errors.ts';
import { isDamagedFileCode, libraryProblem, sqliteCode } from './library-errors.ts';
import { migrate } from './migrations.ts';
import { checkPages } from './page-check.ts';
import { DATABASE_FILE } from './database-file.ts';

export { DATABASE_FILE };

/** How long a statement waits for another process's write lock before "the library is busy". */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * The library file is not a whole SQLite database (garbage, cut short, another kind of file).
 * The app moves it aside and starts a new library (`moveAside`); the command line refuses.
 */
export class LibraryDamaged extends CoreError {
  readonly file: string;
  constructor(file: string, detail: string, cause?: unknown) {
    const problem = libraryProblem(cause, file);
    super('Damaged', `The library ${file} is damaged: it is not a readable SQLite database.`, {
      hint:
        problem?.hint ??
        'Move it aside together with its -wal and -shm files to start a new library (the app ' +
          'does this by itself when it starts), or use another library with --db FILE.',
      detail,
      cause,
    });
    this.name = 'LibraryDamaged';
    this.file = file;
  }
}

/**
 * Opens (creating if needed) `{dataDir}/memagent.db`, or `file` when given (the command line's
 * `--db`), with WAL journaling, foreign keys on and the schema migrated to the current version.
 * Throws `LibraryDamaged` for a file that is not a whole database, and the library's fault
 * (library-errors.ts) for one that cannot be opened or written. A command that only reads opens
 * with `openToRead` (read-open.ts) instead, which never creates anything.
 */
export function openDatabase(
  dataDir: string,
  file: string = path.join(dataDir, DATABASE_FILE),
): Database.Database {
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
  } catch (error) {
    throw new CoreError(
      'LibraryUnavailable',
      `The folder of the library ${file} could not be made.`,
      {
        hint: 'Check that you may write there, or use another library with --db FILE.',
        detail: error instanceof Error ? error.message : String(error),
        cause: error,
      },
    );
  }
  checkHeader(file);
  return openWritable(file, {}, (db) => migrate(db));
}

/**
 * Opens `file` for writing with the library's settings, runs `prepare` (the migrations) and
 * returns it; any fault closes it and is thrown as the library's error value.
 */
export function openWritable(
  file: string,
  options: Database.Options,
  prepare: (db: Database.Database) => void,
): Database.Database {
  let db: Database.Database;
  try {
    db = new Database(file, options);
  } catch (error) {
    throw openError(error, file);
  }
  try {
    // First: two processes opening a new library at once (two terminals) wait for each other
    // while one switches it to WAL and creates the schema, instead of failing at once.
    db.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    // Before anything is written into it (page-check.ts).
    checkPages(db, file);
    db.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode (only an OS crash can lose the
    // last commits), and keeps a commit per chunk cheap.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    prepare(db);
    return db;
  } catch (error) {
    db.close();
    throw openError(error, file);
  }
}

/** `error` met opening `file` as the library's error value (SQLite's codes), else as it is. */
export function openError(error: unknown, file: string): unknown {
  const code = sqliteCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (isDamagedFileCode(code)) return new LibraryDamaged(file, `${code}: ${message}`, error);
  const problem = libraryProblem(error, file);
  if (problem === undefined) return error;
  return new CoreError(problem.kind, problem.message, {
    hint: problem.hint,
    detail: problem.detail,
    cause: error,
  });
}

const MAGIC = 'SQLite format 3\0';

/**
 * A file cut short is caught before SQLite reads it (SQLite may not notice until a query
 * reaches a missing page): its header's page count, when valid, must fit in the file, unless a
 * write-ahead log holds the newer pages. An empty file is a new library.
 */
export function checkHeader(file: string): void {
  let header: Buffer;
  let size: number;
  try {
    const fd = fs.openSync(file, 'r');
    try {
      size = fs.fstatSync(fd).size;
      header = Buffer.alloc(100);
      fs.readSync(fd, header, 0, 100, 0);
    } finally {
      fs.closeSync(fd);
    }
  } catch {
    return; // missing or unreadable: SQLite's own open says which
  }
  if (size === 0) return;
  if (size < 100 || header.toString('latin1', 0, 16) !== MAGIC)
    throw new LibraryDamaged(
      file,
      `not a SQLite file (${size} bytes, header ${JSON.stringify(header.toString('latin1', 0, 16))})`,
    );
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  const pages = header.readUInt32BE(28);
  const headerValid = header.readUInt32BE(24) === header.readUInt32BE(92) && pages > 0;
  if (!headerValid || pages * pageSize <= size) return;
  const wal = `${file}-wal`;
  if (fs.existsSync(wal) && fs.statSync(wal).size > 0) return;
  throw new LibraryDamaged(
    file,
    `cut short: ${size} bytes, its header counts ${pages} pages of ${pageSize}`,
  );
}

/**
 * Renames a damaged library and its `-wal`, `-shm` and `.damaged` files to `FILE.damaged-STAMP` (never
 * overwriting or deleting anything) and returns the new name of the database file.
 */
export function moveAside(file: string, now: Date = new Date()): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  let aside = `${file}.damaged-${stamp}`;
  for (let n = 2; fs.existsSync(aside); n += 1) aside = `${file}.damaged-${stamp}-${n}`;
  // The log and shared memory first: if this stops halfway, no old log is left beside the new
  // library of the old name (SQLite would replay it into the wrong file). A damage marker
  // (damage-mark.ts) goes with them: it says when the damage was found.
  for (const suffix of ['-wal', '-shm', '.damaged']) {
    if (fs.existsSync(file + suffix)) fs.renameSync(file + suffix, aside + suffix);
  }
  fs.renameSync(file, aside);
  return aside;
}

import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { CoreError } from '../errors.ts';
import { migrate } from './migrations.ts';

/** File name of the library database inside the data folder. */
export const DATABASE_FILE = 'memagent.db';

/**
 * Opens (creating if needed) `{dataDir}/memagent.db`, or `file` when given (the command line's
 * `--db`), with WAL journaling, foreign keys on and the schema migrated to the current version.
 */
export function openDatabase(
  dataDir: string,
  file: string = path.join(dataDir, DATABASE_FILE),
): Database.Database {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  let db: Database.Database;
  try {
    db = new Database(file);
  } catch (error) {
    throw new CoreError('Damaged', 'The library database could not be opened.', {
      hint: `Check that ${file} is readable, or move it aside to start a new library.`,
      detail: error instanceof Error ? error.message : String(error),
      cause: error,
    });
  }
  try {
    db.pragma('journal_mode = WAL');
    // NORMAL is durable across application crashes in WAL mode (only an OS crash can lose the
    // last commits), and keeps a commit per chunk cheap.
    db.pragma('synchronous = NORMAL');
    db.pragma('foreign_keys = ON');
    db.pragma('busy_timeout = 5000');
    migrate(db);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

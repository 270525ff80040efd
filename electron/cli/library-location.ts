// Where the command line keeps its runs: the desktop app's library by default, so a question
// asked in a terminal shows up in the app's history. Apart from library.ts (which opens it) so
// that parsing arguments, on every start, does not load SQLite.
import path from 'node:path';
import { DATABASE_FILE } from '../core/store/database-file.ts';
import { appDataDir } from './app-data.ts';

/** `--db FILE` (another library) on every command that reads or writes runs. */
export const libraryFlags = { db: { type: 'string' } } as const;

/** Where a command's library is: its database file, and the data folder beside it. */
export interface LibraryLocation {
  /** The SQLite file. */
  file: string;
  /** Its folder, which holds the text cache (`cache/`) as the app's data folder does. */
  dataDir: string;
}

/**
 * The library a command uses: `--db FILE` resolved from where the user typed it, else the app's
 * data folder (`MEMAGENT_USER_DATA_DIR` overrides it, as it does for the app).
 */
export function libraryLocation(
  given: string | undefined,
  here: string,
  env: NodeJS.ProcessEnv,
): LibraryLocation {
  if (given !== undefined && given.trim() !== '') {
    const file = path.resolve(here, given);
    return { file, dataDir: path.dirname(file) };
  }
  const dataDir = appDataDir(env);
  return { file: path.join(dataDir, DATABASE_FILE), dataDir };
}

// The library the command line keeps its runs in: the desktop app's own by default, so a
// question asked in a terminal shows up in the app's history.
import path from 'node:path';
import { DATABASE_FILE } from '../core/store/database.ts';
import { openStore, openStoreToRead, type Store } from '../core/store/store.ts';
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

/** Opens (creating and migrating) the library at `location`. */
export function openLibrary(location: LibraryLocation): Store {
  return openStore(location.dataDir, location.file);
}

/**
 * Opens the library at `location` for a command that only reads it (`runs`, `show`, `export`):
 * nothing is created, and a read-only library is read as it is.
 */
export function openLibraryToRead(location: LibraryLocation): Store {
  return openStoreToRead(location.file);
}

// The app's library at start: a damaged file is kept (moved aside, never overwritten or
// deleted) and a new library started, with a notice saying where the old one is.
import path from 'node:path';
import { DATABASE_FILE, LibraryDamaged, moveAside } from './database.ts';
import { openStore, type Store } from './store.ts';

export interface OpenedLibrary {
  store: Store;
  /** Set when the library file was damaged and moved aside: one sentence for the window. */
  notice?: string;
}

/**
 * Opens `{dataDir}/memagent.db`. The app cannot work without a library, so a file that is not
 * a whole database is renamed with its -wal and -shm to `memagent.db.damaged-STAMP` and a new
 * library is created; every other fault (read-only, busy, disk full) is thrown as it is.
 */
export function openAppLibrary(dataDir: string, now: Date = new Date()): OpenedLibrary {
  try {
    return { store: openStore(dataDir) };
  } catch (error) {
    if (!(error instanceof LibraryDamaged)) throw error;
    const aside = moveAside(path.join(dataDir, DATABASE_FILE), now);
    const store = openStore(dataDir);
    return {
      store,
      notice:
        `The library file was damaged, so MemAgent started a new, empty library. The old file ` +
        `is kept, unchanged, as ${aside}.`,
    };
  }
}

// The library the command line keeps its runs in (library-location.ts: where it is), opened.
import { openStore, openStoreToRead, type Store } from '../core/store/store.ts';
import type { LibraryLocation } from './library-location.ts';

export { libraryFlags, libraryLocation, type LibraryLocation } from './library-location.ts';

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

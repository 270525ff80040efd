// SQLite's own check of a library's pages when it is opened. SQLite reads a damaged page (a
// bad sector, a copy cut mid-write, a sync tool's merge) without a word until a query trips over
// it, and writes into the same file meanwhile; `PRAGMA quick_check` walks every b-tree page and
// finds such damage before anything is read or written. It cannot see a value changed inside a
// record (SQLite keeps no checksums): only the structure of pages is checked.
import fs from 'node:fs';
import type Database from 'better-sqlite3';
import { clearMarker, readMarker } from './damage-mark.ts';
import { LibraryDamaged } from './database.ts';

/**
 * Libraries up to this size (file and log together) are checked on every open. quick_check
 * reads every page, about 8 ms of CPU per MB (1.05 s for a 129 MB library: docs/benchmarks.md,
 * "Library (SQLite)"), so a library above it opens unchecked rather than keep a window or a
 * terminal waiting for seconds; a damaged page there is still reported as `Damaged` when a
 * query reaches it.
 */
export const PAGE_CHECK_MAX_BYTES = 64 * 1024 * 1024;

const sizeOf = (file: string): number => {
  try {
    return fs.statSync(file).size;
  } catch {
    return 0;
  }
};

/**
 * Runs `quick_check` on the library `file` open as `db` when it is small enough, or whatever its
 * size when a process found it damaged while it was open (its marker, damage-mark.ts), and
 * throws `LibraryDamaged` when a page is damaged (the app then moves it aside; the command line
 * refuses). A marked library whose pages are all whole loses its marker: the error was
 * transient. SQLite's own SQLITE_CORRUPT on the way is the caller's to turn into `LibraryDamaged`.
 */
export function checkPages(
  db: Database.Database,
  file: string,
  maxBytes: number = PAGE_CHECK_MAX_BYTES,
): void {
  const marker = readMarker(file);
  if (marker === undefined && sizeOf(file) + sizeOf(`${file}-wal`) > maxBytes) return;
  const problems = (db.pragma('quick_check(5)') as { quick_check: string }[]).map(
    (row) => row.quick_check,
  );
  if (problems.length === 1 && problems[0] === 'ok') {
    if (marker !== undefined) clearMarker(file);
    return;
  }
  const found = marker === undefined ? '' : ` (found damaged while open before: ${marker})`;
  throw new LibraryDamaged(file, `quick_check: ${problems.join('; ')}${found}`);
}

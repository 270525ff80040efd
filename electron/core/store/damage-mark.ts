// A library found damaged while it is open. SQLite reports a damaged page only when a query
// reaches it (SQLITE_CORRUPT), which for a library above the open-time check's size
// (page-check.ts) is the first sign of damage. From then on this process writes nothing more
// into it (a write could spread the damage: SQLite would rebalance b-trees over the bad page),
// and a marker beside it, `memagent.db.damaged`, makes the next open check every page whatever
// the library's size: a transient error (a flaky disk read) passes and the marker goes; real
// damage is `LibraryDamaged` there (the app moves the file aside, the command line exits 3).
import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';

/** The libraries open in this process (absolute file → its connections), registered by the store. */
const open = new Map<string, Set<Database.Database>>();
/** Libraries found damaged in this process (absolute names): no write reaches them again. */
const damaged = new Set<string>();

/** The marker of `file`: its name plus `.damaged`. */
export const markerOf = (file: string): string => `${file}.damaged`;

const key = (file: string): string => path.resolve(file);

/**
 * Registers the library `file` open as `db` in this process, so a damaged-page error met later
 * anywhere (a repository, the run journal, the command line) can be traced to it. Returns the
 * unregistering function, for the store's close.
 */
export function trackLibrary(file: string, db: Database.Database): () => void {
  const name = key(file);
  const connections = open.get(name) ?? new Set();
  connections.add(db);
  open.set(name, connections);
  // Opened anew, so the check at open passed (page-check.ts): the damage was not lasting.
  damaged.delete(name);
  return () => {
    connections.delete(db);
    if (connections.size === 0 && open.get(name) === connections) open.delete(name);
  };
}

/**
 * Records that SQLite found the library `file` damaged (SQLITE_CORRUPT or SQLITE_NOTADB),
 * where `file` is the library the error came from, or undefined when the caller cannot tell
 * (a process has one library open: the app's, or the command's; with several, each is
 * suspected, and the next open's check clears the healthy ones). Each library concerned is
 * made read-only for the rest of the process (`query_only`: SQLite itself refuses every write,
 * however it is made) and gets its marker, written once. Never throws: it runs while an error
 * is being reported.
 */
export function noteDamage(detail: string, file?: string, now: Date = new Date()): void {
  const named = file === undefined ? undefined : key(file);
  const files = named === undefined ? [...open.keys()] : open.has(named) ? [named] : [];
  for (const name of files) {
    if (damaged.has(name)) continue;
    damaged.add(name);
    for (const db of open.get(name) ?? []) {
      try {
        db.pragma('query_only = ON');
      } catch {
        // Busy with a statement (an iterator open): a write there still meets the damaged page
        // or is refused as Damaged by libraryProblem, which asks foundDamaged.
      }
    }
    writeMarker(name, detail, now);
  }
}

/** Whether the library `file` (or, unnamed, any library open here) was found damaged here. */
export function foundDamaged(file?: string): boolean {
  if (file !== undefined) return damaged.has(key(file));
  for (const name of open.keys()) if (damaged.has(name)) return true;
  return false;
}

/**
 * Writes the marker atomically (a whole file or none: a temporary name, then a rename), naming
 * when the damage was found and SQLite's words. A folder that cannot be written keeps no
 * marker: the library there cannot be written either, and the error itself was reported.
 */
function writeMarker(file: string, detail: string, now: Date): void {
  const marker = markerOf(file);
  const temporary = path.join(path.dirname(marker), `.${path.basename(marker)}.${process.pid}`);
  const text = `${JSON.stringify({ foundAt: now.toISOString(), pid: process.pid, detail })}\n`;
  try {
    fs.writeFileSync(temporary, text, { mode: 0o600 });
    fs.renameSync(temporary, marker);
  } catch {
    fs.rmSync(temporary, { force: true });
  }
}

/** The marker's text when the library `file` has one (at most 4 KB of it), else undefined. */
export function readMarker(file: string): string | undefined {
  try {
    // Only a regular file is read: a pipe of that name would wait forever for a writer.
    if (!fs.statSync(markerOf(file)).isFile()) return 'not a file';
    const text = fs.readFileSync(markerOf(file), 'utf8');
    return text.slice(0, 4096).trim();
  } catch {
    return undefined;
  }
}

/** Removes the marker of `file` after a check found every page whole; a read-only folder keeps it. */
export function clearMarker(file: string): void {
  try {
    fs.rmSync(markerOf(file), { force: true });
  } catch {
    // Checked again at the next open: the marker only costs a check.
  }
}

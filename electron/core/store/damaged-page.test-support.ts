// Damage as a bad sector leaves it: the header of one leaf page of the memories overwritten,
// written through a file handle of its own (the library may be open elsewhere).
import fs from 'node:fs';
import Database from 'better-sqlite3';

/** Overwrites 7 header bytes of the middle leaf page of `memory_states` in the library `file`. */
export function damageMemoryPage(file: string): void {
  const reader = new Database(file, { readonly: true });
  const pages = reader
    .prepare(
      "SELECT pageno FROM dbstat WHERE name = 'memory_states' AND pagetype = 'leaf' ORDER BY pageno",
    )
    .pluck()
    .all() as number[];
  const pageSize = reader.pragma('page_size', { simple: true }) as number;
  reader.close();
  const page = pages[Math.floor(pages.length / 2)] as number;
  const fd = fs.openSync(file, 'r+');
  fs.writeSync(fd, Buffer.alloc(7, 0xff), 0, 7, (page - 1) * pageSize + 1);
  fs.closeSync(fd);
}

// Every transaction that writes the library takes its write lock at BEGIN (IMMEDIATE). A
// deferred transaction that has read and then writes must upgrade its read lock; SQLite cannot
// wait for that upgrade (two upgrading readers would deadlock), so it answers SQLITE_BUSY at once
// when another process holds the write lock, and SQLITE_BUSY_SNAPSHOT when another process has
// committed since the read, whatever the busy timeout. IMMEDIATE waits up to the busy timeout for
// the lock instead, and its reads then see the latest commit.
import type Database from 'better-sqlite3';

/**
 * `fn` as one write transaction of `db`, begun IMMEDIATE (inside another transaction: a
 * savepoint of it). The only way the store and its callers open a transaction: ESLint refuses
 * `db.transaction(...)` elsewhere.
 */
export function writeTransaction<A extends unknown[], R>(
  db: Database.Database,
  fn: (...args: A) => R,
): (...args: A) => R {
  // eslint-disable-next-line no-restricted-syntax -- the one place a transaction is made
  return db.transaction(fn).immediate;
}

/**
 * `fn` as one read-only transaction of `db` (DEFERRED): a consistent snapshot for reads that
 * must agree with each other, which takes no write lock, so it works on a read-only library and
 * never waits for a writer. `fn` must not write: use writeTransaction for that.
 */
export function readTransaction<A extends unknown[], R>(
  db: Database.Database,
  fn: (...args: A) => R,
): (...args: A) => R {
  // eslint-disable-next-line no-restricted-syntax -- the one place a read transaction is made
  return db.transaction(fn).deferred;
}

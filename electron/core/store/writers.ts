// The processes writing runs to one library (the app, terminals): each registers itself in
// `writers`, keeps a heartbeat while it lives and removes itself on close, so another process can
// tell a run being read right now from one whose reader died.
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type Database from 'better-sqlite3';
import type { RunStatus } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { processState, sameProcessAlive } from './process-identity.ts';
import { writeTransaction } from './write-transaction.ts';

export { pidExists } from './process-identity.ts';

export type WriterKind = 'app' | 'cli';

/** A row of `writers`. */
export interface WriterInfo {
  id: string;
  kind: WriterKind;
  pid: number;
  host: string;
  startedAt: number;
  heartbeatAt: number;
  /** The process's start on this machine ("BOOT_ID:TICKS", Linux), to tell a reused pid. */
  processStart?: string;
}

/** How often a writer stamps its heartbeat. */
export const HEARTBEAT_MS = 10_000;
/**
 * A writer on another machine (a library on a network share) is alive while its heartbeat is
 * younger than this: its pid means nothing here.
 */
export const REMOTE_STALE_MS = 6 * HEARTBEAT_MS;
/**
 * On this machine a live pid decides, but a pid is reused after its process dies: a heartbeat
 * older than this (an hour of a frozen event loop) means the pid now belongs to someone else.
 */
export const LOCAL_STALE_MS = 60 * 60_000;

/** This process as a writer of the library. */
export interface Writer {
  readonly id: string;
  readonly kind: WriterKind;
  readonly pid: number;
  /** Whether writer `id` is alive (this one always is while open). */
  isAlive(id: string): boolean;
  /** The row of writer `id`, if it is registered. */
  info(id: string): WriterInfo | undefined;
  /** Stops the heartbeat and removes the row. Idempotent. */
  close(): void;
}

interface WriterRow {
  id: string;
  kind: string;
  pid: number;
  host: string;
  started_at: number;
  heartbeat_at: number;
  process_start: string | null;
}

const toInfo = (row: WriterRow): WriterInfo => ({
  id: row.id,
  kind: row.kind === 'app' ? 'app' : 'cli',
  pid: row.pid,
  host: row.host,
  startedAt: row.started_at,
  heartbeatAt: row.heartbeat_at,
  ...(row.process_start === null ? {} : { processStart: row.process_start }),
});

/**
 * Marks the runs whose reader died (a SIGKILLed terminal, a crashed app) interrupted, as a
 * starting app does, without registering this process: a command that only reads (`runs`,
 * `show`) then shows them as they are, not as "running" forever. A library that cannot be
 * written (read-only, busy) is left as it is and read as it is.
 */
export function settleDeadReaders(
  db: Database.Database,
  markInterrupted: (ownerAlive: (owner: string) => boolean) => unknown,
  now: number = Date.now(),
): void {
  const byId = db.prepare<[string], WriterRow>('SELECT * FROM writers WHERE id = ?');
  try {
    markInterrupted((owner) => {
      const row = byId.get(owner);
      return row !== undefined && writerAlive(toInfo(row), now);
    });
  } catch {
    // Read-only or busy: the listing still shows what is stored.
  }
}

/**
 * Whether a registered writer is alive: on another machine while its heartbeat is fresh; on
 * this one while its heartbeat is under an hour old and its pid is a live process (not a zombie)
 * that started when the writer's did (process-identity.ts), so a reused pid is not taken for it.
 */
export function writerAlive(
  row: Pick<WriterInfo, 'pid' | 'host' | 'heartbeatAt' | 'processStart'>,
  now: number,
  host: string = os.hostname(),
): boolean {
  const age = now - row.heartbeatAt;
  if (row.host !== host) return age < REMOTE_STALE_MS;
  return age < LOCAL_STALE_MS && sameProcessAlive(row.pid, row.processStart);
}

export interface RegisterOptions {
  now?: () => number;
  pid?: number;
  host?: string;
  heartbeatMs?: number;
}

/**
 * Registers this process as a writer of `db` and starts its heartbeat (an unref'd timer: it
 * never keeps a finished process alive). Rows of writers that died on this machine are removed
 * on the way, so the table holds the living and the recently gone.
 */
export function registerWriter(
  db: Database.Database,
  kind: WriterKind,
  options: RegisterOptions = {},
): Writer {
  const now = options.now ?? Date.now;
  const pid = options.pid ?? process.pid;
  const host = options.host ?? os.hostname();
  const id = randomUUID();
  const insert = db.prepare(
    'INSERT INTO writers (id, kind, pid, host, started_at, heartbeat_at, process_start) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const processStart = processState(pid).start ?? null;
  const beat = db.prepare('UPDATE writers SET heartbeat_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM writers WHERE id = ?');
  const byId = db.prepare<[string], WriterRow>('SELECT * FROM writers WHERE id = ?');
  const all = db.prepare<[], WriterRow>('SELECT * FROM writers');

  writeTransaction(db, () => {
    const t = now();
    for (const row of all.all()) {
      if (!writerAlive(toInfo(row), t, host)) remove.run(row.id);
    }
    insert.run(id, kind, pid, host, t, t, processStart);
  })(); // it reads before it writes: see write-transaction.ts

  let closed = false;
  const timer = setInterval(() => {
    try {
      if (db.open) beat.run(now(), id);
    } catch {
      // A busy or failing library misses one beat; the next one tries again.
    }
  }, options.heartbeatMs ?? HEARTBEAT_MS);
  timer.unref();

  return {
    id,
    kind,
    pid,
    isAlive(other) {
      if (other === id) return !closed;
      const row = byId.get(other);
      return row !== undefined && writerAlive(toInfo(row), now(), host);
    },
    info(other) {
      const row = byId.get(other);
      return row && toInfo(row);
    },
    close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      try {
        if (db.open) remove.run(id);
      } catch {
        // Left behind, the row is found dead (pid gone) and removed by the next writer.
      }
    },
  };
}

/**
 * Who is reading a run, in words for a refusal: "the MemAgent app (pid 812)", "memagent in a
 * terminal (pid 1234)".
 */
export function describeWriter(info: Pick<WriterInfo, 'kind' | 'pid' | 'host'>): string {
  const where = info.host === os.hostname() ? '' : ` on ${info.host}`;
  return info.kind === 'app'
    ? `the MemAgent app (pid ${info.pid}${where})`
    : `memagent in a terminal (pid ${info.pid}${where})`;
}

/**
 * The live process other than `writer` that is reading a run of `status` owned by `owner`, if
 * any: that process alone may write the run until it stops.
 */
export function otherLiveReader(
  writer: Writer,
  owner: string | undefined,
  status: RunStatus,
): WriterInfo | undefined {
  if (owner === undefined || owner === writer.id || !ACTIVE.has(status)) return undefined;
  if (!writer.isAlive(owner)) return undefined;
  return writer.info(owner);
}

const ACTIVE = new Set<RunStatus>(['queued', 'running', 'paused']);

/** The refusal to touch a run another live process is reading. */
export function beingReadError(reader: Pick<WriterInfo, 'kind' | 'pid' | 'host'>): CoreError {
  return new CoreError('BadUsage', `This question is being read by ${describeWriter(reader)}.`, {
    hint:
      reader.kind === 'app'
        ? 'Wait until it finishes, or pause or cancel it in the app first.'
        : 'Wait until it finishes, or stop it with Ctrl-C in that terminal first.',
  });
}

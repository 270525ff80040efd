import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { openStore, type Store } from './store.ts';
import {
  LOCAL_STALE_MS,
  REMOTE_STALE_MS,
  otherLiveReader,
  pidExists,
  registerWriter,
  writerAlive,
} from './writers.ts';

let dir: string;
let store: Store;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-writers-'));
  store = openStore(dir);
  store.documents.upsert({
    id: 'd',
    fileName: 'd.txt',
    format: 'text',
    title: 'd',
    chars: 1,
    openedAt: 1,
    warnings: [],
  });
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has just ended: no process has it now (pids are not reused at once). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(child.stdout.toString());
}

/** The state letter of process `pid` in /proc (R, S, Z ...), or '' once it is gone. */
function procState(pid: number): string {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
  } catch {
    return '';
  }
}

/** Resolves once `done()` holds, checking on every turn of the event loop. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setImmediate(resolve));
}

const run = (id: string, status: 'running' | 'paused' | 'done' | 'queued') =>
  store.runs.create({
    id,
    documentId: 'd',
    question: 'q',
    settings: DEFAULT_RUN_SETTINGS,
    status,
    createdAt: 1,
  });

describe('writers', () => {
  it('tells a live process from a dead one by its pid here, by its heartbeat elsewhere', () => {
    const host = os.hostname();
    const now = 1_000_000_000;
    expect(pidExists(process.pid)).toBe(true);
    expect(pidExists(deadPid())).toBe(false);
    // pid 1 belongs to another user when the tests do not run as root: EPERM is alive.
    expect(pidExists(1)).toBe(true);
    expect(writerAlive({ pid: process.pid, host, heartbeatAt: now - 1000 }, now, host)).toBe(true);
    expect(writerAlive({ pid: deadPid(), host, heartbeatAt: now }, now, host)).toBe(false);
    // A reused pid with a heartbeat an hour old is not the writer any more.
    expect(
      writerAlive({ pid: process.pid, host, heartbeatAt: now - LOCAL_STALE_MS - 1 }, now, host),
    ).toBe(false);
    const far = { pid: deadPid(), host: 'another-machine' };
    expect(writerAlive({ ...far, heartbeatAt: now - 1000 }, now, host)).toBe(true);
    expect(writerAlive({ ...far, heartbeatAt: now - REMOTE_STALE_MS - 1 }, now, host)).toBe(false);
  });

  it('interrupts only the runs whose reader is gone, and names a live reader', () => {
    const me = registerWriter(store.db, 'app');
    const terminal = registerWriter(store.db, 'cli', { pid: process.pid });
    const dead = registerWriter(store.db, 'cli', { pid: deadPid() });
    run('live', 'running');
    store.runs.setOwner('live', terminal.id);
    run('dead', 'running');
    store.runs.setOwner('dead', dead.id);
    run('none', 'queued');
    run('paused', 'paused');
    store.runs.setOwner('paused', dead.id);
    run('done', 'done');
    store.runs.setOwner('done', dead.id);
    expect(store.runs.markInterrupted((owner) => me.isAlive(owner)).sort()).toEqual([
      'dead',
      'none',
    ]);
    expect(store.runs.get('live')?.status).toBe('running');
    expect(store.runs.get('done')?.status).toBe('done');
    // Paused by a process that has ended: still paused, and nobody's.
    expect(store.runs.get('paused')?.status).toBe('paused');
    expect(store.runs.owner('paused')).toBeUndefined();
    expect(otherLiveReader(me, terminal.id, 'running')).toMatchObject({
      kind: 'cli',
      pid: process.pid,
    });
    // Its own runs, ended runs and runs of the dead have no other reader.
    expect(otherLiveReader(me, me.id, 'running')).toBeUndefined();
    expect(otherLiveReader(me, terminal.id, 'cancelled')).toBeUndefined();
    expect(otherLiveReader(me, dead.id, 'running')).toBeUndefined();
    // Closing removes the row; the next writer clears rows of dead processes.
    terminal.close();
    expect(me.info(terminal.id)).toBeUndefined();
    const next = registerWriter(store.db, 'cli');
    expect(me.info(dead.id)).toBeUndefined();
    for (const w of [me, dead, next]) w.close();
    expect(store.db.prepare('SELECT COUNT(*) FROM writers').pluck().get()).toBe(0);
  });

  // A terminal killed in a container without an init: nobody reaps it, so its pid stays taken
  // by a zombie that answers kill(pid, 0) until its parent ends.
  it.skipIf(process.platform !== 'linux')(
    'a reader that is a zombie is dead: its run is interrupted and nobody is told it is being read',
    async () => {
      // sh starts a short-lived child, then becomes `sleep`, which never waits for it.
      const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      });
      try {
        const zombie = await new Promise<number>((resolve) =>
          parent.stdout.once('data', (d: Buffer) => resolve(Number(d.toString().trim()))),
        );
        await until(() => procState(zombie) === 'Z');
        const me = registerWriter(store.db, 'app');
        const terminal = registerWriter(store.db, 'cli', { pid: zombie });
        run('left', 'running');
        store.runs.setOwner('left', terminal.id);
        expect(otherLiveReader(me, terminal.id, 'running')).toBeUndefined();
        expect(store.runs.markInterrupted((owner) => me.isAlive(owner))).toEqual(['left']);
        me.close();
      } finally {
        parent.kill('SIGKILL');
      }
    },
  );

  it.skipIf(process.platform !== 'linux')(
    'a pid now held by another process (after a reboot or a wrap-around) is not the reader',
    () => {
      const me = registerWriter(store.db, 'app');
      // A terminal recorded with a live pid, but its process started at another moment.
      const terminal = registerWriter(store.db, 'cli', { pid: process.pid });
      expect(me.isAlive(terminal.id)).toBe(true);
      store.db
        .prepare("UPDATE writers SET process_start = 'another-boot:12345' WHERE id = ?")
        .run(terminal.id);
      run('left', 'running');
      store.runs.setOwner('left', terminal.id);
      expect(me.isAlive(terminal.id)).toBe(false);
      expect(otherLiveReader(me, terminal.id, 'running')).toBeUndefined();
      expect(store.runs.markInterrupted((owner) => me.isAlive(owner))).toEqual(['left']);
      me.close();
    },
  );

  it('finds runs by the first characters of their id, literally', () => {
    run('3f2a1b2c-aaaa', 'done');
    run('3f2a9999-bbbb', 'done');
    run('ab_cd', 'done');
    expect(store.runs.idsStartingWith('3f2a1', 10)).toEqual(['3f2a1b2c-aaaa']);
    expect(store.runs.idsStartingWith('3f2a', 10)).toEqual(['3f2a1b2c-aaaa', '3f2a9999-bbbb']);
    expect(store.runs.idsStartingWith('*', 10)).toEqual([]);
    expect(store.runs.idsStartingWith('ab_', 10)).toEqual(['ab_cd']);
    expect(store.runs.idsStartingWith('a?', 10)).toEqual([]);
  });
});

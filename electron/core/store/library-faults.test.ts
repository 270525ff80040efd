// Faults of the library file: damaged, read-only, locked by another process, a full disk. Real
// SQLite files, real second processes.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS, type DocumentInfo } from '../../../shared/model.ts';
import { CoreError, toAppError } from '../errors.ts';
import { openAppLibrary } from './library-open.ts';
import { damageMemoryPage } from './damaged-page.test-support.ts';
import { DATABASE_FILE, LibraryDamaged } from './database.ts';
import { SCHEMA_VERSION } from './migrations.ts';
import { openStore } from './store.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const CHILD = path.join(here, 'library-child.test-support.ts');
const usage = { promptTokens: 1, completionTokens: 1 };

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-faults-'));
  file = path.join(dir, DATABASE_FILE);
});
afterEach(() => {
  fs.chmodSync(dir, 0o755);
  fs.rmSync(dir, { recursive: true, force: true });
});

const doc: DocumentInfo = {
  id: 'book',
  fileName: 'book.txt',
  format: 'text',
  title: 'Book',
  chars: 10,
  openedAt: 1,
  warnings: [],
};

/** A library with one run of `chunks` memory states, closed. */
function library(chunks = 40): void {
  const store = openStore(dir);
  store.documents.upsert(doc);
  store.runs.create({
    id: 'r1',
    documentId: 'book',
    question: 'What is the vault code?',
    settings: DEFAULT_RUN_SETTINGS,
    status: 'running',
    createdAt: 1,
    textKey: 'book',
  });
  for (let chunk = 0; chunk < chunks; chunk += 1)
    store.runs.saveMemory('r1', {
      chunk,
      memory: `Chunk ${chunk}: ${'the vault code is kept in the mill. '.repeat(40)}`,
      usage,
      ms: 1,
      kept: false,
    });
  store.close();
}

// `log`: the damage leaves a -wal and -shm of its own beside the file (the check refuses such a
// file before SQLite reads its log).
const damages: [string, () => void, boolean][] = [
  [
    'garbage bytes over the whole file',
    () => fs.writeFileSync(file, Buffer.alloc(fs.statSync(file).size, 0x5a)),
    true,
  ],
  [
    'a file cut to half its length',
    () => fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2)),
    false,
  ],
  [
    'a file that is not SQLite',
    () => fs.writeFileSync(file, '%PDF-1.7\nthis is a PDF, not a library\n'),
    true,
  ],
  [
    'a header intact and every page after it overwritten',
    () => {
      const bytes = fs.readFileSync(file);
      bytes.fill(0xa5, 100);
      fs.writeFileSync(file, bytes);
    },
    false,
  ],
  [
    // SQLite opens such a file and reads it without a word until a query reaches the page.
    'one page of the memories with its header overwritten (a bad sector)',
    () => damageMemoryPage(file),
    false,
  ],
];

describe('a damaged library file', () => {
  for (const [what, damage, log] of damages) {
    it(`${what}: refused with the file named; the app keeps it aside and starts afresh`, () => {
      library();
      damage();
      // A -wal and -shm beside it travel with it (here: bytes of their own, to check they move).
      if (log) {
        fs.writeFileSync(`${file}-wal`, 'old log');
        fs.writeFileSync(`${file}-shm`, 'old shm');
      }
      const damaged = fs.readFileSync(file);

      let thrown: unknown;
      try {
        openStore(dir).close();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(LibraryDamaged);
      const value = toAppError(thrown);
      expect(value.kind).toBe('Damaged');
      expect(value.message).toBe(
        `The library ${file} is damaged: it is not a readable SQLite database.`,
      );
      expect(value.hint).toMatch(/Move it aside together with its -wal and -shm files/);
      // Refusing changed nothing.
      expect(fs.readFileSync(file).equals(damaged)).toBe(true);
      if (log) expect(fs.readFileSync(`${file}-wal`, 'utf8')).toBe('old log');

      const at = new Date('2026-11-23T20:00:00Z');
      const { store, notice } = openAppLibrary(dir, at);
      const aside = `${file}.damaged-2026-11-23T20-00-00-000Z`;
      expect(notice).toBe(
        `The library file was damaged, so MemAgent started a new, empty library. The old file is kept, unchanged, as ${aside}.`,
      );
      expect(fs.readFileSync(aside).equals(damaged)).toBe(true);
      if (log) {
        expect(fs.readFileSync(`${aside}-wal`, 'utf8')).toBe('old log');
        expect(fs.readFileSync(`${aside}-shm`, 'utf8')).toBe('old shm');
      }
      expect(store.documents.list()).toEqual([]);
      store.documents.upsert(doc);
      store.close();
      // The next start opens the new library quietly; the kept file is still there.
      const again = openAppLibrary(dir, at);
      expect(again.notice).toBeUndefined();
      expect(again.store.documents.get('book')?.title).toBe('Book');
      again.store.close();
      expect(fs.readFileSync(aside).equals(damaged)).toBe(true);
    });
  }

  it('a second damaged file on the same moment gets a name of its own', () => {
    const at = new Date('2026-11-23T20:00:00Z');
    fs.writeFileSync(file, 'not a database, once');
    openAppLibrary(dir, at).store.close();
    fs.rmSync(file);
    fs.rmSync(`${file}-wal`, { force: true });
    fs.rmSync(`${file}-shm`, { force: true });
    fs.writeFileSync(file, 'not a database, twice');
    const { store, notice } = openAppLibrary(dir, at);
    store.close();
    expect(notice).toMatch(/damaged-2026-11-23T20-00-00-000Z-2\.$/);
    expect(fs.readFileSync(`${file}.damaged-2026-11-23T20-00-00-000Z`, 'utf8')).toBe(
      'not a database, once',
    );
  });
});

describe('a library that cannot be written', () => {
  it('a read-only file and folder: another process is told so in one sentence, and nothing changes', () => {
    library(3);
    const before = fs.readFileSync(file);
    fs.chmodSync(file, 0o444);
    fs.chmodSync(dir, 0o555);
    // Root ignores file modes: the second process runs as nobody then, as a user would.
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const child = spawnSync(process.execPath, [CHILD, 'write', file], {
      encoding: 'utf8',
      ...asUser,
    });
    expect(child.stderr).toBe('');
    const error = JSON.parse(child.stdout) as { kind: string; message: string; hint: string };
    expect(error.kind).toBe('LibraryUnavailable');
    expect(error.message).toBe(
      `The library ${file} cannot be written: the file or its folder is read-only.`,
    );
    expect(error.hint).toBe(
      'Make the file and its folder writable, use another library with --db FILE, or ask with --no-save to save nothing.',
    );
    fs.chmodSync(dir, 0o755);
    fs.chmodSync(file, 0o644);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
  });

  it('locked by another process beyond the wait: "the library is busy", and the run is saved once it is free', async () => {
    library(3);
    const locker = spawn(process.execPath, [CHILD, 'lock', file], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) =>
      locker.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve()),
    );
    const store = openStore(dir);
    store.db.pragma('busy_timeout = 300');
    const state = { chunk: 3, memory: 'the fourth memory', usage, ms: 1, kept: false };
    let thrown: unknown;
    try {
      store.runs.saveMemory('r1', state);
    } catch (error) {
      thrown = error;
    }
    const value = toAppError(thrown);
    expect(value.kind).toBe('LibraryUnavailable');
    expect(value.message).toMatch(
      /^The library is busy: another process \(the app or another memagent\) has held it/,
    );
    expect(value.hint).toBe(
      'Try again when the other process is done with it; nothing saved was lost.',
    );
    locker.stdin.end();
    await new Promise((resolve) => locker.on('close', resolve));
    store.runs.saveMemory('r1', state);
    expect(store.runs.memories('r1').map((m) => m.chunk)).toEqual([0, 1, 2, 3]);
    store.close();
  });

  it('a full disk: the write fails in one sentence and everything committed before is intact', () => {
    library(10);
    const store = openStore(dir);
    // No page beyond those the file has: the next write that needs one meets SQLITE_FULL, as on
    // a full disk.
    const pages = store.db.pragma('page_count', { simple: true }) as number;
    store.db.pragma(`max_page_count = ${pages}`);
    let thrown: unknown;
    try {
      for (let chunk = 10; chunk < 400; chunk += 1)
        store.runs.saveMemory('r1', {
          chunk,
          memory: `Chunk ${chunk}: ${'a new finding about the mill. '.repeat(60)}`,
          usage,
          ms: 1,
          kept: false,
        });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeDefined();
    expect(thrown).not.toBeInstanceOf(CoreError);
    expect(toAppError(thrown)).toMatchObject({
      kind: 'LibraryUnavailable',
      message: 'The disk holding the library is full: the change could not be saved.',
      hint: 'Free some space and try again; everything saved before is intact.',
    });
    const saved = store.runs.memories('r1').length;
    expect(saved).toBeGreaterThanOrEqual(10);
    store.close();
    const reopened = openStore(dir);
    const memories = reopened.runs.memories('r1');
    expect(memories).toHaveLength(saved);
    expect(memories.map((m) => m.chunk)).toEqual([...Array(saved).keys()]);
    expect(memories[0]?.memory).toMatch(/^Chunk 0: the vault code/);
    expect(reopened.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(reopened.runs.search('vault code').map((h) => h.run.id)).toEqual(['r1']);
    reopened.close();
  });
});

describe('a new library opened by several processes at once', () => {
  it('every one opens it: the schema is made once, nobody fails on a table another just made', async () => {
    const opened = (file: string) =>
      new Promise<string>((resolve, reject) => {
        const child = spawn(process.execPath, [CHILD, 'open', file], {
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        let out = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.on('error', reject);
        child.on('close', () => resolve(out.trim()));
      });
    for (let round = 0; round < 4; round += 1) {
      const file = path.join(dir, `new-${round}.db`);
      const results = await Promise.all([opened(file), opened(file), opened(file)]);
      expect(results).toEqual(['opened', 'opened', 'opened']);
      const store = openStore(dir, file);
      expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
      store.close();
    }
  }, 60_000);
});

// A library damaged while it is open (a bad sector under a library too large to check at open,
// a sync tool writing into it): the first SQLITE_CORRUPT marks it, nothing more is written into
// it, and its next open checks every page. A real library file, damaged from another handle.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS, type DocumentInfo } from '../../../shared/model.ts';
import { toAppError } from '../errors.ts';
import { openAppLibrary } from './library-open.ts';
import { markerOf } from './damage-mark.ts';
import { damageMemoryPage } from './damaged-page.test-support.ts';
import { DATABASE_FILE, LibraryDamaged } from './database.ts';
import { checkPages } from './page-check.ts';
import { openStore } from './store.ts';

const usage = { promptTokens: 1, completionTokens: 1 };
const doc = (id: string): DocumentInfo => ({
  id,
  fileName: `${id}.txt`,
  format: 'text',
  title: id,
  chars: 10,
  openedAt: 1,
  warnings: [],
});

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-damaged-open-'));
  file = path.join(dir, DATABASE_FILE);
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A library with one run of 40 memory states, closed (its log folded into the file). */
function library(): void {
  const store = openStore(dir);
  store.documents.upsert(doc('book'));
  store.runs.create({
    id: 'r1',
    documentId: 'book',
    question: 'What is the vault code?',
    settings: DEFAULT_RUN_SETTINGS,
    status: 'done',
    createdAt: 1,
    textKey: 'book',
  });
  for (let chunk = 0; chunk < 40; chunk += 1)
    store.runs.saveMemory('r1', {
      chunk,
      memory: `Chunk ${chunk}: ${'the vault code is kept in the mill. '.repeat(40)}`,
      usage,
      ms: 1,
      kept: false,
    });
  store.close();
}

const damagePage = (): void => damageMemoryPage(file);

/** Another process's commit: a reader's cached pages are then read again from the file. */
function anotherCommit(): void {
  const other = new Database(file);
  other.pragma('busy_timeout = 5000');
  other.pragma(`user_version = ${other.pragma('user_version', { simple: true }) as number}`);
  other.close();
}

const failure = (work: () => unknown): unknown => {
  try {
    work();
  } catch (error) {
    return error;
  }
  throw new Error('it did not fail');
};

describe('a library damaged while it is open', () => {
  it('is reported damaged, written no more, marked, and refused at its next open', () => {
    library();
    const store = openStore(dir); // whole at open: its check passes
    damagePage();
    anotherCommit();

    const read = toAppError(failure(() => store.runs.memories('r1')));
    expect(read).toMatchObject({
      kind: 'Damaged',
      message: 'The library is damaged: it is not a readable SQLite database.',
    });
    const marker = JSON.parse(fs.readFileSync(markerOf(file), 'utf8')) as Record<string, unknown>;
    expect(marker['detail']).toMatch(/^SQLITE_CORRUPT/);
    expect(typeof marker['foundAt']).toBe('string');

    // The next write is refused with the damaged sentence, and nothing reaches the file or log.
    const bytes = fs.readFileSync(file);
    const log = fs.readFileSync(`${file}-wal`);
    const write = toAppError(failure(() => store.documents.upsert(doc('another'))));
    expect(write.kind).toBe('Damaged');
    expect(write.message).toBe('The library is damaged: it is not a readable SQLite database.');
    expect(write.hint).toMatch(/^Nothing more is written into it until it is opened again/);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(fs.readFileSync(`${file}-wal`).equals(log)).toBe(true);
    store.close();

    // The next open checks every page and refuses; the app keeps it aside, marker and all.
    expect(failure(() => openStore(dir))).toBeInstanceOf(LibraryDamaged);
    const at = new Date('2026-11-27T10:00:00Z');
    const opened = openAppLibrary(dir, at);
    const aside = `${file}.damaged-2026-11-27T10-00-00-000Z`;
    expect(opened.notice).toMatch(/started a new, empty library/);
    expect(fs.existsSync(`${aside}.damaged`)).toBe(true);
    expect(fs.existsSync(markerOf(file))).toBe(false);
    opened.store.documents.upsert(doc('fresh'));
    opened.store.close();
  });

  it('checks a marked library at open whatever its size; a whole one loses its marker', () => {
    library();
    // Above the size checked at open (here 1 byte), a damaged page passes unseen, unless marked.
    damagePage();
    const db = new Database(file);
    expect(() => checkPages(db, file, 1)).not.toThrow();
    fs.writeFileSync(markerOf(file), '{"detail":"SQLITE_CORRUPT: earlier"}\n');
    expect(() => checkPages(db, file, 1)).toThrow(LibraryDamaged);
    expect(fs.existsSync(markerOf(file))).toBe(true);
    db.close();

    // A transient error: the library is whole, so the open passes and the marker goes.
    fs.rmSync(dir, { recursive: true });
    fs.mkdirSync(dir);
    library();
    fs.writeFileSync(markerOf(file), '{"detail":"SQLITE_CORRUPT: a flaky read"}\n');
    const store = openStore(dir);
    expect(fs.existsSync(markerOf(file))).toBe(false);
    store.documents.upsert(doc('after'));
    expect(store.documents.get('after')?.title).toBe('after');
    store.close();
  });
});

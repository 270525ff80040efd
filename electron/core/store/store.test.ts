import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_READING,
  DEFAULT_RUN_SETTINGS,
  type DocumentInfo,
  type Reading,
} from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { DATABASE_FILE, openDatabase } from './database.ts';
import { MIGRATIONS, SCHEMA_VERSION, migrate, type Migration } from './migrations.ts';
import { openStore, type Store } from './store.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-store-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const doc = (id: string, openedAt = 1): DocumentInfo => ({
  id,
  fileName: `${id}.txt`,
  path: `/tmp/${id}.txt`,
  format: 'text',
  title: id,
  chars: 100,
  openedAt,
  warnings: ['w1'],
});

describe('migrations', () => {
  it('leaves alone a library another process migrated while this one was about to', () => {
    const file = path.join(dir, DATABASE_FILE);
    const other = new Database(file);
    const self = new Database(file);
    // This process has read version 0; the other migrates before this one's first step.
    class Racing extends Array<Migration> {
      override *[Symbol.iterator](): ArrayIterator<Migration> {
        migrate(other);
        yield* Array.prototype.values.call(this) as ArrayIterator<Migration>;
      }
    }
    const racing = Racing.from(MIGRATIONS);
    expect(migrate(self, racing)).toBe(SCHEMA_VERSION);
    other.close();
    self.close();
  });

  it('creates the schema on an empty database with WAL and foreign keys', () => {
    const db = openDatabase(dir);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
      .pluck()
      .all();
    expect(tables).toEqual(
      expect.arrayContaining([
        'answers',
        'chunks',
        'documents',
        'memory_states',
        'profiles',
        'runs',
        'settings',
        'warnings',
      ]),
    );
    db.close();
    expect(fs.existsSync(path.join(dir, DATABASE_FILE))).toBe(true);
  });

  it('reopens idempotently and keeps the data', () => {
    const store = openStore(dir);
    store.documents.upsert(doc('a'));
    store.close();
    const again = openStore(dir);
    expect(again.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(again.documents.get('a')?.title).toBe('a');
    again.close();
  });

  it('applies only the steps a database has not seen, in order', () => {
    const db = new Database(path.join(dir, 'x.db'));
    const applied: number[] = [];
    const steps: Migration[] = [
      ...MIGRATIONS,
      {
        version: SCHEMA_VERSION + 1,
        description: 'extra',
        up: (d) => (applied.push(1), d.exec('CREATE TABLE extra (x)')),
      },
    ];
    expect(migrate(db, MIGRATIONS)).toBe(SCHEMA_VERSION);
    expect(migrate(db, steps)).toBe(SCHEMA_VERSION + 1);
    expect(migrate(db, steps)).toBe(SCHEMA_VERSION + 1);
    expect(applied).toEqual([1]);
    db.close();
  });

  it('rolls back a failing step and refuses a database from a newer build', () => {
    const db = new Database(path.join(dir, 'y.db'));
    const broken: Migration[] = [
      ...MIGRATIONS,
      {
        version: SCHEMA_VERSION + 1,
        description: 'broken',
        up: (d) => (d.exec('CREATE TABLE half (x)'), d.exec('NOT SQL')),
      },
    ];
    expect(() => migrate(db, broken)).toThrow();
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(db.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'half'").pluck().get()).toBe(
      0,
    );
    db.pragma(`user_version = ${SCHEMA_VERSION + 5}`);
    expect(() => migrate(db)).toThrow(CoreError);
    db.close();
  });
});

describe('migration 3: readings and text keys', () => {
  it('keeps a version-2 library readable: old documents and runs refer to the text keyed by the id', () => {
    const db = new Database(path.join(dir, DATABASE_FILE));
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version <= 2),
    );
    db.prepare(
      `INSERT INTO documents (id, file_name, path, format, title, chars, page_count, opened_at, warnings)
       VALUES ('p', 'scan.pdf', '/tmp/scan.pdf', 'pdf', 'Scan', 10, 2, 1, '[]')`,
    ).run();
    db.prepare(
      `INSERT INTO runs (id, document_id, question, settings, status, created_at)
       VALUES ('r', 'p', 'Why?', ?, 'done', 2)`,
    ).run(JSON.stringify(DEFAULT_RUN_SETTINGS));
    db.close();

    const store = openStore(dir);
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    const info = store.documents.get('p');
    expect(info).toMatchObject({ id: 'p', format: 'pdf', pageCount: 2, textKey: 'p' });
    expect(info?.reading).toBeUndefined();
    expect(info?.ocrPageCount).toBeUndefined();
    expect(store.runs.get('r')).toMatchObject({ question: 'Why?', status: 'done', textKey: 'p' });
    expect(store.documents.readingFor('p', 'p')).toEqual(DEFAULT_READING);
    expect(store.documents.textKeys('p')).toEqual(['p']);
    store.close();
  });

  it('records every reading a document had, until the document is removed', () => {
    const store = openStore(dir);
    store.documents.upsert({ ...doc('p'), format: 'pdf', reading: DEFAULT_READING, textKey: 'p' });
    store.documents.setTokenCount('p', 50, 'qwen');
    const allPages: Reading = { ocr: 'all-pages', languages: ['deu'] };
    store.documents.setText('p', {
      title: 'Scan',
      chars: 120,
      pageCount: 3,
      warnings: [],
      ocrPageCount: 3,
      reading: allPages,
      textKey: 'k2',
    });
    expect(store.documents.get('p')).toMatchObject({
      chars: 120,
      textKey: 'k2',
      ocrPageCount: 3,
      reading: allPages,
    });
    expect(store.documents.get('p')?.tokenCount).toBeUndefined();
    expect(store.documents.readingFor('p', 'k2')).toEqual(allPages);
    expect(store.documents.readingFor('p', 'k3')).toBeUndefined();
    expect(store.documents.readingFor('q', 'q')).toBeUndefined();
    expect(store.documents.textKeys('p')).toEqual(['p', 'k2']);
    store.documents.remove('p');
    expect(store.documents.readingFor('p', 'k2')).toBeUndefined();
    store.close();
  });
});

describe('repositories', () => {
  let store: Store;
  beforeEach(() => {
    store = openStore(dir);
  });
  afterEach(() => store.close());

  it('stores documents, newest first, keeping a known token count on reopen', () => {
    store.documents.upsert(doc('a', 1));
    store.documents.upsert(doc('b', 2));
    store.documents.setTokenCount('a', 1234, 'qwen2.5');
    store.documents.upsert({ ...doc('a', 3), fileName: 'renamed.txt' });
    const list = store.documents.list();
    expect(list.map((d) => d.id)).toEqual(['a', 'b']);
    expect(list[0]).toMatchObject({
      fileName: 'renamed.txt',
      tokenCount: 1234,
      tokenizer: 'qwen2.5',
      warnings: ['w1'],
    });
  });

  it('keeps a run: chunks, memories in order, warnings, answer and usage totals; cascades on delete', () => {
    store.documents.upsert(doc('d'));
    store.runs.create({
      id: 'r',
      documentId: 'd',
      question: 'q?',
      settings: DEFAULT_RUN_SETTINGS,
      status: 'queued',
      createdAt: 5,
    });
    store.runs.setChunks('r', [
      { index: 0, start: 0, end: 10, tokens: 3, pages: { first: 1, last: 2, firstLabel: 'i' } },
      { index: 1, start: 10, end: 20, tokens: 4, section: 'Intro' },
    ]);
    const usage = { promptTokens: 10, completionTokens: 2 };
    store.runs.saveMemory('r', { chunk: 1, memory: 'm1', usage, ms: 5, kept: true });
    store.runs.saveMemory('r', { chunk: 0, memory: 'm0', usage, ms: 5, kept: false });
    store.runs.saveMemory('r', { chunk: 0, memory: 'm0', usage, ms: 5, kept: false });
    store.runs.addWarning('r', { chunk: 1, code: 'length-cut', message: 'cut' });
    store.runs.saveAnswer('r', { answer: '42', response: '\\boxed{42}', usage, ms: 3, cut: false });
    store.runs.setStatus('r', 'error', {
      finishedAt: 9,
      error: { kind: 'BackendFailed', message: 'x' },
    });
    const summary = store.runs.get('r');
    expect(summary).toMatchObject({
      status: 'error',
      chunkCount: 2,
      chunksDone: 2,
      answer: '42',
      finishedAt: 9,
    });
    expect(summary?.usage).toEqual({ promptTokens: 30, completionTokens: 6 });
    expect(summary?.answerCut).toBeUndefined();
    // A final reply cut at its token limit is remembered with its answer.
    store.runs.saveAnswer('r', { answer: null, response: '\\boxed{4', usage, ms: 3, cut: true });
    expect(store.runs.answer('r')).toMatchObject({ answer: null, cut: true });
    expect(store.runs.get('r')).toMatchObject({ answer: null, answerCut: true });
    expect(summary?.error?.kind).toBe('BackendFailed');
    expect(store.runs.chunks('r')[0]?.pages).toEqual({ first: 1, last: 2, firstLabel: 'i' });
    expect(store.runs.chunks('r')[1]?.section).toBe('Intro');
    expect(store.runs.memories('r').map((m) => [m.chunk, m.memory, m.kept])).toEqual([
      [0, 'm0', false],
      [1, 'm1', true],
    ]);
    expect(store.runs.warnings('r')).toEqual([{ chunk: 1, code: 'length-cut', message: 'cut' }]);
    // Replies as received, where they differ from what was kept; rows without one read as before.
    expect(store.runs.memories('r')[0]?.reply).toBeUndefined();
    store.runs.saveMemory('r', { chunk: 1, memory: 'm0', usage, ms: 5, kept: true, reply: '' });
    expect(store.runs.memories('r')[1]).toMatchObject({ memory: 'm0', kept: true, reply: '' });
    expect(store.runs.answer('r')?.raw).toBeUndefined();
    store.runs.saveAnswer('r', {
      answer: '42',
      response: '\\boxed{42}',
      usage,
      ms: 3,
      cut: false,
      raw: '<think>six times seven</think>\\boxed{42}',
    });
    expect(store.runs.answer('r')?.raw).toBe('<think>six times seven</think>\\boxed{42}');
    store.documents.remove('d');
    expect(store.runs.get('r')).toBeUndefined();
    expect(store.db.prepare('SELECT COUNT(*) FROM memory_states').pluck().get()).toBe(0);
  });

  it('marks runs left unfinished as interrupted; a paused one stays paused, with no owner', () => {
    store.documents.upsert(doc('d'));
    for (const [id, status] of [
      ['a', 'running'],
      ['b', 'paused'],
      ['c', 'done'],
      ['e', 'queued'],
    ] as const) {
      store.runs.create({
        id,
        documentId: 'd',
        question: 'q',
        settings: DEFAULT_RUN_SETTINGS,
        status,
        createdAt: 1,
      });
    }
    store.runs.setOwner('b', 'gone');
    expect(store.runs.markInterrupted().sort()).toEqual(['a', 'e']);
    // Paused on purpose at a chunk boundary: continued from there by any process.
    expect(store.runs.owner('b')).toBeUndefined();
    expect(
      store.runs
        .listByDocument('d')
        .map((r) => [r.id, r.status])
        .sort(),
    ).toEqual([
      ['a', 'interrupted'],
      ['b', 'paused'],
      ['c', 'done'],
      ['e', 'interrupted'],
    ]);
  });

  it('reports a damaged JSON column as a Damaged error, not a crash', () => {
    store.documents.upsert(doc('d'));
    store.runs.create({
      id: 'r',
      documentId: 'd',
      question: 'q',
      settings: DEFAULT_RUN_SETTINGS,
      status: 'done',
      createdAt: 1,
    });
    store.db.prepare('UPDATE runs SET settings = \'{"chunkTokens": -1}\'').run();
    expect(() => store.runs.get('r')).toThrow(expect.objectContaining({ kind: 'Damaged' }));
  });

  it('keeps profiles in order, the active profile and defaults', () => {
    expect(store.settings.defaults()).toEqual(DEFAULT_RUN_SETTINGS);
    store.settings.saveProfile({
      id: 'p1',
      name: 'Local',
      kind: 'vllm',
      baseUrl: 'http://localhost:8000/v1',
    });
    store.settings.saveProfile({
      id: 'p2',
      name: 'Cloud',
      kind: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      model: 'gpt-4o',
    });
    store.settings.saveProfile({
      id: 'p1',
      name: 'Local 2',
      kind: 'vllm',
      baseUrl: 'http://localhost:8001/v1',
    });
    expect(store.settings.profiles().map((p) => p.name)).toEqual(['Local 2', 'Cloud']);
    store.settings.setActiveProfileId('p2');
    expect(store.settings.activeProfileId()).toBe('p2');
    store.settings.deleteProfile('p2');
    expect(store.settings.activeProfileId()).toBeNull();
    store.settings.setDefaults({ ...DEFAULT_RUN_SETTINGS, temperature: 0 });
    expect(store.settings.defaults().temperature).toBe(0);
  });
});

describe('the history index (migrations 5 and 8)', () => {
  const search = (store: Store, text: string) =>
    store.runs
      .search(text)
      .flatMap((hit) =>
        hit.matches.map((m) => ({ run: hit.run.id, field: m.field, chunk: m.chunk ?? -1 })),
      );
  /** Rows of the index holding one trigram. */
  const indexed = (store: Store, trigram: string) =>
    store.db
      .prepare('SELECT COUNT(*) FROM history_fts WHERE history_fts MATCH ?')
      .pluck()
      .get(`"${trigram}"`);

  it('finds questions, answers and memories, in any script, and forgets a removed run', () => {
    const store = openStore(dir);
    store.documents.upsert(doc('d1'));
    store.runs.create({
      id: 'r1',
      documentId: 'd1',
      question: 'Who signed the lease?',
      settings: DEFAULT_RUN_SETTINGS,
      status: 'running',
      createdAt: 1,
    });
    const usage = { promptTokens: 1, completionTokens: 1 };
    store.runs.saveMemory('r1', {
      chunk: 0,
      memory: '契約は東京で署名された',
      usage,
      ms: 1,
      kept: false,
    });
    // A chunk read again after a crash replaces its memory: the index keeps one row, the new one.
    store.runs.saveMemory('r1', {
      chunk: 0,
      memory: '契約は大阪で署名された',
      usage,
      ms: 1,
      kept: false,
    });
    store.runs.saveAnswer('r1', {
      answer: 'Ada Lovelace',
      response: 'The answer is Ada Lovelace',
      usage,
      ms: 1,
      cut: false,
    });
    expect(search(store, 'SIGNED the')).toEqual([{ run: 'r1', field: 'question', chunk: -1 }]);
    expect(search(store, '大阪で')).toEqual([{ run: 'r1', field: 'memory', chunk: 0 }]);
    expect(search(store, '東京で')).toEqual([]);
    expect(indexed(store, '東京で')).toBe(0);
    expect(indexed(store, '大阪で')).toBe(1);
    expect(search(store, 'lovelace')).toEqual([{ run: 'r1', field: 'answer', chunk: -1 }]);
    expect(store.runs.get('r1')?.origin).toBe('app');
    store.runs.remove('r1');
    expect(search(store, 'lovelace')).toEqual([]);
    expect(store.db.prepare('SELECT COUNT(*) FROM history').pluck().get()).toBe(0);
    expect(indexed(store, 'ace')).toBe(0);
    store.close();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS, type DocumentInfo } from '../../../shared/model.ts';
import { MIGRATIONS, migrate } from './migrations.ts';
import { createRunRepo } from './run-repo.ts';
import { openStore, type Store } from './store.ts';

let dir: string;
let store: Store;
const usage = { promptTokens: 10, completionTokens: 5 };

const doc = (id: string): DocumentInfo => ({
  id,
  fileName: `${id}.txt`,
  format: 'text',
  title: id,
  chars: 100,
  openedAt: 1,
  warnings: [],
});

function run(
  id: string,
  documentId: string,
  createdAt: number,
  question: string,
  memories: string[],
  answer?: string,
) {
  store.runs.create({
    id,
    documentId,
    question,
    settings: DEFAULT_RUN_SETTINGS,
    status: answer === undefined ? 'interrupted' : 'done',
    createdAt,
    textKey: documentId,
  });
  memories.forEach((memory, chunk) =>
    store.runs.saveMemory(id, { chunk, memory, usage, ms: 1, kept: false }),
  );
  if (answer !== undefined)
    store.runs.saveAnswer(id, { answer, response: answer, usage, ms: 1, cut: false });
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-history-'));
  store = openStore(dir);
  store.documents.upsert(doc('book'));
  store.documents.upsert(doc('licence'));
  run(
    'r1',
    'book',
    1000,
    'Who is the captain of the Pequod?',
    ['Ishmael goes to sea.', 'The captain is Ahab, obsessed with the whale.', 'Ahab dies.'],
    'Captain Ahab',
  );
  run('r2', 'licence', 2000, 'What does the licence require?', [
    'Conveying verbatim copies is allowed (see section 4) — "NEAR" and OR are words here.',
    '東京の地図と研究者の記録。 a*b -x',
  ]);
  run('r3', 'book', 3000, 'What colour is the whale?', ['The whale is white.'], 'white');
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const ids = (text: string, options?: Parameters<Store['runs']['search']>[1]) =>
  store.runs.search(text, options).map((h) => h.run.id);

describe('history search', () => {
  it('finds questions, answers and memories, newest run first, any case', () => {
    expect(ids('WHALE')).toEqual(['r3', 'r1']);
    const [hit] = store.runs.search('ahab').filter((h) => h.run.id === 'r1');
    // The answer first, then the memory where Ahab entered, then the next.
    expect(hit?.hits).toBe(3);
    expect(hit?.matches.map((m) => [m.field, m.chunk])).toEqual([
      ['answer', undefined],
      ['memory', 1],
      ['memory', 2],
    ]);
    expect(hit?.matches[1]).toMatchObject({
      before: 'The captain is ',
      match: 'Ahab',
      after: ', obsessed with the whale.',
    });
    expect(hit?.run.answer).toBe('Captain Ahab');
  });

  it('keeps to one document when asked', () => {
    expect(ids('the', { documentId: 'book' })).toEqual(['r3', 'r1']);
    expect(ids('the', { documentId: 'licence' })).toEqual(['r2']);
  });

  it('searches the user’s text literally, never as FTS5 query syntax', () => {
    expect(ids('"NEAR"')).toEqual(['r2']);
    expect(ids('"NEAR" and OR are')).toEqual(['r2']);
    expect(ids('NEAR')).toEqual(['r2']);
    expect(ids('(see section 4)')).toEqual(['r2']);
    expect(ids('a*b')).toEqual(['r2']);
    expect(ids('a*')).toEqual(['r2']);
    expect(ids('-x')).toEqual(['r2']);
    // Every word must be in the run, NEAR and OR included, as words.
    expect(ids('is OR whale')).toEqual([]);
    expect(ids('captain NEAR ahab')).toEqual([]);
    expect(ids('verbatim NEAR')).toEqual(['r2']);
    expect(ids('white*')).toEqual([]);
    expect(ids('"')).toEqual(['r2']);
    expect(ids('%')).toEqual([]);
    expect(ids('_')).toEqual([]);
  });

  it('finds terms shorter than a trigram, Japanese two-character words included', () => {
    expect(ids('東京')).toEqual(['r2']);
    expect(ids('地図')).toEqual(['r2']);
    expect(ids('研究者')).toEqual(['r2']);
    expect(ids('Ah')).toEqual(['r1']);
    expect(ids('東京の地図')).toEqual(['r2']);
    const [hit] = store.runs.search('地図');
    expect(hit?.matches[0]).toMatchObject({ field: 'memory', chunk: 1, match: '地図' });
  });

  it('is bounded, and empty text finds nothing', () => {
    expect(ids('the', { limit: 1 })).toEqual(['r3']);
    expect(ids('   ')).toEqual([]);
  });

  it('follows the library: a removed run is gone, a re-read memory is found by its new text', () => {
    store.runs.remove('r3');
    expect(ids('whale')).toEqual(['r1']);
    store.runs.saveMemory('r1', { chunk: 0, memory: 'Queequeg', usage, ms: 1, kept: false });
    expect(ids('queequeg')).toEqual(['r1']);
    expect(ids('Ishmael')).toEqual([]);
  });

  it('finds every word anywhere in a run, not one phrase', () => {
    // "captain" is in r1's question, "white" only in r3: no run holds both.
    expect(ids('captain white')).toEqual([]);
    // One word in the question, one in a memory, in any order.
    expect(ids('obsessed pequod')).toEqual(['r1']);
    expect(ids('pequod   obsessed')).toEqual(['r1']);
    // Words of one phrase that stands nowhere as written.
    expect(ids('whale ahab')).toEqual(['r1']);
    // A short word and a long one together; CJK words apart.
    expect(ids('地図 verbatim')).toEqual(['r2']);
    expect(ids('記録 東京')).toEqual(['r2']);
    // Words typed as they stand together are marked together.
    const phrase = store.runs.search('ahab captain').find((h) => h.run.id === 'r1');
    expect(phrase?.matches.find((m) => m.field === 'answer')?.match).toBe('Captain Ahab');
    const [hit] = store.runs.search('obsessed pequod');
    expect(hit?.matches.map((m) => [m.field, m.match])).toEqual([
      ['question', 'Pequod'],
      ['memory', 'obsessed'],
    ]);
  });

  it('searches the document’s title and file name with the run’s texts', () => {
    store.documents.upsert({
      ...doc('moby'),
      title: 'Moby-Dick; or, The Whale',
      fileName: 'melville.epub',
    });
    run('r5', 'moby', 5000, 'Who narrates?', ['Call me Ishmael.'], 'Ishmael');
    expect(ids('moby')).toEqual(['r5']);
    expect(ids('melville ishmael')).toEqual(['r5']);
    expect(ids('moby ahab')).toEqual([]);
  });

  it('folds case and diacritics both ways', () => {
    run('r6', 'book', 6000, 'Où est le café?', ['Le RÉSUMÉ du Œuvre: Ærø, İstanbul.']);
    expect(ids('cafe')).toEqual(['r6']);
    expect(ids('CAFÉ resume')).toEqual(['r6']);
    expect(ids('résumé')).toEqual(['r6']);
    // Short words: as typed or folded.
    expect(ids('où')).toContain('r6');
    expect(ids('OÙ')).toContain('r6');
    const [hit] = store.runs.search('resume');
    // The snippet marks the word as it stands in the text.
    expect(hit?.matches[0]).toMatchObject({ field: 'memory', match: 'RÉSUMÉ', before: 'Le ' });
  });

  it('ranks runs with more of the words in the question or answer above memory-only ones', () => {
    // Newest first among equals; r7 holds both words in its memories only, r8 one in its question.
    run('r7', 'book', 7000, 'Anything else?', ['harpoon', 'lantern']);
    run('r8', 'book', 1500, 'Where is the harpoon?', ['a lantern']);
    run('r9', 'book', 1200, 'Harpoon and lantern?', ['nothing']);
    expect(ids('lantern harpoon')).toEqual(['r9', 'r8', 'r7']);
    expect(ids('lantern harpoon', { limit: 2 })).toEqual(['r9', 'r8']);
  });

  it('cuts long context to a snippet at a word', () => {
    const long = `${'word '.repeat(100)}needle${' after'.repeat(100)}`;
    run('r4', 'book', 4000, 'q?', [long]);
    const [hit] = store.runs.search('needle');
    const m = hit?.matches[0];
    expect(m?.match).toBe('needle');
    expect(m?.before.startsWith('…')).toBe(true);
    expect(m?.before.length).toBeLessThanOrEqual(62);
    expect(m?.after.endsWith('…')).toBe(true);
    expect(m?.after.length).toBeLessThanOrEqual(62);
  });

  it('finds accented words written before migration 12 without their accents', () => {
    const file = path.join(dir, 'v11.db');
    const db = new Database(file);
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 12),
    );
    db.exec(
      "INSERT INTO documents (id, file_name, format, title, chars, opened_at) VALUES ('d', 'd.txt', 'text', 'D', 1, 1)",
    );
    db.prepare(
      "INSERT INTO runs (id, document_id, question, settings, status, created_at) VALUES ('old', 'd', 'Quel est le résumé?', ?, 'done', 1)",
    ).run(JSON.stringify(DEFAULT_RUN_SETTINGS));
    expect(
      db
        .prepare(`SELECT COUNT(*) FROM history_fts WHERE history_fts MATCH '"res" "esu"'`)
        .pluck()
        .get(),
    ).toBe(0);
    migrate(db);
    expect(
      createRunRepo(db)
        .search('RESUME')
        .map((h) => h.run.id),
    ).toEqual(['old']);
    db.close();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS, type DocumentInfo } from '../../../shared/model.ts';
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
    expect(ids('is OR whale')).toEqual([]);
    expect(ids('captain NEAR ahab')).toEqual([]);
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
});

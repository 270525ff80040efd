// Migration 8 makes the history index a tenth of its size (no positions of trigrams); the search
// must find what it found before, in a library written before it. Since migration 12 the search
// takes words, not a phrase, and ranks its runs: a one-word search finds the same runs, places and
// matches as before (in its own order); a phrase's runs are among its words' runs.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { seededRandom } from '../seeded-random.test-support.ts';
import { MIGRATIONS, SCHEMA_VERSION, migrate } from './migrations.ts';
import { createRunRepo } from './run-repo.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-history-compact-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const WORDS =
  'the river bends twice before the mill vault code 4711-QX Été été ÉTÉ Σοφία σοφία 東京 大阪 契約 "quoted" 50% under_score abcd xbcy Lovelace signed lease'.split(
    ' ',
  );

/** A version-7 library: runs whose memories grow chunk by chunk, as the loop writes them. */
function libraryBeforeMigration8(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  migrate(
    db,
    MIGRATIONS.filter((m) => m.version < 8),
  );
  const random = seededRandom(8);
  const pick = () => WORDS[Math.floor(random() * WORDS.length)] as string;
  const sentence = (n: number) => Array.from({ length: n }, pick).join(' ');
  db.prepare(
    "INSERT INTO documents (id, file_name, format, title, chars, opened_at) VALUES ('d', 'd.txt', 'text', 'D', 1, 1)",
  ).run();
  const run = db.prepare(
    "INSERT INTO runs (id, document_id, question, settings, status, created_at) VALUES (?, 'd', ?, ?, 'done', ?)",
  );
  const memory = db.prepare(
    'INSERT OR REPLACE INTO memory_states (run_id, chunk, memory, prompt_tokens, completion_tokens, ms, kept) VALUES (?, ?, ?, 1, 1, 1, 0)',
  );
  const answer = db.prepare(
    'INSERT OR REPLACE INTO answers (run_id, answer, response, prompt_tokens, completion_tokens, ms) VALUES (?, ?, ?, 1, 1, 1)',
  );
  for (let r = 0; r < 8; r += 1) {
    const id = `run-${r}`;
    run.run(id, `${sentence(6)}?`, JSON.stringify(DEFAULT_RUN_SETTINGS), r % 3);
    let notes = '';
    for (let c = 0; c < 30; c += 1) {
      notes = `${notes} ${sentence(5)}.`.slice(-400);
      memory.run(id, c, notes);
    }
    // A chunk read again: its memory replaced.
    memory.run(id, 3, `re-read ${sentence(8)}`);
    if (r % 4 !== 3) answer.run(id, r % 2 === 0 ? sentence(3) : null, sentence(9));
  }
  return db;
}

/** The search as version 7 ran it: a phrase of the trigram index, LIKE for short terms. */
function searchBefore(db: Database.Database, term: string) {
  const order = `ORDER BY r.created_at DESC, r.rowid DESC,
    CASE h.field WHEN 'question' THEN 0 WHEN 'answer' THEN 1 ELSE 2 END, h.chunk`;
  const from = 'FROM history h JOIN runs r ON r.id = h.run_id WHERE 1';
  const rows = (
    [...term].length >= 3
      ? db
          .prepare(
            `SELECT h.run_id, h.field, h.chunk, h.text ${from} AND h.id IN (SELECT rowid FROM history_fts WHERE history_fts MATCH ?) ${order}`,
          )
          .all(`"${term.replaceAll('"', '""')}"`)
      : db
          .prepare(
            `SELECT h.run_id, h.field, h.chunk, h.text ${from} AND h.text LIKE ? ESCAPE '\\' ${order}`,
          )
          .all(`%${term.replace(/[\\%_]/g, '\\$&')}%`)
  ) as { run_id: string; field: string; chunk: number; text: string }[];
  const runs: { run: string; hits: number; matches: { field: string; chunk: number }[] }[] = [];
  for (const row of rows) {
    const last = runs.at(-1);
    if (last?.run === row.run_id) {
      last.hits += 1;
      if (last.matches.length < 3) last.matches.push({ field: row.field, chunk: row.chunk });
    } else
      runs.push({ run: row.run_id, hits: 1, matches: [{ field: row.field, chunk: row.chunk }] });
  }
  return runs;
}

const TERMS = [
  'the mill',
  'THE MILL',
  'vault code 4711',
  '4711-qx',
  'été',
  'ÉTÉ',
  'Σοφία',
  'σοφία',
  '東京',
  '契約 大阪',
  '"quoted"',
  '50%',
  'under_score',
  're-read',
  // Every trigram of it is in some texts ("abcd", "xbcy"), never the term: no false match.
  'abcy',
  'nowhere to be found',
  'ab',
  'ri',
  '%',
];

it('finds after migration 8 exactly what it found before, with less than half the index', () => {
  const file = path.join(dir, 'memagent.db');
  const db = libraryBeforeMigration8(file);
  const before = TERMS.map((term) => searchBefore(db, term));
  expect(before.filter((runs) => runs.length > 0).length).toBeGreaterThan(12);
  const indexBefore = db
    .prepare("SELECT SUM(pgsize) FROM dbstat WHERE name LIKE 'history_fts%'")
    .pluck()
    .get() as number;

  expect(migrate(db)).toBe(SCHEMA_VERSION);
  const runs = createRunRepo(db);
  const after = TERMS.map((term) =>
    runs.search(term, { limit: 500 }).map((hit) => ({
      run: hit.run.id,
      hits: hit.hits,
      matches: hit.matches.map((m) => ({ field: m.field, chunk: m.chunk ?? -1 })),
    })),
  );
  const byRun = (found: { run: string }[]) => [...found].sort((a, b) => a.run.localeCompare(b.run));
  TERMS.forEach((term, i) => {
    if (/\s/.test(term.trim()))
      expect(after[i]?.map((f) => f.run)).toEqual(
        expect.arrayContaining(before[i]?.map((f) => f.run) ?? []),
      );
    else expect(byRun(after[i] ?? [])).toEqual(byRun(before[i] ?? []));
  });
  db.exec('VACUUM');
  const indexAfter = db
    .prepare("SELECT SUM(pgsize) FROM dbstat WHERE name LIKE 'history_fts%'")
    .pluck()
    .get() as number;
  expect(indexAfter).toBeLessThan(indexBefore / 2);
  db.close();
});

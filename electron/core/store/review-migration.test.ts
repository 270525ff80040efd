// Migration 11 adds checklists and reviews to a library written before them: what it held is
// kept, and its jobs and runs can then be read as before and reviews made beside them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { createReview } from '../use-cases/review-create.ts';
import { reviewMatrix } from '../use-cases/review-matrix.ts';
import { MIGRATIONS, SCHEMA_VERSION, migrate } from './migrations.ts';
import { openStore } from './store.ts';
import { registerWriter } from './writers.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-review-migration-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

it('brings a version-10 library to version 11, keeping its job and runs, and stores a review in it', () => {
  const file = path.join(dir, 'memagent.db');
  const old = new Database(file);
  old.pragma('journal_mode = WAL');
  old.pragma('foreign_keys = ON');
  expect(
    migrate(
      old,
      MIGRATIONS.filter((m) => m.version <= 10),
    ),
  ).toBe(10);
  old.exec(`
    INSERT INTO documents (id, file_name, format, title, chars, opened_at, text_key)
      VALUES ('d1', 'lease.txt', 'text', 'Lease', 10, 1, 'd1');
    INSERT INTO jobs (id, kind, title, state, created_at, updated_at)
      VALUES ('j1', 'questions', '2 questions about lease.txt', 'done', 1, 2);
    INSERT INTO runs (id, document_id, question, settings, status, created_at, text_key, job_id, job_item)
      VALUES ('r1', 'd1', 'Who signed it?', '${JSON.stringify(DEFAULT_RUN_SETTINGS)}', 'done', 1, 'd1', 'j1', 0);
  `);
  old.close();

  const store = openStore(dir, file);
  const writer = registerWriter(store.db, 'cli');
  try {
    expect(store.db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(SCHEMA_VERSION).toBe(13);
    expect(store.jobs.get('j1')).toMatchObject({
      kind: 'questions',
      counts: { total: 1, done: 1 },
    });
    expect(store.runs.get('r1')?.question).toBe('Who signed it?');
    // v13: a run read before keeps its profile's speed key (no built-in key of its own).
    expect(store.runs.speedOwner('r1')).toBeUndefined();
    expect(store.checklists.list()).toEqual([]);
    expect(store.reviews.list()).toEqual([]);

    const profile = {
      id: 'p',
      name: 'Server',
      kind: 'custom' as const,
      baseUrl: 'http://127.0.0.1:9/v1',
      timeoutMs: 1000,
      maxRetries: 0,
    };
    const jobId = createReview(
      { store, writer, now: Date.now },
      {
        title: 'Lease review',
        checklist: {
          name: 'Lease',
          questions: [{ id: 'q', text: 'Who signed it?', kind: 'party' }],
        },
        documentIds: ['d1'],
        profile,
        settings: DEFAULT_RUN_SETTINGS,
        origin: 'cli',
      },
    );
    expect(reviewMatrix(store, jobId).cells.map((c) => c.status)).toEqual(['queued']);
    // The old run is no cell of the review: a run belongs to the cells that name it.
    expect(store.runs.get('r1')?.status).toBe('done');
  } finally {
    writer.close();
    store.close();
  }
});

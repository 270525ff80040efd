// Migration 6 and the last check of each profile: kept across a reopen, replaced by the next
// check, forgotten with its profile, hidden once the profile points at another server, and a
// library written before the migration gains the table without losing anything.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CheckSnapshot } from '../../../shared/backend-check.ts';
import { connectionOf, createCheckRepo } from './check-repo.ts';
import { DATABASE_FILE } from './database.ts';
import { MIGRATIONS, SCHEMA_VERSION, migrate } from './migrations.ts';
import { openStore } from './store.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-check-repo-'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

const profile = { id: 'p1', name: 'Lab', kind: 'vllm' as const, baseUrl: 'http://gpu:8000/v1' };
const snapshot = (right: number): CheckSnapshot => ({
  profileId: 'p1',
  profileName: 'Lab',
  model: 'm',
  sourceTitle: 'Book',
  state: 'done',
  startedAt: 1,
  finishedAt: 2,
  rows: 8,
  rowsDone: 8,
  right,
  failed: 0,
  subEm: (right / 8) * 100,
  elapsedMs: 1,
  usage: { promptTokens: 10, completionTokens: 2 },
  cost: null,
  byLength: [{ label: '8K', tokens: 8192, rows: 4, right: 2, failed: 0, subEm: 50 }],
  wrong: [{ question: 'Q?', expected: 'A', answer: 'B', length: '8K', tokens: 8190, family: 'vt' }],
  failures: [],
});

describe('backend checks (migration 6)', () => {
  it('keeps the last check of a profile across a reopen and forgets it with the profile', () => {
    let store = openStore(dir);
    store.settings.saveProfile(profile);
    const checks = createCheckRepo(store.db);
    checks.save(snapshot(5), connectionOf(profile), 10);
    checks.save(snapshot(7), connectionOf(profile), 20);
    store.close();

    store = openStore(dir);
    const last = createCheckRepo(store.db).lastChecks(store.settings.profiles());
    expect(last).toEqual({ p1: snapshot(7) });
    // No key was ever given to it, and none is in the row.
    const raw = store.db.prepare('SELECT * FROM backend_checks').all();
    expect(JSON.stringify(raw)).not.toMatch(/key/i);

    // Another server behind the same profile: that one has not been checked.
    const moved = { ...profile, baseUrl: 'http://other:8000/v1' };
    expect(createCheckRepo(store.db).lastChecks([moved])).toEqual({});

    store.settings.deleteProfile('p1');
    expect(store.db.prepare('SELECT COUNT(*) AS n FROM backend_checks').get()).toEqual({ n: 0 });
    store.close();
  });

  it('adds the table to a library written before it, keeping its profiles', () => {
    const file = path.join(dir, DATABASE_FILE);
    const db = new Database(file);
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 6),
    );
    db.prepare('INSERT INTO profiles (id, position, data) VALUES (?, 0, ?)').run(
      'p1',
      JSON.stringify(profile),
    );
    expect(migrate(db)).toBe(SCHEMA_VERSION);
    db.close();
    const store = openStore(dir);
    expect(store.settings.profiles().map((p) => p.id)).toEqual(['p1']);
    createCheckRepo(store.db).save(snapshot(3), connectionOf(profile), 1);
    expect(createCheckRepo(store.db).lastChecks(store.settings.profiles()).p1?.right).toBe(3);
    store.close();
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS, type RunStatus } from '../../../shared/model.ts';
import { DATABASE_FILE } from './database.ts';
import { findJob, findRunOrJob } from './lookup.ts';
import { MIGRATIONS, migrate } from './migrations.ts';
import { openStore, type Store } from './store.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-jobs-'));
  store = openStore(dir);
  store.documents.upsert({
    id: 'doc1',
    fileName: 'doc1.txt',
    format: 'text',
    title: 'doc1',
    chars: 100,
    openedAt: 1,
    warnings: [],
  });
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function jobWith(id: string, statuses: RunStatus[], createdAt = 10, owner?: string): string[] {
  store.jobs.create({
    id,
    kind: 'questions',
    title: `${statuses.length} questions`,
    createdAt,
    backend: { kind: 'custom', name: 'sim', baseUrl: 'http://127.0.0.1:9/v1' },
    settings: { concurrency: 2 },
    ...(owner === undefined ? {} : { owner }),
  });
  return statuses.map((status, item) => {
    const runId = `${id}-run${item}`;
    store.runs.create({
      id: runId,
      documentId: 'doc1',
      question: `Q${item}`,
      settings: DEFAULT_RUN_SETTINGS,
      status,
      createdAt,
      textKey: 'doc1',
    });
    store.jobs.addRun(id, runId, item);
    return runId;
  });
}

describe('the jobs table', () => {
  it("counts a job's runs by state in the library", () => {
    jobWith('job-a', ['done', 'done', 'error', 'queued', 'running', 'paused', 'interrupted']);
    const job = store.jobs.get('job-a');
    expect(job).toMatchObject({
      kind: 'questions',
      state: 'queued',
      title: '7 questions',
      backend: { name: 'sim' },
      settings: { concurrency: 2 },
      counts: {
        total: 7,
        done: 2,
        failed: 1,
        queued: 1,
        reading: 2,
        paused: 1,
        cancelled: 0,
        interrupted: 1,
      },
    });
    expect(job?.endedAt).toBeUndefined();
    expect(store.jobs.runs('job-a').map((r) => r.status)).toEqual([
      'done',
      'done',
      'error',
      'queued',
      'running',
      'paused',
      'interrupted',
    ]);
  });

  it("counts the chunks its runs read of all they read; an unprepared run takes its text's chunking", () => {
    const [a, , c] = jobWith('job-c', ['running', 'queued', 'done']);
    const memory = (chunk: number) => ({
      chunk,
      memory: `m${chunk}`,
      usage: { promptTokens: 1, completionTokens: 1 },
      ms: 1,
      kept: true,
    });
    // Not one run prepared: no chunk is known, every run is unplanned.
    expect(store.jobs.get('job-c')?.chunks).toEqual({ read: 0, total: 0, unplanned: 3 });
    store.runs.setChunks(a as string, [], 10);
    for (const k of [0, 1, 2]) store.runs.saveMemory(a as string, memory(k));
    store.runs.setChunks(c as string, [], 10);
    for (let k = 0; k < 10; k += 1) store.runs.saveMemory(c as string, memory(k));
    // The queued run reads the same text with the same settings: the same 10 chunks.
    expect(store.jobs.get('job-c')).toMatchObject({
      chunks: { read: 13, total: 30, unplanned: 0 },
      documentId: 'doc1',
    });
  });

  it('shows a running job Paused only when every run it has left is paused', () => {
    jobWith('job-p', ['paused', 'queued', 'done']);
    store.jobs.setState('job-p', 'running', 20);
    expect(store.jobs.get('job-p')?.state).toBe('running');
    jobWith('job-q', ['paused', 'paused', 'done']);
    store.jobs.setState('job-q', 'running', 20);
    expect(store.jobs.get('job-q')?.state).toBe('paused');
    // A stopped job keeps its own state whatever its runs say.
    store.jobs.setState('job-q', 'interrupted', 30);
    expect(store.jobs.get('job-q')?.state).toBe('interrupted');
  });

  it('lists jobs newest first, each with its own counts, and finds one by the start of its id', () => {
    jobWith('aaaa1111', ['done'], 10);
    jobWith('aaaa2222', ['queued', 'queued'], 20);
    jobWith('bbbb3333', [], 30);
    expect(store.jobs.list().map((j) => [j.id, j.counts.total])).toEqual([
      ['bbbb3333', 0],
      ['aaaa2222', 2],
      ['aaaa1111', 1],
    ]);
    expect(store.jobs.idsStartingWith('aaaa', 5)).toEqual(['aaaa1111', 'aaaa2222']);
    expect(store.jobs.idsStartingWith('bbbb', 5)).toEqual(['bbbb3333']);
    expect(store.jobs.idsStartingWith('aa_a', 5)).toEqual([]);
  });

  it('stamps the end of a job when it reaches a terminal state, and not before', () => {
    jobWith('job-b', ['queued']);
    store.jobs.setState('job-b', 'running', 50);
    expect(store.jobs.get('job-b')).toMatchObject({ state: 'running', updatedAt: 50 });
    expect(store.jobs.get('job-b')?.endedAt).toBeUndefined();
    store.jobs.setState('job-b', 'done', 60);
    expect(store.jobs.get('job-b')).toMatchObject({ state: 'done', endedAt: 60 });
  });

  it('marks interrupted only the unfinished jobs whose owner is gone', () => {
    jobWith('dead', ['running'], 1, 'writer-dead');
    jobWith('alive', ['running'], 2, 'writer-alive');
    jobWith('ended', ['done'], 3, 'writer-dead');
    store.jobs.setState('dead', 'running', 5);
    store.jobs.setState('alive', 'running', 5);
    store.jobs.setState('ended', 'done', 5);
    expect(store.jobs.markInterrupted((owner) => owner === 'writer-alive', 9)).toEqual(['dead']);
    expect(store.jobs.get('dead')).toMatchObject({ state: 'interrupted', endedAt: 9 });
    expect(store.jobs.get('alive')?.state).toBe('running');
    expect(store.jobs.get('ended')).toMatchObject({ state: 'done', endedAt: 5 });
  });

  it('keeps the runs when their job is deleted', () => {
    const [runId] = jobWith('gone', ['done']);
    store.db.prepare('DELETE FROM jobs WHERE id = ?').run('gone');
    expect(store.runs.get(runId as string)?.status).toBe('done');
  });

  it('adds the table to a library of the previous version without touching its runs', () => {
    store.close();
    const file = path.join(dir, 'old.db');
    const db = new Database(file);
    migrate(
      db,
      MIGRATIONS.filter((m) => m.version < 9),
    );
    db.prepare(
      "INSERT INTO documents (id, file_name, format, title, chars, opened_at) VALUES ('d', 'd.txt', 'text', 'd', 1, 1)",
    ).run();
    db.prepare(
      "INSERT INTO runs (id, document_id, question, settings, status, created_at) VALUES ('r', 'd', 'q', '{}', 'done', 1)",
    ).run();
    db.close();
    store = openStore(dir, file);
    expect(store.jobs.list()).toEqual([]);
    expect(
      store.db
        .prepare<[], { job_id: string | null }>("SELECT job_id FROM runs WHERE id = 'r'")
        .get(),
    ).toEqual({ job_id: null });
    expect(fs.existsSync(path.join(dir, DATABASE_FILE))).toBe(true);
  });
});

describe('finding a run or a job by the start of its id', () => {
  it('takes a run first, else a job, and refuses a start both ids share', () => {
    jobWith('abcd2222-0000-4000-8000-000000000000', []);
    const [runId] = jobWith('other', ['done']);
    store.runs.create({
      id: 'abcd1111-0000-4000-8000-000000000000',
      documentId: 'doc1',
      question: 'Q',
      settings: DEFAULT_RUN_SETTINGS,
      status: 'done',
      createdAt: 1,
      textKey: 'doc1',
    });
    expect(findRunOrJob(store, 'abcd1')).toMatchObject({ run: { question: 'Q' } });
    expect(findRunOrJob(store, 'ABCD2')).toMatchObject({ job: { kind: 'questions' } });
    expect(findRunOrJob(store, runId as string)).toMatchObject({ run: { id: runId } });
    expect(() => findRunOrJob(store, 'abcd')).toThrow(
      "abcd is the start of a run's and a job's id (abcd1111-000, abcd2222-000…).",
    );
    expect(findJob(store, 'abcd')).toMatchObject({ id: 'abcd2222-0000-4000-8000-000000000000' });
    expect(() => findRunOrJob(store, 'ffff')).toThrow('No run or job ffff.');
    expect(() => findJob(store, 'abc')).toThrow('No job abc.');
  });
});

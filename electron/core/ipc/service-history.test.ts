// The app's history search and its start over a damaged library, through the real service and
// the simulator.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../store/database.ts';
import {
  SMALL_CHUNKS,
  openBookAndProfile,
  startHarness,
  type Harness,
} from './service-harness.test-support.ts';

const LOCK_CHILD = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '../store/library-child.test-support.ts',
);

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('history:search', () => {
  it('finds a finished run by its answer and memories, across documents, literally', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    expect((await h.finished(run.id)).type).toBe('finished');
    const hits = await h.ok('history:search', { text: '4711' });
    expect(hits.map((hit) => hit.run.id)).toEqual([run.id]);
    const [hit] = hits;
    expect(hit?.run.status).toBe('done');
    expect(hit?.matches[0]).toMatchObject({ field: 'answer', match: '4711' });
    expect(hit?.matches.some((m) => m.field === 'memory' && m.chunk !== undefined)).toBe(true);
    expect(await h.ok('history:search', { text: 'VAULT CODE' })).toHaveLength(1);
    expect(await h.ok('history:search', { text: 'vault OR nothing' })).toEqual([]);
    expect(await h.ok('history:search', { text: '4711', documentId: 'f'.repeat(64) })).toEqual([]);
    const tooLong = await h.call('history:search', { text: 'x'.repeat(201) });
    expect(tooLong.ok).toBe(false);
  });
});

describe('a damaged library at start', () => {
  it('is moved aside, a new library starts, and settings:get says where the old one is', async () => {
    h = await startHarness();
    await openBookAndProfile(h);
    await h.service.dispose();
    const file = path.join(h.dir, DATABASE_FILE);
    fs.writeFileSync(file, 'garbage '.repeat(1000));
    h.reopen();
    const settings = await h.ok('settings:get', {});
    const aside = fs
      .readdirSync(h.dir)
      .find((name) => name.startsWith(`${DATABASE_FILE}.damaged-`));
    expect(aside).toBeDefined();
    expect(settings.libraryNotice).toBe(
      `The library file was damaged, so MemAgent started a new, empty library. The old file is kept, unchanged, as ${path.join(h.dir, aside ?? '')}.`,
    );
    expect(fs.readFileSync(path.join(h.dir, aside ?? ''), 'utf8')).toBe('garbage '.repeat(1000));
    expect(await h.ok('documents:list', {})).toEqual([]);
    // The next start is quiet.
    await h.service.dispose();
    h.reopen();
    expect((await h.ok('settings:get', {})).libraryNotice).toBeUndefined();
  });
});

describe('a library locked by another process during a run', () => {
  it('ends the run with "the library is busy", keeps what was saved, and the run continues once free', async () => {
    h = await startHarness({
      sim: {
        latency: {
          prefillTokensPerSec: 200_000,
          decodeTokensPerSec: 400,
          aggregateDecodeTokensPerSec: 100_000,
          maxBatch: 64,
          // 27 chunks take 10 s or more: the lock (taken after the first) meets the run mid-way,
          // however loaded the machine.
          overheadMs: 400,
        },
      },
    });
    const { documentId } = await openBookAndProfile(h);
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    await h.waitFor('run:event', (e) => e.event.runId === run.id && e.event.type === 'chunk-done');
    const locker = spawn(process.execPath, [LOCK_CHILD, 'lock', path.join(h.dir, DATABASE_FILE)], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve) =>
      locker.stdout.on('data', (d: Buffer) => d.toString().includes('locked') && resolve()),
    );
    const end = await h.finished(run.id);
    locker.stdin.end();
    await new Promise((resolve) => locker.on('close', resolve));
    expect(end.type).toBe('error');
    if (end.type !== 'error') return;
    expect(end.error.kind).toBe('LibraryUnavailable');
    expect(end.error.message).toMatch(/^The library is busy: another process/);
    // The ending is stored once the library is free; what was committed is there, and the run
    // goes on from it.
    let snapshot = await h.ok('runs:get', { runId: run.id });
    while (snapshot.summary.status === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 200));
      snapshot = await h.ok('runs:get', { runId: run.id });
    }
    expect(snapshot.summary.status).toBe('error');
    const saved = snapshot.memories.length;
    expect(saved).toBeGreaterThanOrEqual(1);
    await h.ok('runs:continue', { runId: run.id });
    // The first ending was the error: wait for the continued run's own.
    await h.waitFor('run:event', (e) => e.event.runId === run.id && e.event.type === 'finished');
    const done = await h.ok('runs:get', { runId: run.id });
    expect(done.summary.answer).toMatch(/4711/);
    expect(done.memories.map((m) => m.chunk)).toEqual([...Array(done.summary.chunkCount).keys()]);
  }, 60_000);
});

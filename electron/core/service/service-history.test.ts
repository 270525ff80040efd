// The app's history search and its start over a damaged library, through the real service and
// the simulator.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../store/database.ts';
import {
  SMALL_CHUNKS,
  openBookAndProfile,
  startHarness,
  type Harness,
} from './service-harness.test-support.ts';

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

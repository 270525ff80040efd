import fs from 'node:fs';
import Database from 'better-sqlite3';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sessionImportSummary } from '../../../shared/session-import-summary.ts';
import { toAppError } from '../errors.ts';
import {
  SMALL_CHUNKS,
  bookText,
  openBookAndProfile,
  startHarness,
  type Harness,
} from '../ipc/service-harness.test-support.ts';
import { openStore, type Store } from '../store/store.ts';
import { buildSessionExport, renderSession, type SessionExport } from './index.ts';
import { hostileSession, RUNS } from './hostile-session.test-support.ts';
import { importSessionBytes } from './session-import.ts';
import { MAX_RUN_CHUNKS } from './session-checks.ts';
import { parseSessionFile } from './session-schema.ts';

let h: Harness | undefined;
const stores: Store[] = [];
const dirs: string[] = [];
afterEach(async () => {
  for (const s of stores.splice(0)) s.close();
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  await h?.close();
  h = undefined;
});

function freshLibrary(): Store {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-import-'));
  dirs.push(dir);
  const store = openStore(dir);
  stores.push(store);
  return store;
}

const bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value));

/** Two questions read by the simulator (with the quote check), exported as JSON by the app's code. */
async function exportedSession(): Promise<{ json: string; session: SessionExport }> {
  h = await startHarness();
  const { documentId } = await openBookAndProfile(h, bookText(30));
  await h.ok('settings:save-profile', {
    profile: {
      id: 'sim',
      name: 'Simulator',
      kind: 'custom',
      baseUrl: h.sim.baseUrl,
      hasApiKey: false,
      maxRetries: 0,
      quoteCheck: true,
    },
  });
  for (const question of ['What is the vault code?', 'Who set the vault code?']) {
    const run = await h.ok('runs:start', { documentId, question, settings: SMALL_CHUNKS });
    expect((await h.finished(run.id)).type).toBe('finished');
  }
  const view = await h.ok('documents:get', { documentId });
  const source = openStore(h.dir);
  stores.push(source);
  const session = buildSessionExport(source, documentId, undefined, Date.now(), view.document);
  return { json: renderSession(session, 'json'), session };
}

describe('importing a session export', () => {
  it('brings runs into another library as they were, marked imported, without the document text', async () => {
    const { json, session } = await exportedSession();
    const library = freshLibrary();
    const result = importSessionBytes(library, new TextEncoder().encode(json), 5_000);
    const ids = session.runs.map((r) => r.id);
    expect(result).toEqual({
      document: { id: session.document.id, title: 'book' },
      documentAdded: true,
      imported: ids,
      already: [],
      conflicts: [],
    });
    expect(sessionImportSummary(result)).toBe('Imported 2 questions about “book”.');

    const doc = library.documents.get(session.document.id);
    expect(doc).toMatchObject({ title: 'book', fileName: 'book.txt', format: 'text' });
    expect(doc?.path).toBeUndefined();
    for (const exported of session.runs) {
      const run = library.runs.get(exported.id);
      expect(run).toMatchObject({
        question: exported.question,
        status: 'done',
        origin: 'import',
        importedAt: 5_000,
        answer: exported.answer,
        model: exported.model,
        chunkCount: exported.chunkCount,
        chunksDone: exported.memories.length,
        usage: exported.usage,
        createdAt: Date.parse(exported.createdAt),
        backend: exported.backend,
      });
      expect(library.runs.memories(exported.id).map((m) => m.memory)).toEqual(
        exported.memories.map((m) => m.memory),
      );
      expect(library.runs.chunks(exported.id).map((c) => c.tokens)).toEqual(
        exported.memories.map((m) => m.tokens),
      );
      expect(library.runs.warnings(exported.id)).toEqual(exported.warnings);
      expect(library.runs.answer(exported.id)?.response).toBe(exported.response);
      expect(library.quotes.get(exported.id)?.check).toEqual(exported.quoteCheck);
      // The passages the answer rests on came along, quotes and all.
      expect(exported.evidence?.length).toBeGreaterThan(0);
      expect(library.runs.evidence(exported.id)).toEqual(exported.evidence);
    }
    // Exported again from this library, without the text, the runs still cite their passages.
    const again = buildSessionExport(library, session.document.id, undefined, 6_000);
    expect(again.runs.map((r) => r.evidence)).toEqual(session.runs.map((r) => r.evidence));
    // An imported run can be found in the history search like any other.
    const found = [...new Set(library.runs.search('vault code').map((hit) => hit.run.id))];
    expect(found.sort()).toEqual([...ids].sort());
  });

  it('does not duplicate a session imported twice, and never overwrites a run with other content', async () => {
    const { json, session } = await exportedSession();
    const library = freshLibrary();
    importSessionBytes(library, new TextEncoder().encode(json), 1);
    const again = importSessionBytes(library, new TextEncoder().encode(json), 2);
    expect(again).toMatchObject({ documentAdded: false, imported: [], conflicts: [] });
    expect(again.already).toHaveLength(2);
    expect(sessionImportSummary(again)).toBe(
      'All 2 questions about “book” were already in the library.',
    );
    const count = () => library.db.prepare('SELECT COUNT(*) FROM runs').pluck().get();
    expect(count()).toBe(2);

    // The same ids with a changed memory, and one new run: the changed run is left alone.
    const [first, second] = session.runs;
    if (!first || !second) throw new Error('two runs expected');
    const edited = structuredClone(session);
    (edited.runs[0]?.memories[0] as { memory: string }).memory = 'A different memory.';
    edited.runs.push({
      ...second,
      id: '0b7e2c1a-5d3f-4e8a-9c6b-1f2e3d4c5b03',
      question: 'A third question?',
    });
    const mixed = importSessionBytes(library, bytes(edited), 3);
    expect(mixed).toMatchObject({
      imported: ['0b7e2c1a-5d3f-4e8a-9c6b-1f2e3d4c5b03'],
      already: [second.id],
      conflicts: [{ runId: first.id, question: first.question }],
    });
    expect(sessionImportSummary(mixed)).toBe(
      'Imported 1 question about “book”; 1 was already in the library; 1 question was not imported: the library has a different run with the same id, left as it is.',
    );
    expect(library.runs.memories(first.id)[0]?.memory).toBe(first.memories[0]?.memory);
    expect(count()).toBe(3);
  });

  it('imports all or nothing: a session failing half-way leaves the library unchanged', async () => {
    const { session } = await exportedSession();
    const library = freshLibrary();
    // The library refuses the second run's memories (a trigger standing in for any fault
    // half-way through): the first run, already written, must go too.
    const second = session.runs[1]?.id ?? '';
    library.db.exec(
      `CREATE TEMP TRIGGER refuse BEFORE INSERT ON memory_states WHEN NEW.run_id = '${second}' BEGIN SELECT RAISE(ABORT, 'refused'); END`,
    );
    const error = toAppError(catchError(() => importSessionBytes(library, bytes(session), 1)));
    expect(error).toMatchObject({
      kind: 'Damaged',
      message: 'This session could not be imported; the library is unchanged.',
    });
    expect(library.documents.list()).toEqual([]);
    expect(library.db.prepare('SELECT COUNT(*) FROM runs').pluck().get()).toBe(0);
    expect(library.db.prepare('SELECT COUNT(*) FROM history').pluck().get()).toBe(0);
  });
});

describe('sessions:import in the service', () => {
  it('imports a chosen file or dropped bytes, tells every window, and does not continue an imported run', async () => {
    h = await startHarness();
    const session = hostileSession();
    const file = path.join(h.dir, 'session.json');
    fs.writeFileSync(file, renderSession(session, 'json'));
    const byPath = await h.ok('sessions:import', { path: file });
    expect(byPath.imported).toEqual([RUNS.first, RUNS.second]);
    const updated = await h.waitFor(
      'document:updated',
      (d, target) => d.id === session.document.id && target === undefined,
    );
    expect(updated.path).toBeUndefined();
    const listed = await h.ok('runs:list', { documentId: session.document.id });
    expect(listed.map((r) => [r.id, r.origin])).toEqual([
      [RUNS.second, 'import'],
      [RUNS.first, 'import'],
    ]);
    const snapshot = await h.ok('runs:get', { runId: RUNS.first });
    expect(snapshot.evidence?.[0]?.quote).toBe(session.runs[0]?.evidence?.[0]?.quote);

    const byBytes = await h.ok('sessions:import', {
      name: 'session.json',
      data: new TextEncoder().encode(renderSession(session, 'json')),
    });
    expect(byBytes.already).toHaveLength(2);

    const refused = await h.call('runs:continue', { runId: RUNS.second });
    expect(refused).toEqual({
      ok: false,
      error: {
        kind: 'BadUsage',
        message: 'An imported question cannot be continued here.',
        hint: 'Ask it again: the document is read from the start in this library.',
      },
    });
    const missing = await h.call('sessions:import', { path: path.join(h.dir, 'gone.json') });
    expect(missing.ok ? null : missing.error.message).toBe(
      `The session file ${path.join(h.dir, 'gone.json')} does not exist.`,
    );
  });
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected a failure');
}

describe('reading a session file', () => {
  const valid = {
    format: 'memagent-session',
    version: 1,
    exportedAt: '2026-01-01T00:00:00.000Z',
    document: { id: 'doc', fileName: 'a.txt', title: 'A', format: 'text', chars: 10 },
    runs: [],
  };
  const refusal = (input: Uint8Array, max = 1_000_000) =>
    toAppError(catchError(() => parseSessionFile(input, max)));

  it('accepts formats 1 and 2, with fields it does not know', () => {
    expect(parseSessionFile(bytes(valid), 1_000_000).document.title).toBe('A');
    const v2 = {
      ...valid,
      version: 2,
      comment: 'added later',
      document: { ...valid.document, lang: 'en' },
    };
    expect(parseSessionFile(bytes(v2), 1_000_000).version).toBe(2);
  });

  it('refuses with one clear sentence: a newer format, not JSON, not a session, damaged, too large', () => {
    expect(refusal(bytes({ ...valid, version: 3 }))).toMatchObject({
      kind: 'Unsupported',
      message:
        'This session was exported by a newer version of MemAgent Desktop (format 3); update the app to import it.',
    });
    expect(refusal(new TextEncoder().encode('%PDF-1.7 not json'))).toMatchObject({
      kind: 'Unsupported',
      message: 'This file is not a MemAgent session: it is not JSON.',
    });
    expect(refusal(new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]))).toMatchObject({
      message: 'This file is not a MemAgent session: it is not JSON.',
    });
    expect(refusal(bytes({ format: 'something-else', version: 1 })).message).toBe(
      'This JSON file is not a MemAgent session export (its "format" is not "memagent-session").',
    );
    const damaged = refusal(bytes({ ...valid, runs: [{ id: 'r' }] }));
    expect(damaged).toMatchObject({
      kind: 'Damaged',
      message: 'This session file is damaged: a value in it is missing or wrong.',
    });
    expect(damaged.detail).toMatch(/^runs\[0\]\.question: /);
    expect(refusal(new Uint8Array(2 ** 20 + 1), 2 ** 20)).toMatchObject({
      kind: 'TooLarge',
      message: 'This session file is too large to import (the limit is 1 MB).',
    });
  });
});

describe('what an import refuses before it touches the library', () => {
  const refused = (edit: (s: ReturnType<typeof hostileSession>) => void) => {
    const session = hostileSession();
    edit(session);
    const library = freshLibrary();
    const error = toAppError(catchError(() => importSessionBytes(library, bytes(session), 1)));
    expect(library.runs.list()).toEqual([]);
    return error;
  };

  it('ids the library never makes: a run id that is not a UUID, a document id that is not a hash', () => {
    expect(
      refused((s) => {
        (s.runs[1] as { id: string }).id = '../../x\u202E';
      }),
    ).toMatchObject({
      kind: 'Damaged',
      message: 'This session file is damaged: the id of run 2 of 2 is not a run id (a UUID).',
    });
    expect(
      refused((s) => {
        s.document.id = '../../doc';
      }).message,
    ).toBe(
      'This session file is damaged: its document id is not a document hash (64 hexadecimal digits).',
    );
  });

  it('indexes out of their bounds: a memory, warning or passage beyond the run’s chunks', () => {
    expect(
      refused((s) => {
        (s.runs[0]?.memories[1] as { chunk: number }).chunk = 9_999_999;
      }).message,
    ).toBe(
      'This session file is damaged: run 1 of 2 has a memory for chunk 10000000, beyond its 2 chunks.',
    );
    expect(
      refused((s) => {
        (s.runs[0]?.memories[1] as { chunk: number }).chunk = 0;
      }).message,
    ).toBe(
      'This session file is damaged: run 1 of 2 has its memories out of chunk order, or one chunk twice.',
    );
    expect(
      refused((s) => {
        (s.runs[0]?.warnings[0] as { chunk: number }).chunk = 2;
      }).message,
    ).toBe(
      'This session file is damaged: run 1 of 2 has a warning about chunk 3, beyond its 2 chunks.',
    );
    expect(
      refused((s) => {
        (s.runs[0]?.evidence?.[0] as { chunk: number }).chunk = 5;
      }).message,
    ).toBe(
      'This session file is damaged: run 1 of 2 cites a passage in chunk 6, beyond its 2 chunks.',
    );
  });
});

describe('a run claiming more chunks than one document can make', () => {
  it('is refused, though its memories lie within the count; the largest count is accepted', () => {
    const withCount = (count: number, last: number) => {
      const session = hostileSession();
      const run = session.runs[0] as { chunkCount: number; memories: { chunk: number }[] };
      run.chunkCount = count;
      (run.memories[1] as { chunk: number }).chunk = last;
      return session;
    };
    const library = freshLibrary();
    const error = toAppError(
      catchError(() => importSessionBytes(library, bytes(withCount(10_000_000, 9_999_999)), 1)),
    );
    expect(error).toMatchObject({
      kind: 'Damaged',
      message: `This session file is damaged: run 1 of 2 claims 10,000,000 chunks, more than this app makes of one document (${MAX_RUN_CHUNKS.toLocaleString('en-US')}).`,
    });
    expect(library.runs.list()).toEqual([]);
    const largest = withCount(MAX_RUN_CHUNKS, MAX_RUN_CHUNKS - 1);
    expect(importSessionBytes(library, bytes(largest), 1).imported).toHaveLength(2);
  });
});

describe('an imported run whose read chunks do not start at chunk 1', () => {
  it('is exported again with each chunk’s pages and tokens', () => {
    const session = hostileSession();
    const run = session.runs[0];
    if (!run) throw new Error('a run expected');
    run.chunkCount = 10;
    run.memories = run.memories.map((m, i) => ({
      ...m,
      chunk: 6 + i,
      pages: { first: 40 + i, last: 40 + i },
      tokens: 700 + i,
    }));
    const library = freshLibrary();
    importSessionBytes(library, bytes(session), 1);
    const again = buildSessionExport(library, session.document.id, [run.id], 2);
    expect(again.runs[0]?.memories.map((m) => [m.chunk, m.pages?.first, m.tokens])).toEqual([
      [6, 40, 700],
      [7, 41, 701],
    ]);
  });
});

describe('an import into a library that cannot take it', () => {
  it('a damaged library is said to be damaged, not the session', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-import-damaged-'));
    dirs.push(dir);
    const store = openStore(dir);
    stores.push(store);
    const file = store.db.name;
    // The library's second page overwritten once it is open and its log folded into the file
    // (a page damaged before the open is found by its quick_check): the import's write finds it.
    store.db.pragma('wal_checkpoint(TRUNCATE)');
    const fd = fs.openSync(file, 'r+');
    fs.writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, 4096);
    fs.closeSync(fd);
    // The check at open read every page into this connection's cache; a commit by another
    // connection (page 1 only: the same user_version again) makes it read the disk again.
    const other = new Database(file);
    other.pragma(`user_version = ${String(other.pragma('user_version', { simple: true }))}`);
    other.close();
    const error = toAppError(
      catchError(() => importSessionBytes(store, bytes(hostileSession()), 1)),
    );
    expect(error).toMatchObject({
      kind: 'Damaged',
      message: `The library ${file} is damaged: it is not a readable SQLite database.`,
    });
    expect(error.hint).not.toMatch(/export the session again/i);
  });
});

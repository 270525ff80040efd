import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Events } from '../../../shared/api.ts';
import { MAX_DOCUMENT_BYTES } from '../../../shared/limits.ts';
import { makePdf } from '../../../scripts/make-fixtures-pdf.ts';
import {
  SMALL_CHUNKS,
  bookText,
  openBookAndProfile,
  startHarness,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the documents library', () => {
  it('refuses bytes over the document size limit at the request, before reading them', async () => {
    h = await startHarness();
    // Never written, so the pages stay unallocated: the test costs no gigabyte of memory.
    const data = new Uint8Array(MAX_DOCUMENT_BYTES + 1);
    expect(await h.call('documents:open-bytes', { name: 'huge.txt', data })).toEqual({
      ok: false,
      error: {
        kind: 'TooLarge',
        message: 'This file is too large to read (the limit is 1024 MB).',
        hint: 'Split the document into smaller files.',
      },
    });
    // The handler never ran: no progress shown, nothing in the library.
    expect(h.emitted.filter((e) => e.name === 'document:progress')).toEqual([]);
    expect(await h.ok('documents:list', {})).toEqual([]);
  });

  it('opens a file, identifies it by content, counts its tokens in the background and serves its text', async () => {
    h = await startHarness();
    const file = path.join(h.dir, 'notes.md');
    const text = `# Notes\n\n${bookText(10)}`;
    fs.writeFileSync(file, text);
    const info = await h.ok('documents:open', { path: file });
    expect(info).toMatchObject({ fileName: 'notes.md', path: file, chars: text.length });
    expect(info.id).toMatch(/^[0-9a-f]{64}$/);
    const updated = await h.waitFor(
      'document:updated',
      (d) => d.id === info.id && d.tokenCount !== undefined,
    );
    expect(updated.tokenCount).toBeGreaterThan(text.length / 8);
    expect(updated.tokenizer).toBeTruthy();
    expect(
      h.emitted.some(
        (e) =>
          e.name === 'document:progress' &&
          (e.payload as Events['document:progress']).stage === 'tokenizing',
      ),
    ).toBe(true);
    expect(h.emitted.find((e) => e.name === 'document:progress')?.target).toBe('w1');

    // The same bytes under another name are the same library entry.
    const copy = await h.ok('documents:open-bytes', {
      name: 'copy.md',
      data: new Uint8Array(fs.readFileSync(file)),
    });
    expect(copy.id).toBe(info.id);
    expect(copy.tokenCount).toBe(updated.tokenCount);
    expect((await h.ok('documents:list', {})).map((d) => d.id)).toEqual([info.id]);
    const view = await h.ok('documents:get', { documentId: info.id });
    expect(view.document.text).toBe(text);

    // After a restart the text comes from the cache, even when the original file is gone.
    await h.service.dispose();
    fs.rmSync(file);
    h.reopen();
    expect((await h.ok('documents:get', { documentId: info.id })).document.text).toBe(text);
  });

  it('reports unreadable input as error values', async () => {
    h = await startHarness();
    expect(await h.call('documents:open', { path: path.join(h.dir, 'missing.txt') })).toMatchObject(
      { ok: false, error: { kind: 'NotFound' } },
    );
    const empty = path.join(h.dir, 'empty.txt');
    fs.writeFileSync(empty, '');
    expect(await h.call('documents:open', { path: empty })).toMatchObject({
      ok: false,
      error: { kind: 'Damaged' },
    });
    expect(await h.call('documents:get', { documentId: 'f'.repeat(64) })).toMatchObject({
      ok: false,
      error: { kind: 'NotFound' },
    });
  });

  it('asks for the password of an encrypted PDF and opens it with the right one', async () => {
    h = await startHarness();
    const file = path.resolve(import.meta.dirname, '../../../test-fixtures/encrypted-secret.pdf');
    expect(await h.call('documents:open', { path: file })).toMatchObject({
      ok: false,
      error: { kind: 'PasswordRequired' },
    });
    expect(await h.call('documents:open', { path: file, password: 'wrong' })).toMatchObject({
      ok: false,
      error: { kind: 'WrongPassword' },
    });
    const info = await h.ok('documents:open', { path: file, password: 'secret' });
    expect(info).toMatchObject({ format: 'pdf', fileName: 'encrypted-secret.pdf' });
    // Reopening the same file later needs no password: its text is in the library's cache.
    expect((await h.ok('documents:open', { path: file })).id).toBe(info.id);
    expect(
      (await h.ok('documents:get', { documentId: info.id })).document.text.length,
    ).toBeGreaterThan(0);
  });

  it('removes a document with its runs, cancelling a live one', async () => {
    h = await startHarness({
      sim: {
        latency: {
          prefillTokensPerSec: 200_000,
          decodeTokensPerSec: 2_000,
          aggregateDecodeTokensPerSec: 100_000,
          maxBatch: 8,
          overheadMs: 1,
        },
      },
    });
    const { documentId } = await openBookAndProfile(h);
    const run = await h.ok('runs:start', {
      documentId,
      question: 'What is the vault code?',
      settings: SMALL_CHUNKS,
    });
    await h.waitFor('run:event', (p) => p.event.runId === run.id && p.event.type === 'chunk-done');
    await h.ok('documents:remove', { documentId });
    expect((await h.finished(run.id)).type).toBe('cancelled');
    expect(await h.ok('documents:list', {})).toEqual([]);
    expect(await h.call('runs:get', { runId: run.id })).toMatchObject({
      ok: false,
      error: { kind: 'NotFound' },
    });
  });
});

const corpus = path.resolve(import.meta.dirname, '../../../../shared/corpus');
const gplPdf = path.join(corpus, 'gpl-3.0.pdf');

describe.skipIf(!fs.existsSync(gplPdf))('a real PDF from the corpus', () => {
  it('is read with pages, and its run and export point at pages', async () => {
    h = await startHarness();
    const file = gplPdf;
    const info = await h.ok('documents:open', { path: file });
    expect(info).toMatchObject({ format: 'pdf', fileName: 'gpl-3.0.pdf' });
    expect(info.pageCount).toBeGreaterThan(3);
    const { profileId } = await openBookAndProfile(h);
    await h.ok('settings:set-active-profile', { profileId });
    const run = await h.ok('runs:start', {
      documentId: info.id,
      question: 'How many days does a licensee have to cure a violation after notice?',
      settings: { ...SMALL_CHUNKS, chunkTokens: 2000 },
    });
    expect((await h.finished(run.id)).type).toBe('finished');
    const snap = await h.ok('runs:get', { runId: run.id });
    expect(snap.chunks.every((c) => c.pages !== undefined)).toBe(true);
    expect(snap.chunks.at(-1)?.pages?.last).toBe(info.pageCount);
    const out = await h.ok('export:session', { documentId: info.id, format: 'md' });
    const md = fs.readFileSync(out?.path as string, 'utf8');
    // Page labels read as written (no "pp\\. 1") in the appendix's line per chunk.
    expect(md).toMatch(/^- Chunk 1 \(pp?\. 1/m);
    expect(md).toContain('How many days does a licensee');
    // The answer cites the cure-period sentence, on page 7, read from the text the run read.
    // (A long sentence is quoted around the answer's words, "…" where it is cut.)
    expect(md).toMatch(
      /\*\*Sources:\*\*\n\n> “….*and you cure the violation prior to 30 days after your[^\n]*\n> — p\. 7( · quoted by the model[^\n]*)?\n/,
    );
  });
});

describe('service shutdown', () => {
  it('dispose stops a document being extracted and waits for it, leaving no extraction behind', async () => {
    h = await startHarness();
    const pages = Array.from({ length: 600 }, (_, i) => ({
      lines: [
        `# Chapter ${i + 1}`,
        ...Array.from(
          { length: 30 },
          (_, j) => `Line ${j + 1} of page ${i + 1} tells of the valley and the mill.`,
        ),
      ],
    }));
    const data = new Uint8Array(makePdf({ title: 'Long book', pages }));
    const opening = h.call('documents:open-bytes', { name: 'long.pdf', data });
    let settled = false;
    void opening.then(() => (settled = true));
    await h.waitFor('document:progress', (p) => p.name === 'long.pdf' && p.stage === 'extracting');
    await h.service.dispose();
    // Dispose returned: the extraction must be over (cancelled), not still running on workers
    // (one turn of the event loop lets the call's result through; extracting takes far longer).
    await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(true);
    expect(await opening).toMatchObject({ ok: false, error: { kind: 'Cancelled' } });
    h.reopen();
    expect(await h.ok('documents:list', {})).toEqual([]);
  });

  it('a run cancelled while its document is being extracted again stops that extraction', async () => {
    h = await startHarness();
    const pages = Array.from({ length: 200 }, (_, i) => ({
      lines: Array.from(
        { length: 30 },
        (_, j) => `Line ${j + 1} of page ${i + 1} tells of the valley and the mill.`,
      ),
    }));
    const file = path.join(h.dir, 'long.pdf');
    fs.writeFileSync(file, makePdf({ title: 'Long book', pages }));
    const info = await h.ok('documents:open', { path: file });
    const { profileId } = await openBookAndProfile(h);
    // A new process with an empty text cache (as after an extractor upgrade): a run extracts again.
    await h.service.dispose();
    const cacheDir = path.join(h.dir, 'cache');
    fs.rmSync(cacheDir, { recursive: true, force: true });
    h.reopen();
    const run = await h.ok('runs:start', {
      documentId: info.id,
      question: 'What is in the valley?',
      settings: SMALL_CHUNKS,
      profileId,
    });
    await h.ok('runs:cancel', { runId: run.id });
    expect((await h.finished(run.id)).type).toBe('cancelled');
    // The extraction stopped with the cancel: it did not run on to fill the cache.
    expect(
      fs.existsSync(cacheDir) ? fs.readdirSync(cacheDir).filter((f) => f.startsWith(info.id)) : [],
    ).toEqual([]);
  });
});

// Paths a window hands back to main, through the product's dispatcher over the real service:
// real files in a temp folder, a file dialog that answers with them, the real library. A path is
// accepted only by the window the dialog answered and only for the purpose it was chosen for.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FilePurpose } from '../../shared/api.ts';
import { hostileSession } from '../core/export/hostile-session.test-support.ts';
import { bookText } from '../core/ipc/service-harness.test-support.ts';
import {
  OTHER_WINDOW,
  sender,
  trusted,
  useDispatchedService,
  WINDOW,
} from './dispatched-service.test-support.ts';
import { createDropGrant, type SenderInfo } from './ipc-dispatch.ts';
import { APP_ENTRY_URL } from './security.ts';

const startService = useDispatchedService();

/** The service with a file dialog that answers with `answers` in turn, and the app's dispatcher. */
async function start() {
  const answers: string[] = [];
  const asked: FilePurpose[] = [];
  const shown: string[] = [];
  const { harness, call, write } = await startService({
    chooseFile: async (purpose) => {
      asked.push(purpose);
      return answers.shift() ?? null;
    },
    showInFolder: (file) => void shown.push(file),
  });
  /** The user picks `file` in the dialog shown for `purpose`. */
  const choose = async (
    file: string,
    purpose?: 'document' | 'session' | 'ocr-language' | 'checklist',
  ) => {
    answers.push(file);
    const chosen = await call('documents:choose-path', purpose === undefined ? {} : { purpose });
    expect(chosen).toEqual({ ok: true, value: file });
  };
  const titles = async () => {
    const listed = await harness.ok('documents:list', {});
    return listed.map((d) => d.fileName).sort();
  };
  /** The user drops the file at `file` on window `from` (the preload read its path). */
  const grantDropped = createDropGrant(trusted, harness.service.grants);
  const drop = (file: unknown, from: SenderInfo = sender(WINDOW)) => grantDropped(from, file);
  return { harness, call, choose, drop, write, titles, asked, shown };
}

const sessionJson = () => JSON.stringify(hostileSession());

describe('a path chosen in a file dialog', () => {
  it('is needed: a made-up path is refused by every call that takes one; dropped bytes need none', async () => {
    const { call, write, titles } = await start();
    const file = write('book.txt', bookText(4));
    expect(await call('documents:open', { path: file })).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: expect.stringMatching(/Open dialog/) },
    });
    expect(await call('sessions:import', { path: file })).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: expect.stringMatching(/Import Session dialog/) },
    });
    expect(await call('ocr:add-language', { path: '/etc/shadow' })).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: expect.stringMatching(/Add language file/) },
    });
    expect(await titles()).toEqual([]);
    const data = new TextEncoder().encode(sessionJson());
    expect(await call('sessions:import', { name: 'session.json', data })).toMatchObject({
      ok: true,
    });
  });

  it('chosen to import a session is refused by documents:open, with a sentence naming why', async () => {
    const { call, choose, write, titles } = await start();
    const file = write('session.json', sessionJson());
    await choose(file, 'session');

    const opened = await call('documents:open', { path: file });
    expect(opened).toMatchObject({
      ok: false,
      error: {
        kind: 'BadUsage',
        message:
          'The file was not opened: it was chosen to be imported as a session, not to be opened as a document.',
        hint: 'Choose it with File › Open….',
      },
    });
    expect(await titles()).toEqual([]);
    // The purpose it was chosen for still works.
    expect(await call('sessions:import', { path: file })).toMatchObject({ ok: true });
  });

  it('chosen to import a checklist imports it once; a document’s path or a made-up one is refused', async () => {
    const { call, choose, write, harness } = await start();
    const file = write('Vault review.txt', 'What is the vault code?\nWho set it?\n');
    const refused = await call('checklists:import', { path: file });
    expect(refused).toMatchObject({
      ok: false,
      error: {
        kind: 'BadUsage',
        message:
          'The checklist was not imported: only a file chosen with “Import a checklist…” can be imported.',
      },
    });
    await choose(file);
    expect(await call('checklists:import', { path: file })).toMatchObject({
      ok: false,
      error: {
        message:
          'The checklist was not imported: it was chosen to be opened as a document, not to be imported as a checklist.',
      },
    });
    await choose(file, 'checklist');
    expect(await call('checklists:import', { path: file })).toMatchObject({
      ok: true,
      value: { name: 'Vault review', questionCount: 2 },
    });
    // Once: a second import needs a second choice.
    expect(await call('checklists:import', { path: file })).toMatchObject({ ok: false });
    expect((await harness.ok('checklists:list', {})).map((c) => c.name)).toEqual(['Vault review']);
  });

  it('chosen to open a document is refused by sessions:import and ocr:add-language', async () => {
    const { call, choose, write, titles } = await start();
    const file = write('book.txt', bookText(4));
    await choose(file);

    const imported = await call('sessions:import', { path: file });
    expect(imported).toMatchObject({
      ok: false,
      error: {
        kind: 'BadUsage',
        message:
          'The session was not imported: it was chosen to be opened as a document, not to be imported as a session.',
      },
    });
    const added = await call('ocr:add-language', { path: file });
    expect(added).toMatchObject({
      ok: false,
      error: {
        kind: 'BadUsage',
        message: /^The language was not added: it was chosen to be opened/,
      },
    });
    expect(await titles()).toEqual([]);
    expect(await call('documents:open', { path: file })).toMatchObject({ ok: true });
    expect(await titles()).toEqual(['book.txt']);
  });

  it('opens once: a failed open keeps the choice for a retry, a second open needs a new choice', async () => {
    const { call, choose, write, titles } = await start();
    const file = write('book.txt', bookText(4));
    await choose(file);

    // The file went away between the dialog and the open: the user puts it back and retries.
    fs.rmSync(file);
    expect(await call('documents:open', { path: file })).toMatchObject({
      ok: false,
      error: { kind: 'NotFound' },
    });
    write('book.txt', bookText(4));
    expect(await call('documents:open', { path: file })).toMatchObject({ ok: true });
    expect(await titles()).toEqual(['book.txt']);

    const again = await call('documents:open', { path: file });
    expect(again).toMatchObject({
      ok: false,
      error: {
        kind: 'BadUsage',
        message:
          'The file was not opened: only a file chosen in the app’s Open dialog or dropped on its window can be opened.',
      },
    });
    await choose(file);
    expect(await call('documents:open', { path: file })).toMatchObject({ ok: true });
  });

  it('belongs to the window it was chosen in, and ends when that window closes', async () => {
    const { harness, call, choose, write } = await start();
    const file = write('book.txt', bookText(4));
    await choose(file);
    expect(await call('documents:open', { path: file }, OTHER_WINDOW)).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: /Open dialog/ },
    });
    harness.service.grants.revoke(String(WINDOW));
    expect(await call('documents:open', { path: file })).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: /Open dialog/ },
    });
  });

  it('of the model kind is not shown to the renderer’s dialog call at all', async () => {
    const { call, asked } = await start();
    const result = await call('documents:choose-path', { purpose: 'model' });
    expect(result).toMatchObject({ ok: false, error: { kind: 'BadUsage' } });
    expect(asked).toEqual([]);
  });
});

describe('a file dropped on the window', () => {
  it('opens from its path, with its page view: once per drop, in the window it was dropped on', async () => {
    const { call, drop, write, titles, harness } = await start();
    const file = write('dropped.txt', bookText(4));
    expect(drop(file)).toBe(file);
    expect(await call('documents:open', { path: file }, OTHER_WINDOW)).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage' },
    });
    const opened = await call('documents:open', { path: file });
    expect(opened).toMatchObject({ ok: true, value: { fileName: 'dropped.txt', path: file } });
    expect(await titles()).toEqual(['dropped.txt']);
    // The library keeps its path (what the page view and a re-read need).
    const [info] = await harness.ok('documents:list', {});
    expect(info?.path).toBe(file);
    // Once: opening it again needs another drop (or the Open dialog).
    expect(await call('documents:open', { path: file })).toMatchObject({
      ok: false,
      error: { message: /dropped on its window/ },
    });
  });

  it('gets the checks of a chosen path: a folder, a missing file, each in one sentence', async () => {
    const { call, drop, harness } = await start();
    const folder = path.join(harness.dir, 'a folder.pdf');
    fs.mkdirSync(folder);
    expect(drop(folder)).toBe(folder);
    expect(await call('documents:open', { path: folder })).toMatchObject({
      ok: false,
      error: { kind: 'NotFound', message: `${folder} is not a file.` },
    });
    const gone = path.join(harness.dir, 'gone.pdf');
    expect(drop(gone)).toBe(gone);
    expect(await call('documents:open', { path: gone })).toMatchObject({
      ok: false,
      error: { kind: 'NotFound', message: `The file ${gone} does not exist.` },
    });
  });

  it('grants nothing to another page, nor for a path that is not absolute', async () => {
    const { call, drop, write } = await start();
    const file = write('dropped.txt', bookText(4));
    const stranger = { webContentsId: 99, frameUrl: APP_ENTRY_URL, isMainFrame: true };
    const frame = { webContentsId: WINDOW, frameUrl: 'https://example.com/', isMainFrame: false };
    expect(drop(file, stranger)).toBeNull();
    expect(drop(file, frame)).toBeNull();
    expect(drop('dropped.txt')).toBeNull();
    expect(drop(`${file}\0.pdf`)).toBeNull();
    expect(drop({ path: file })).toBeNull();
    expect(await call('documents:open', { path: file })).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage' },
    });
  });
});

describe('a file an export saved', () => {
  it('is opened for the window that exported it, and refused for another window', async () => {
    const { harness, call, write, shown } = await start();
    const file = write('book.txt', bookText(4));
    const info = await harness.ok('documents:open', { path: file });
    const saved = await call('export:session', { documentId: info.id, format: 'md' });
    if (!saved.ok || saved.value === null) throw new Error('the export was not saved');

    const other = await call(
      'export:open-saved',
      { path: saved.value.path, show: 'folder' },
      OTHER_WINDOW,
    );
    expect(other).toMatchObject({
      ok: false,
      error: {
        kind: 'BadUsage',
        message:
          'The file was not opened: only a file this window just exported can be opened from here.',
      },
    });
    // Its own window may open it as often as the user clicks.
    const show = { path: saved.value.path, show: 'folder' };
    expect(await call('export:open-saved', show)).toEqual({ ok: true, value: null });
    expect(await call('export:open-saved', show)).toEqual({ ok: true, value: null });
    expect(shown).toEqual([saved.value.path, saved.value.path]);
  });
});

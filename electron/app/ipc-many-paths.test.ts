// Many documents chosen at once (`documents:choose-paths`, `documents:choose-folder`,
// `documents:list-folder`), through the product's dispatcher over the real service and real
// files: every path handed to the window opens once with `documents:open`, by that window only,
// exactly as a single Open dialog answer; only a folder the window chose may be listed again.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookText } from '../core/ipc/service-harness.test-support.ts';
import { OTHER_WINDOW, useDispatchedService, WINDOW } from './dispatched-service.test-support.ts';

const startService = useDispatchedService();

/** The service, its Open dialogs answering with `answer` as it is when they are shown. */
const start = (answer: { files?: string[]; folder?: string | null }) =>
  startService({
    chooseFiles: async () => answer.files ?? [],
    chooseFolder: async () => answer.folder ?? null,
  });

describe('several files chosen in one Open dialog', () => {
  it('each opens once, by the window that chose them', async () => {
    const answer: { files: string[] } = { files: [] };
    const { call, write } = await start(answer);
    answer.files = [write('a.txt', bookText(3)), write('b.txt', bookText(4))];
    const [a, b] = answer.files;
    if (a === undefined || b === undefined) throw new Error('no files');
    expect(await call('documents:choose-paths', {})).toEqual({ ok: true, value: answer.files });
    expect(await call('documents:open', { path: b }, OTHER_WINDOW)).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage' },
    });
    expect(await call('documents:open', { path: a })).toMatchObject({ ok: true });
    expect(await call('documents:open', { path: b })).toMatchObject({ ok: true });
    // A one-time grant, as for one file: a second open needs a second choice.
    expect(await call('documents:open', { path: a })).toMatchObject({ ok: false });
  });

  it('cancelled, gives no paths', async () => {
    const { call } = await start({});
    expect(await call('documents:choose-paths', {})).toEqual({ ok: true, value: [] });
  });
});

describe('a folder chosen', () => {
  it('lists its documents (not its subfolders) and lets the window open each; others stay refused', async () => {
    const answer: { folder: string | null } = { folder: null };
    const { harness, call, write } = await start(answer);
    const one = write('contracts/one.txt');
    const two = write('contracts/two.md');
    const picture = write('contracts/scan.png', 'not a document');
    write('contracts/old/zero.txt');
    answer.folder = path.join(harness.dir, 'contracts');
    const chosen = await call('documents:choose-folder', {});
    expect(chosen).toEqual({
      ok: true,
      value: { folder: answer.folder, files: [one, two], skipped: 1, subfolders: 1 },
    });
    expect(await call('documents:open', { path: one })).toMatchObject({ ok: true });
    expect(await call('documents:open', { path: two })).toMatchObject({ ok: true });
    expect(await call('documents:open', { path: picture })).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: expect.stringMatching(/Open dialog/) },
    });
  });

  it('is listed again with its subfolders by the window that chose it, and no other folder is', async () => {
    const answer: { folder: string | null } = { folder: null };
    const { harness, call, write } = await start(answer);
    const one = write('contracts/one.txt');
    write('contracts/scan.png', 'not a document');
    const nested = write('contracts/old/zero.txt');
    const deeper = write('contracts/old/2019/lease.md');
    write('contracts/old/2019/photo.jpg', 'not a document');
    const outside = write('elsewhere/secret.txt');
    const folder = path.join(harness.dir, 'contracts');
    answer.folder = folder;
    expect(await call('documents:choose-folder', {})).toMatchObject({
      ok: true,
      value: { files: [one], skipped: 1, subfolders: 1 },
    });
    // Not yet listed, so not yet granted: the nested file is not the window's to open.
    expect(await call('documents:open', { path: nested })).toMatchObject({ ok: false });

    expect(await call('documents:list-folder', { folder, recursive: true })).toEqual({
      ok: true,
      value: { folder, files: [deeper, nested, one], skipped: 2, subfolders: 0 },
    });
    expect(await call('documents:open', { path: nested })).toMatchObject({ ok: true });
    expect(await call('documents:open', { path: deeper })).toMatchObject({ ok: true });
    // Toggled back: the folder alone, as often as the user toggles.
    expect(await call('documents:list-folder', { folder, recursive: false })).toMatchObject({
      ok: true,
      value: { files: [one], skipped: 1, subfolders: 1 },
    });

    // A folder the window did not choose, a parent of the chosen one, a subfolder of it, or the
    // chosen folder from another window: refused in one sentence, and nothing is listed.
    for (const [made, from] of [
      [path.join(harness.dir, 'elsewhere'), WINDOW],
      [harness.dir, WINDOW],
      [path.join(folder, 'old'), WINDOW],
      [folder, OTHER_WINDOW],
    ] as const) {
      expect(await call('documents:list-folder', { folder: made, recursive: true }, from)).toEqual({
        ok: false,
        error: expect.objectContaining({
          kind: 'BadUsage',
          message:
            'The folder was not listed: only a folder chosen with “Add a folder…” can be listed.',
        }),
      });
    }
    expect(await call('documents:open', { path: outside })).toMatchObject({ ok: false });
    // A file granted to be opened is not a folder to list.
    expect(await call('documents:list-folder', { folder: one, recursive: false })).toMatchObject({
      ok: false,
      error: { message: expect.stringMatching(/chosen to be opened as a document/) },
    });
  });

  it('that is gone is one sentence', async () => {
    const answer: { folder: string | null } = { folder: null };
    const { harness, call } = await start(answer);
    answer.folder = path.join(harness.dir, 'gone');
    expect(await call('documents:choose-folder', {})).toMatchObject({
      ok: false,
      error: { kind: 'NotFound', message: `The folder ${answer.folder} does not exist.` },
    });
  });
});

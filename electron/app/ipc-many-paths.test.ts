// Many documents chosen at once (`documents:choose-paths`, `documents:choose-folder`), through
// the product's dispatcher over the real service and real files: every path handed to the window
// opens once with `documents:open`, by that window only, exactly as a single Open dialog answer.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bookText } from '../core/ipc/service-harness.test-support.ts';
import { OTHER_WINDOW, useDispatchedService } from './dispatched-service.test-support.ts';

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

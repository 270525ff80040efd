// An export racing a delete: the run or document removed while its text loads is said to be
// removed, not to belong to another document. A real library; the delete happens between the
// export's steps, where another window or process could make it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { toAppError } from '../errors.ts';
import { openStore, type Store } from '../store/store.ts';
import { collectSession, resolveSelection } from './selection.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const DOC = 'a'.repeat(64);
const RUN = '3f1c2b4a-0d9e-4c8b-a7f6-5e4d3c2b1a00';

function library(): Store {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-export-race-'));
  dirs.push(dir);
  const store = openStore(dir);
  store.documents.upsert({
    id: DOC,
    fileName: 'book.txt',
    format: 'text',
    title: 'Book',
    chars: 10,
    openedAt: 1,
    warnings: [],
  });
  store.runs.create({
    id: RUN,
    documentId: DOC,
    question: 'What is the vault code?',
    settings: DEFAULT_RUN_SETTINGS,
    status: 'done',
    createdAt: 1,
    textKey: DOC,
  });
  return store;
}

async function exportWhile(remove: (store: Store) => void) {
  const store = library();
  try {
    const selection = resolveSelection(store, { run: RUN });
    // The text loads while the run is deleted (the app's window, or `memagent` in a terminal).
    const load = async () => {
      remove(store);
      return undefined;
    };
    await collectSession(store, selection, 2, load);
    throw new Error('the export should have been refused');
  } catch (error) {
    return toAppError(error);
  } finally {
    store.close();
  }
}

describe('an export while its run is deleted', () => {
  it('the run deleted: "not in the library any more", not "does not belong"', async () => {
    const error = await exportWhile((store) => store.runs.remove(RUN));
    expect(error).toMatchObject({
      kind: 'NotFound',
      message: 'A run to export is not in the library any more.',
    });
  });

  it('the document deleted with its runs: the document is said to be gone', async () => {
    const error = await exportWhile((store) => {
      store.runs.remove(RUN);
      store.documents.remove(DOC);
    });
    expect(error).toMatchObject({
      kind: 'NotFound',
      message: 'This document is not in the library any more.',
    });
  });
});

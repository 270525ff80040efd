// Opening a document in process: a real library and text cache in a temp folder, real files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentText, Reading } from '../../../shared/model.ts';
import { createDocumentCache } from '../documents/cache.ts';
import { extractDocument } from '../documents/index.ts';
import { openStore } from '../store/store.ts';
import type { Store } from '../store/store.ts';
import { openDocument, type OpenDocumentParts } from './open-document.ts';

const fixture = (name: string) => path.join(import.meta.dirname, '../../../test-fixtures', name);

let dir: string;
let store: Store;
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function library(): OpenDocumentParts {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-open-'));
  store = openStore(dir);
  const cache = createDocumentCache(path.join(dir, 'cache'));
  return {
    store,
    texts: { cached: (key) => cache.get(key), remember: (key, doc) => cache.put(key, doc) },
    now: Date.now,
  };
}

/** Opens `file` as a caller would, counting the extractions it had to make. */
async function open(parts: OpenDocumentParts, file: string, reading?: Reading) {
  let extracted = 0;
  const bytes = fs.readFileSync(file);
  const opened = await openDocument(parts, {
    bytes,
    name: path.basename(file),
    path: file,
    ...(reading === undefined ? {} : { reading }),
    extract: async (): Promise<DocumentText> => {
      extracted += 1;
      return extractDocument({ bytes, name: path.basename(file) }, {});
    },
  });
  return { ...opened, extractions: extracted };
}

describe('open a document', () => {
  it('enters a file once by its content: the same bytes elsewhere are the same document, read once', async () => {
    const parts = library();
    const first = await open(parts, fixture('notes.md'));
    expect(first.extractions).toBe(1);
    expect(first.info).toMatchObject({ fileName: 'notes.md', format: 'markdown' });
    const copy = path.join(dir, 'copy.md');
    fs.copyFileSync(fixture('notes.md'), copy);
    const again = await open(parts, copy);
    expect(again.extractions).toBe(0);
    expect(again.doc.text).toBe(first.doc.text);
    expect(again.info.id).toBe(first.info.id);
    expect(again.info.path).toBe(copy);
    expect(store.documents.list()).toHaveLength(1);
  });

  it('a PDF read another way (the command line’s OCR flags) makes that reading its current text', async () => {
    const parts = library();
    const first = await open(parts, fixture('contract.pdf'));
    store.documents.setTokenCount(first.info.id, 123, 'qwen');
    const same = await open(parts, fixture('contract.pdf'), first.info.reading);
    expect(same.extractions).toBe(0);
    expect(store.documents.get(first.info.id)?.tokenCount).toBe(123);
    const other = await open(parts, fixture('contract.pdf'), { ocr: 'off', languages: ['eng'] });
    expect(other.extractions).toBe(1);
    expect(other.info.reading).toEqual({ ocr: 'off', languages: ['eng'] });
    expect(other.info.textKey).not.toBe(first.info.textKey);
    // Its token count was of the other text.
    expect(other.info.tokenCount).toBeUndefined();
    expect(store.documents.textKeys(first.info.id).sort()).toEqual(
      [first.info.textKey, other.info.textKey].sort(),
    );
  });
});

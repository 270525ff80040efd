// The reader's one view choice: each document opens in its format's usual view, keeps the one
// chosen while it stays open, and a citation in a PDF switches it to the original page.
import { beforeEach, expect, test } from 'vitest';
import type { Api } from '../api.ts';
import { setBridge } from './bridge.ts';
import { usePageViewStore } from './page-view-store.ts';
import { useReaderStore } from './reader-store.ts';

const formats: Record<string, string> = { a: 'pdf', b: 'epub', c: 'docx' };

/** Main as far as these calls go: a document of the format its id names, no page boxes. */
const fakeMain = {
  invoke: async (name: string, request: { documentId: string }) => {
    if (name === 'documents:text-rects') return { ok: true, value: [] };
    const format = formats[request.documentId] ?? 'text';
    const info = { id: request.documentId, format, title: '', fileName: `x.${format}` };
    return { ok: true, value: { info, document: { text: 'Some text.', format, warnings: [] } } };
  },
  on: () => () => {},
} as unknown as Api;

beforeEach(() => setBridge(fakeMain));

const display = () => useReaderStore.getState().display;

test('a PDF opens on its text, an EPUB or a Word document rendered', async () => {
  await useReaderStore.getState().load('a');
  expect(display()).toBe('text');
  await useReaderStore.getState().load('b');
  expect(display()).toBe('document');
  await useReaderStore.getState().load('c');
  expect(display()).toBe('document');
});

test('the view chosen holds while the document stays open, also for an earlier text of it', async () => {
  await useReaderStore.getState().load('b');
  useReaderStore.getState().setDisplay('text', 'Shown in the text.');
  await useReaderStore.getState().load('b', { textKey: 'older' });
  expect(display()).toBe('text');
  await useReaderStore.getState().load('a');
  expect(display()).toBe('text');
  expect(useReaderStore.getState().displayNote).toBeNull();
});

test('a citation in a PDF shows the original page', async () => {
  await useReaderStore.getState().load('a');
  expect(display()).toBe('text');
  await usePageViewStore
    .getState()
    .showPassage({ documentId: 'a', textKey: null, pages: [] }, { start: 0, end: 4 });
  expect(display()).toBe('document');
  expect(usePageViewStore.getState().passage?.rects).toEqual([]);
});

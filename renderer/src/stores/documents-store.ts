// The library: recent documents, the one being read, opening progress, errors, the password prompt.
import { create } from 'zustand';
import type { Events } from '../../../shared/api.ts';
import type { AppError, DocumentInfo } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { useReaderStore } from './reader-store.ts';
import { dismissStartError, loadRuns } from './runs-store.ts';
import { useUiStore } from './ui-store.ts';

/** Where a document being opened comes from, kept so it can be reopened with a password. */
export type OpenSource =
  | { kind: 'path'; path: string; name: string }
  | { kind: 'bytes'; name: string; data: Uint8Array<ArrayBuffer> };

export interface DocumentsState {
  list: DocumentInfo[];
  loaded: boolean;
  currentId: string | null;
  opening: { name: string; progress: Events['document:progress'] | null } | null;
  /** A short note after the user cancelled an open (not an error to dismiss). */
  notice: string | null;
  /** Token counting that goes on after a document opened, by document id. */
  counting: Record<string, { done: number; total: number }>;
  error: AppError | null;
  password: { source: OpenSource; wrong: boolean } | null;
}

export const useDocumentsStore = create<DocumentsState>(() => ({
  list: [],
  loaded: false,
  currentId: null,
  opening: null,
  notice: null,
  counting: {},
  error: null,
  password: null,
}));

const set = useDocumentsStore.setState;

export async function loadDocuments(): Promise<void> {
  const result = await call(bridge(), 'documents:list', {});
  if (result.ok) set({ list: result.value, loaded: true });
  else set({ error: result.error, loaded: true });
}

/** A library entry changed in main (e.g. its token count became known). */
export function onDocumentUpdated(info: DocumentInfo): void {
  const { list, counting } = useDocumentsStore.getState();
  const rest = Object.fromEntries(
    Object.entries(counting).filter(([id]) => id !== info.id || info.tokenCount === undefined),
  );
  if (list.some((d) => d.id === info.id))
    set({ list: list.map((d) => (d.id === info.id ? info : d)), counting: rest });
  // Re-read: the reader showing the document's current text shows the new one.
  const reader = useReaderStore.getState();
  const shown = reader.view?.info;
  if (
    reader.documentId === info.id &&
    reader.textKey === null &&
    shown &&
    shown.textKey !== info.textKey
  )
    void reader.load(info.id, { fresh: true });
}

export function onDocumentProgress(p: Events['document:progress']): void {
  const { opening, counting } = useDocumentsStore.getState();
  if (opening) {
    set({ opening: { name: opening.name, progress: p } });
    return;
  }
  // Token counting can go on after the document opened: it belongs to its library row then.
  if (p.stage === 'tokenizing' && p.documentId !== undefined) {
    const rest = Object.fromEntries(Object.entries(counting).filter(([id]) => id !== p.documentId));
    set({
      counting:
        p.done >= p.total ? rest : { ...rest, [p.documentId]: { done: p.done, total: p.total } },
    });
  }
}

function opened(info: DocumentInfo): void {
  const others = useDocumentsStore.getState().list.filter((d) => d.id !== info.id);
  set({ list: [info, ...others], opening: null, error: null, password: null });
  selectDocument(info.id);
}

function failed(source: OpenSource, error: AppError): void {
  if (error.kind === 'Cancelled') {
    set({ opening: null, notice: `Cancelled: ${source.name} was not opened.` });
  } else if (error.kind === 'PasswordRequired' || error.kind === 'WrongPassword') {
    set({
      opening: null,
      error: null,
      password: { source, wrong: error.kind === 'WrongPassword' },
    });
  } else {
    set({ opening: null, error, password: null });
  }
}

/** Opens a document from a path or bytes, with an optional password. */
export async function openSource(source: OpenSource, password?: string): Promise<void> {
  set({
    opening: { name: source.name, progress: null },
    error: null,
    password: null,
    notice: null,
  });
  const pw = password === undefined ? {} : { password };
  const result =
    source.kind === 'path'
      ? await call(bridge(), 'documents:open', { path: source.path, ...pw })
      : await call(bridge(), 'documents:open-bytes', {
          name: source.name,
          data: source.data,
          ...pw,
        });
  if (result.ok) opened(result.value);
  else failed(source, result.error);
}

/** Shows the system file dialog and opens the chosen file. */
export async function chooseAndOpen(): Promise<void> {
  const chosen = await call(bridge(), 'documents:choose-path', {});
  if (!chosen.ok) {
    set({ error: chosen.error });
    return;
  }
  if (chosen.value === null) return;
  const name = chosen.value.split(/[\\/]/).pop() ?? chosen.value;
  await openSource({ kind: 'path', path: chosen.value, name });
}

/** Opens files dropped on the window (read in the renderer, sent as bytes). */
export async function openFiles(files: readonly File[]): Promise<void> {
  for (const file of files) {
    const data = new Uint8Array(await file.arrayBuffer());
    await openSource({ kind: 'bytes', name: file.name, data });
  }
}

/** Stops the open under way (it then fails as Cancelled, see `failed`). */
export async function cancelOpening(): Promise<void> {
  const documentId = useDocumentsStore.getState().opening?.progress?.documentId;
  if (documentId === undefined) return;
  const result = await call(bridge(), 'documents:cancel-extraction', { documentId });
  if (!result.ok) set({ error: result.error });
}

export function cancelPassword(): void {
  set({ password: null });
}

export function dismissError(): void {
  set({ error: null, notice: null });
}

export function selectDocument(id: string): void {
  if (useDocumentsStore.getState().currentId !== id) {
    useUiStore.getState().selectRun(null);
    // A question that failed to start belongs to the document it was asked about.
    dismissStartError();
  }
  set({ currentId: id });
  void useReaderStore.getState().load(id);
  void loadRuns(id);
  useUiStore.getState().setScreen('ask');
}

export async function removeDocument(id: string): Promise<void> {
  const result = await call(bridge(), 'documents:remove', { documentId: id });
  if (!result.ok) {
    set({ error: result.error });
    return;
  }
  const state = useDocumentsStore.getState();
  set({
    list: state.list.filter((d) => d.id !== id),
    currentId: state.currentId === id ? null : state.currentId,
  });
}

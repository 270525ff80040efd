// The library: recent documents, the one being read, opening progress, errors, the password prompt.
import { create } from 'zustand';
import type { Events } from '../../../shared/api.ts';
import type { AppError, DocumentInfo } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { useReaderStore } from './reader-store.ts';
import { dismissStartError, loadRuns, useRunsStore } from './runs-store.ts';
import {
  addOpenRow,
  dropOpenRowsOf,
  forgetOpenSource,
  keepOpenSource,
  openSourceOf,
  setOpenOutcome,
  type OpenSource,
} from './open-results-store.ts';
import { scheduleRunCounts, useRunCountsStore } from './run-counts-store.ts';
import { useUiStore } from './ui-store.ts';
import { offerUndo, undoRemoval } from './undo-store.ts';

export type { OpenSource };

export interface DocumentsState {
  list: DocumentInfo[];
  loaded: boolean;
  currentId: string | null;
  opening: { name: string; progress: Events['document:progress'] | null } | null;
  /** Token counting that goes on after a document opened, by document id. */
  counting: Record<string, { done: number; total: number }>;
  error: AppError | null;
  /** Documents removed but still undoable: not shown, not yet deleted in main. */
  hidden: string[];
  /** The password prompt, for the file of result row `row` (open-results-store). */
  password: { row: number; source: OpenSource; wrong: boolean } | null;
}

export const useDocumentsStore = create<DocumentsState>(() => ({
  list: [],
  loaded: false,
  currentId: null,
  opening: null,
  counting: {},
  error: null,
  hidden: [],
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

function opened(row: number, info: DocumentInfo, select: boolean): void {
  // Opening a document whose removal waits keeps it.
  const pending = pendingRemovals.get(info.id);
  if (pending !== undefined) undoRemoval(pending);
  const state = useDocumentsStore.getState();
  const others = state.list.filter((d) => d.id !== info.id);
  setOpenOutcome(row, { state: 'opened', documentId: info.id });
  // A password prompt of another file of the batch stays open.
  const password = state.password?.row === row ? null : state.password;
  set({ list: [info, ...others], opening: null, password });
  if (select) selectDocument(info.id);
}

function failed(row: number, source: OpenSource, error: AppError): void {
  const state = useDocumentsStore.getState();
  if (error.kind === 'PasswordRequired' || error.kind === 'WrongPassword') {
    const wrong = error.kind === 'WrongPassword';
    setOpenOutcome(row, { state: 'password', wrong });
    // The first file of a batch that needs a password asks at once; the others wait in their row.
    const ask = state.password === null || state.password.row === row;
    set({ opening: null, ...(ask ? { password: { row, source, wrong } } : {}) });
    return;
  }
  setOpenOutcome(
    row,
    error.kind === 'Cancelled' ? { state: 'cancelled' } : { state: 'failed', error },
  );
  set({ opening: null, password: state.password?.row === row ? null : state.password });
}

export interface OpenOptions {
  password?: string;
  /** The file's result row when it is opened again (with a password). */
  row?: number;
  /** Show the document once opened (default); a batch stays on the library with its rows. */
  select?: boolean;
}

/**
 * Opens a document from a path or bytes; its outcome goes to its result row. Resolves with the
 * library's entry, or null when it did not open (the row says why).
 */
export async function openSource(
  source: OpenSource,
  options: OpenOptions = {},
): Promise<DocumentInfo | null> {
  const { password, row, select = true } = options;
  const id = row ?? addOpenRow(source.name);
  setOpenOutcome(id, { state: 'opening' });
  keepOpenSource(id, source);
  set({ opening: { name: source.name, progress: null } });
  const pw = password === undefined ? {} : { password };
  const result =
    source.kind === 'path'
      ? await call(bridge(), 'documents:open', { path: source.path, ...pw })
      : await call(bridge(), 'documents:open-bytes', {
          name: source.name,
          data: source.data,
          ...pw,
        });
  if (result.ok) {
    forgetOpenSource(id);
    opened(id, result.value, select);
    return result.value;
  }
  failed(id, source, result.error);
  return null;
}

/** "Enter password…" on a result row: asks for the password of that file. */
export function askPassword(row: number): void {
  const source = openSourceOf(row);
  if (source) set({ password: { row, source, wrong: false } });
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

/**
 * Opens files dropped on the window: from their path, as the Open dialog opens a file (so a PDF
 * keeps its page view), or, for a file with no path (dropped from a browser), from its bytes.
 */
export async function openFiles(files: readonly File[]): Promise<void> {
  const select = files.length === 1;
  for (const file of files) {
    const path = await bridge()
      .pathOfDropped(file)
      .catch(() => null);
    if (path !== null) {
      await openSource({ kind: 'path', path, name: file.name }, { select });
      continue;
    }
    const data = new Uint8Array(await file.arrayBuffer());
    await openSource({ kind: 'bytes', name: file.name, data }, { select });
  }
}

/** Stops the open under way (it then fails as Cancelled, see `failed`). */
export async function cancelOpening(): Promise<void> {
  const documentId = useDocumentsStore.getState().opening?.progress?.documentId;
  if (documentId === undefined) return;
  const result = await call(bridge(), 'documents:cancel-extraction', { documentId });
  if (!result.ok) set({ error: result.error });
}

/** Closes the prompt; the file's row keeps saying it needs a password. */
export function cancelPassword(): void {
  set({ password: null });
}

export function dismissError(): void {
  set({ error: null });
}

export function selectDocument(id: string): void {
  if (useDocumentsStore.getState().currentId !== id) {
    useUiStore.getState().selectRun(null);
    // A question that failed to start belongs to the document it was asked about.
    dismissStartError();
  }
  set({ currentId: id });
  void useReaderStore.getState().load(id);
  // Back on a document, its latest question shows (not "No question selected").
  void loadRuns(id).then(() => selectLatestRun(id));
  useUiStore.getState().setScreen('ask');
}

/** Selects the newest question asked of `id`, unless the user has moved on or chosen one. */
function selectLatestRun(id: string): void {
  if (useDocumentsStore.getState().currentId !== id) return;
  const ui = useUiStore.getState();
  if (ui.selectedRunId !== null) return;
  const runs = useRunsStore.getState();
  let latest: { id: string; createdAt: number } | undefined;
  for (const runId of runs.order) {
    const r = runs.byId[runId];
    if (!r || r.documentId !== id || runs.hidden.includes(r.id)) continue;
    if (!latest || r.createdAt > latest.createdAt) latest = r;
  }
  if (latest) ui.selectRun(latest.id);
}

/** Undo entries of documents hidden while their removal waits (undo-store), by document id. */
const pendingRemovals = new Map<string, number>();

/**
 * Hides a document at once and removes it (with its runs and cached text) when the undo window
 * ends; Undo shows it again with its questions.
 */
export function removeDocument(id: string): void {
  const state = useDocumentsStore.getState();
  const info = state.list.find((d) => d.id === id);
  if (!info || pendingRemovals.has(id)) return;
  const unhide = () => {
    pendingRemovals.delete(id);
    set({ hidden: useDocumentsStore.getState().hidden.filter((x) => x !== id) });
  };
  if (state.currentId === id) useUiStore.getState().selectRun(null);
  set({
    hidden: [...state.hidden, id],
    currentId: state.currentId === id ? null : state.currentId,
  });
  const questions = useRunCountsStore.getState().byDocument[id]?.questions ?? 0;
  const undoId = offerUndo(removalMessage(info.title || info.fileName, questions), {
    undo: unhide,
    commit: async () => {
      const result = await call(bridge(), 'documents:remove', { documentId: id });
      if (!result.ok) {
        unhide();
        set({ error: result.error });
        return;
      }
      pendingRemovals.delete(id);
      dropOpenRowsOf(id);
      const now = useDocumentsStore.getState();
      set({
        list: now.list.filter((d) => d.id !== id),
        hidden: now.hidden.filter((x) => x !== id),
      });
      scheduleRunCounts();
    },
  });
  pendingRemovals.set(id, undoId);
}

function removalMessage(name: string, questions: number): string {
  if (questions === 0) return `Removed “${name}”.`;
  return `Removed “${name}” and its ${questions === 1 ? 'question' : `${questions} questions`}.`;
}

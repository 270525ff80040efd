// Importing a session export (File > Import Session…, or a session .json dropped on the window):
// the outcome is one notice, shown over every screen, and the document is shown with its questions.
import { create } from 'zustand';
import type { CallRequest } from '../../../shared/api.ts';
import type { AppError } from '../../../shared/model.ts';
import { sessionImportSummary } from '../../../shared/session-import-summary.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { loadDocuments, openFiles, selectDocument } from './documents-store.ts';
import { scheduleRunCounts } from './run-counts-store.ts';

export interface SessionImportState {
  /** What the last import did ("Imported 5 questions about …"), or why it failed. */
  notice: { text: string } | { error: AppError } | null;
  busy: boolean;
}

export const useSessionImportStore = create<SessionImportState>(() => ({
  notice: null,
  busy: false,
}));

const set = useSessionImportStore.setState;

/** File > Import Session…: the file dialog, then the import. */
export async function chooseAndImport(): Promise<void> {
  const chosen = await call(bridge(), 'documents:choose-path', { purpose: 'session' });
  if (!chosen.ok) set({ notice: { error: chosen.error } });
  else if (chosen.value !== null) await importSession({ path: chosen.value });
}

/**
 * Files dropped on the window: session exports are imported, everything else opens as a
 * document, as before.
 */
export async function openDropped(files: readonly File[]): Promise<void> {
  const documents: File[] = [];
  for (const file of files) {
    const head = /\.json$/i.test(file.name)
      ? new Uint8Array(await file.slice(0, 4096).arrayBuffer())
      : new Uint8Array();
    if (isSessionFile(file.name, head))
      await importSession({ name: file.name, data: new Uint8Array(await file.arrayBuffer()) });
    else documents.push(file);
  }
  if (documents.length > 0) await openFiles(documents);
}

async function importSession(request: CallRequest<'sessions:import'>): Promise<void> {
  set({ busy: true, notice: null });
  const result = await call(bridge(), 'sessions:import', request);
  set({ busy: false });
  if (!result.ok) {
    set({ notice: { error: result.error } });
    return;
  }
  set({ notice: { text: sessionImportSummary(result.value) } });
  await loadDocuments();
  scheduleRunCounts();
  selectDocument(result.value.document.id);
}

export function dismissImportNotice(): void {
  set({ notice: null });
}

/**
 * A dropped file that is a session export rather than a document: a `.json` file whose start
 * names the session format (an export writes `"format": "memagent-session"` first). Documents
 * are never JSON, so any other file opens as before.
 */
export function isSessionFile(name: string, head: Uint8Array): boolean {
  if (!/\.json$/i.test(name)) return false;
  const text = new TextDecoder().decode(head.subarray(0, 4096));
  return /^\s*\{/.test(text) && /"format"\s*:\s*"memagent-session"/.test(text);
}

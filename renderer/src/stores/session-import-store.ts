// Importing a session export (File > Import Session…, or a session .json dropped on the window):
// the outcome is one notice, shown over every screen (the import may start from any), and the
// document is shown with its questions. What it did goes after NOTICE_MS (held while hovered or
// focused); why it failed stays until dismissed: an error must be read, not missed.
import { create } from 'zustand';
import { pausableTimer, type PausableTimer } from '../lib/pausable-timer.ts';
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

/** How long "Imported 5 questions about …" stays (a toast of success; errors stay). */
export const IMPORT_NOTICE_MS = 8000;
let timer: PausableTimer | undefined;

function notify(notice: SessionImportState['notice']): void {
  timer?.cancel();
  timer =
    notice !== null && 'text' in notice
      ? pausableTimer(IMPORT_NOTICE_MS, dismissImportNotice)
      : undefined;
  set({ notice });
}

/** Stops or restarts the notice's clock (its toast hovered or focused, or not). */
export function holdImportNotice(held: boolean): void {
  if (held) timer?.hold();
  else timer?.release();
}

/** File > Import Session…: the file dialog, then the import. */
export async function chooseAndImport(): Promise<void> {
  const chosen = await call(bridge(), 'documents:choose-path', { purpose: 'session' });
  if (!chosen.ok) notify({ error: chosen.error });
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
  notify(null);
  set({ busy: true });
  const result = await call(bridge(), 'sessions:import', request);
  set({ busy: false });
  if (!result.ok) {
    notify({ error: result.error });
    return;
  }
  notify({ text: sessionImportSummary(result.value) });
  await loadDocuments();
  scheduleRunCounts();
  selectDocument(result.value.document.id);
}

export function dismissImportNotice(): void {
  timer?.cancel();
  timer = undefined;
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

// Re-reading a PDF with other OCR settings: the dialog's document, the re-read under way with its
// progress, and how the last attempt ended (a cancel is a note, not an error).
import { create } from 'zustand';
import type { Events } from '../../../shared/api.ts';
import type { AppError, Reading } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { onDocumentUpdated } from './documents-store.ts';

export interface RereadState {
  /** The document whose Re-read dialog is open. */
  documentId: string | null;
  running: boolean;
  progress: Events['document:progress'] | null;
  outcome: { kind: 'cancelled' } | { kind: 'error'; error: AppError } | null;
}

export const useRereadStore = create<RereadState>(() => ({
  documentId: null,
  running: false,
  progress: null,
  outcome: null,
}));

const set = useRereadStore.setState;
const get = useRereadStore.getState;

export function openRereadDialog(documentId: string): void {
  if (get().running) return;
  set({ documentId, progress: null, outcome: null });
}

/** Closes the dialog; while a re-read runs it is cancelled instead (the dialog shows how it ended). */
export function closeRereadDialog(): void {
  if (get().running) void cancelReread();
  else set({ documentId: null, outcome: null });
}

export async function startReread(reading: Reading): Promise<void> {
  const { documentId, running } = get();
  if (documentId === null || running) return;
  set({ running: true, progress: null, outcome: null });
  const result = await call(bridge(), 'documents:reread', { documentId, reading });
  if (result.ok) {
    onDocumentUpdated(result.value);
    set({ running: false, documentId: null, progress: null });
  } else {
    const outcome =
      result.error.kind === 'Cancelled'
        ? ({ kind: 'cancelled' } as const)
        : ({ kind: 'error', error: result.error } as const);
    set({ running: false, progress: null, outcome });
  }
}

export async function cancelReread(): Promise<void> {
  const { documentId, running } = get();
  if (documentId === null || !running) return;
  const result = await call(bridge(), 'documents:cancel-extraction', { documentId });
  if (!result.ok && get().running) set({ outcome: { kind: 'error', error: result.error } });
}

/**
 * Takes the reading progress of the document being re-read; false for any other progress (its
 * token counting belongs to the library row, as after an open).
 */
export function onRereadProgress(p: Events['document:progress']): boolean {
  const { documentId, running } = get();
  if (!running || p.documentId !== documentId || p.stage === 'tokenizing') return false;
  set({ progress: p });
  return true;
}

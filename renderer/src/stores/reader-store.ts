// The document shown in the reader, and where to jump in it.
import { create } from 'zustand';
import type { DocumentView } from '../../../shared/api.ts';
import type { AppError } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { useUiStore } from './ui-store.ts';

/** `page` is a printed page label ("iv", "1000") or, failing that, a page number. */
export type JumpTarget =
  | { kind: 'page'; page: string }
  | { kind: 'chunk'; chunk: number }
  | { kind: 'offset'; offset: number };

export interface ReaderState {
  documentId: string | null;
  view: DocumentView | null;
  loading: boolean;
  error: AppError | null;
  /** A jump request; `nonce` makes repeating the same jump scroll again. */
  jump: (JumpTarget & { nonce: number }) | null;
  /** The last jump when its page or chunk is not in the document, so the jump bar can say so. */
  missed: JumpTarget | null;
  load(documentId: string): Promise<void>;
  jumpTo(target: JumpTarget, show?: boolean): void;
  setMissed(target: JumpTarget | null): void;
}

let nonce = 0;

export const useReaderStore = create<ReaderState>((set, get) => ({
  documentId: null,
  view: null,
  loading: false,
  error: null,
  jump: null,
  missed: null,
  async load(documentId) {
    if (get().documentId === documentId && get().view) return;
    set({
      documentId,
      view: null,
      loading: true,
      error: null,
      jump: null,
      missed: null,
    });
    const result = await call(bridge(), 'documents:get', { documentId });
    if (get().documentId !== documentId) return;
    if (result.ok) set({ view: result.value, loading: false });
    else set({ error: result.error, loading: false });
  },
  jumpTo(target, show = true) {
    nonce += 1;
    set({ jump: { ...target, nonce }, missed: null });
    if (show) useUiStore.getState().setScreen('reader');
  },
  setMissed: (missed) => set({ missed }),
}));

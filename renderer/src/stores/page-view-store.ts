// The PDF reader's page view: the page, the zoom, and the passage highlighted with its boxes on
// the pages. Whether the page or the text shows is the reader's `display` (reader-store.ts).
import { create } from 'zustand';
import type { TextRect } from '../../../shared/api.ts';
import type { AppError, PageSpan } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { pageAt } from '../../../shared/text-location.ts';
import { bridge } from './bridge.ts';
import { useReaderStore } from './reader-store.ts';

/** `fit`: the page as wide as the view; a number: CSS pixels per PDF point. */
export type Zoom = 'fit' | number;

/** A passage shown on the pages: `rects` null while they load, empty where none were found. */
export interface ShownPassage {
  start: number;
  end: number;
  /** The page it starts on (from its boxes, else from the text's page map). */
  page: number;
  where?: string;
  rects: TextRect[] | null;
  /** The boxes could not be asked for (the text view still shows the passage). */
  error?: AppError;
  /** Set for each new passage, so the view scrolls to it once. */
  serial: number;
}

export interface PageViewState {
  documentId: string | null;
  page: number;
  zoom: Zoom;
  passage: ShownPassage | null;
  /** Starts over for another document: page 1, fit width, nothing highlighted. */
  forDocument(documentId: string): void;
  setPage(page: number): void;
  setZoom(zoom: Zoom): void;
  /**
   * Shows a passage of document `documentId` (its text `textKey`, pages `pages`) on the
   * original page (switching the reader to it), highlighted once its boxes arrive.
   */
  showPassage(
    target: { documentId: string; textKey: string | null; pages: readonly PageSpan[] },
    passage: { start: number; end: number; where?: string | undefined },
  ): Promise<void>;
}

let serial = 0;

export const usePageViewStore = create<PageViewState>((set, get) => ({
  documentId: null,
  page: 1,
  zoom: 'fit',
  passage: null,
  forDocument(documentId) {
    if (get().documentId === documentId) return;
    set({ documentId, page: 1, zoom: 'fit', passage: null });
  },
  setPage: (page) => set({ page }),
  setZoom: (zoom) => set({ zoom }),
  async showPassage(target, { start, end, where }) {
    get().forDocument(target.documentId);
    serial += 1;
    const mine = serial;
    const page = pageAt(target.pages, start)?.number ?? 1;
    const shown: ShownPassage = { start, end, page, rects: null, serial: mine };
    if (where !== undefined) shown.where = where;
    set({ page, passage: shown });
    useReaderStore.getState().setDisplay('document');
    const request =
      target.textKey === null
        ? { documentId: target.documentId, start, end }
        : { documentId: target.documentId, textKey: target.textKey, start, end };
    const result = await call(bridge(), 'documents:text-rects', request);
    const now = get().passage;
    if (now?.serial !== mine) return; // another passage (or document) since
    if (!result.ok) {
      set({ passage: { ...now, rects: [], error: result.error } });
      return;
    }
    const first = result.value[0]?.page ?? page;
    set({ passage: { ...now, rects: result.value, page: first }, page: first });
  },
}));

// The PDF reader's page view: which view shows (the original page or the extracted text), the
// page, the zoom, and the passage highlighted with its boxes on the pages.
import { create } from 'zustand';
import type { TextRect } from '../../../shared/api.ts';
import type { AppError, PageSpan } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { pageAt } from '../../../shared/text-location.ts';
import { bridge } from './bridge.ts';

export type PdfMode = 'page' | 'text';

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
  mode: PdfMode;
  page: number;
  zoom: Zoom;
  passage: ShownPassage | null;
  /** Starts over for another document: the text view, page 1, fit width, nothing highlighted. */
  forDocument(documentId: string): void;
  setMode(mode: PdfMode): void;
  setPage(page: number): void;
  setZoom(zoom: Zoom): void;
  /**
   * Shows a passage of document `documentId` (its text `textKey`, pages `pages`) on the
   * original page, highlighted once its boxes arrive.
   */
  showPassage(
    target: { documentId: string; textKey: string | null; pages: readonly PageSpan[] },
    passage: { start: number; end: number; where?: string | undefined },
  ): Promise<void>;
}

let serial = 0;

export const usePageViewStore = create<PageViewState>((set, get) => ({
  documentId: null,
  mode: 'text',
  page: 1,
  zoom: 'fit',
  passage: null,
  forDocument(documentId) {
    if (get().documentId === documentId) return;
    set({ documentId, mode: 'text', page: 1, zoom: 'fit', passage: null });
  },
  setMode: (mode) => set({ mode }),
  setPage: (page) => set({ page }),
  setZoom: (zoom) => set({ zoom }),
  async showPassage(target, { start, end, where }) {
    get().forDocument(target.documentId);
    serial += 1;
    const mine = serial;
    const page = pageAt(target.pages, start)?.number ?? 1;
    const shown: ShownPassage = { start, end, page, rects: null, serial: mine };
    if (where !== undefined) shown.where = where;
    set({ mode: 'page', page, passage: shown });
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

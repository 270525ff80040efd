// The Reviews screen's state: the list of reviews, the open review's table (its cells by document
// and question, each replaced alone when `review:cells` pushes it, so only the cells that changed
// re-render), the filters, sort and layout the user chose, and the active cell.
import { create } from 'zustand';
import type { Events } from '../../../shared/api.ts';
import type { AppError } from '../../../shared/model.ts';
import type {
  ReviewDocument,
  ReviewListEntry,
  ReviewQuestion,
  ReviewSummary,
} from '../../../shared/review.ts';
import { keepRows, keyCells, mergeCells, type ReviewCells } from '../../../shared/review-cells.ts';
import { call } from '../api.ts';
import { NO_FILTER, type ReviewFilter, type ReviewSort } from '../lib/review-view.ts';
import { userLocale } from '../lib/user-locale.ts';
import { bridge } from './bridge.ts';
import { useUiStore } from './ui-store.ts';

export interface CellPlace {
  documentId: string;
  questionId: string;
}

export type ReviewReportFormat = 'html' | 'pdf' | 'csv' | 'xlsx' | 'json';

export interface ReviewState {
  list: ReviewListEntry[];
  /** The review shown (its table), or null for the list. */
  openId: string | null;
  review: ReviewSummary | null;
  documents: ReviewDocument[];
  questions: ReviewQuestion[];
  cells: ReviewCells;
  /**
   * `cells` as the views of the whole table read them (column summaries, filters and sort by
   * answer): the same cells, caught up at most every {@link PACE_MS} (the first push at once).
   */
  pacedCells: ReviewCells;
  loading: boolean;
  error: AppError | null;
  filter: ReviewFilter;
  sort: ReviewSort | null;
  /** Questions down and documents across. */
  transpose: boolean;
  /** Answers wrap over a few lines (taller rows) instead of one cut line. */
  wrap: boolean;
  /** Column widths the user set, by question (or document, transposed) id. */
  widths: Record<string, number>;
  /** The cell the keyboard is on. */
  active: CellPlace | null;
  /** The cell opened beside the table. */
  panel: CellPlace | null;
  /** A short confirmation ("Copied", "Reading 8 cells again") announced politely. */
  notice: string | null;
  /** A re-read waiting for the user's yes, and what it reads in words. */
  asking: { target: RerunTarget; what: string; cells: number } | null;
}

const NO_CELLS: ReviewCells = new Map();

/**
 * How often the whole-table views follow the pushes: the feed's own pace for progress (four a
 * second). Each cell shows its push at once; the summaries, which count whole columns, and the
 * rows a filter on answers picks need not redraw on every frame when pushes come faster, and a
 * person cannot read counts that change faster than this.
 */
export const PACE_MS = 250;
let paceTimer: ReturnType<typeof setTimeout> | null = null;
let pacedAt = -Infinity;

export const useReviewStore = create<ReviewState>(() => ({
  list: [],
  openId: null,
  review: null,
  documents: [],
  questions: [],
  cells: NO_CELLS,
  pacedCells: NO_CELLS,
  loading: false,
  error: null,
  filter: NO_FILTER,
  sort: null,
  transpose: false,
  wrap: false,
  widths: {},
  active: null,
  panel: null,
  notice: null,
  asking: null,
}));

const set = useReviewStore.setState;
const get = useReviewStore.getState;

export async function loadReviews(): Promise<void> {
  const result = await call(bridge(), 'reviews:list', {});
  if (result.ok) set({ list: result.value });
  else set({ error: result.error });
}

/** Opens review `reviewId`'s table (read once; then kept current by its pushes). */
export async function openReview(reviewId: string): Promise<void> {
  const same = get().openId === reviewId;
  set({
    openId: reviewId,
    loading: true,
    error: null,
    ...(same
      ? {}
      : {
          filter: NO_FILTER,
          sort: null,
          active: null,
          panel: null,
          widths: {},
          ...catchUp(NO_CELLS),
        }),
  });
  // Dates and amounts in the user's locale; the review's pushes come in the same.
  const result = await call(bridge(), 'reviews:get', { reviewId, locale: userLocale() });
  if (get().openId !== reviewId) return;
  if (!result.ok) {
    set({ loading: false, error: result.error });
    return;
  }
  const { review, documents, questions, cells } = result.value;
  const first = documents[0] && questions[0];
  set({
    loading: false,
    review,
    documents,
    questions,
    ...catchUp(keyCells(cells)),
    active:
      get().active ??
      (first ? { documentId: documents[0]!.id, questionId: questions[0]!.id } : null),
  });
}

export function closeReview(): void {
  set({ openId: null, review: null, panel: null, active: null, ...catchUp(NO_CELLS) });
  // The review the new-review flow just made is no longer the one to show.
  useUiStore.setState({ reviewId: null });
  void loadReviews();
}

/**
 * A push: the cells that changed replace theirs; the list's entry takes the new counts. With
 * `documents` (a document left the review), the rows become those, and a cell of a row that left
 * is no longer active or open.
 */
export function onReviewCells(payload: Events['review:cells']): void {
  const { review, cells, documents } = payload;
  set((s) => {
    const list = s.list.map((r) => (r.id === review.id ? { ...r, ...review } : r));
    if (s.openId !== review.id) return { list };
    if (documents === undefined && cells.length === 0) return { list, review };
    const kept =
      documents === undefined
        ? s.cells
        : keepRows(
            s.cells,
            documents.map((d) => d.id),
          );
    if (documents === undefined) return { list, review, cells: mergeCells(kept, cells) };
    const rows = new Set(documents.map((d) => d.id));
    const stays = (place: CellPlace | null) =>
      place !== null && rows.has(place.documentId) ? place : null;
    return {
      list,
      review,
      documents,
      cells: mergeCells(kept, cells),
      active: stays(s.active),
      panel: stays(s.panel),
    };
  });
  // A document that left changes the cells even with none pushed: the summaries catch up too.
  const changed = payload.cells.length > 0 || documents !== undefined;
  if (changed && get().openId === review.id) pace();
}

/** A table read whole: the cells and their paced copy together, and no catching up pending. */
function catchUp(cells: ReviewCells): Pick<ReviewState, 'cells' | 'pacedCells'> {
  if (paceTimer !== null) clearTimeout(paceTimer);
  paceTimer = null;
  pacedAt = -Infinity;
  return { cells, pacedCells: cells };
}

/** Brings `pacedCells` up to `cells`: now if the last time was {@link PACE_MS} ago, else then. */
function pace(): void {
  if (paceTimer !== null) return;
  const flush = () => {
    paceTimer = null;
    pacedAt = performance.now();
    const { cells, pacedCells } = get();
    if (pacedCells !== cells) set({ pacedCells: cells });
  };
  const wait = pacedAt + PACE_MS - performance.now();
  if (wait <= 0) flush();
  else paceTimer = setTimeout(flush, wait);
}

export const setFilter = (patch: Partial<ReviewFilter>): void =>
  set((s) => ({ filter: { ...s.filter, ...patch } }));
export const clearFilter = (): void => set({ filter: NO_FILTER });
export const setSort = (sort: ReviewSort | null): void => set({ sort });
export const toggleTranspose = (): void => set((s) => ({ transpose: !s.transpose }));
export const toggleWrap = (): void => set((s) => ({ wrap: !s.wrap }));
export const setWidth = (id: string, width: number): void =>
  set((s) => ({ widths: { ...s.widths, [id]: Math.round(Math.min(640, Math.max(90, width))) } }));
export const setActive = (active: CellPlace): void => set({ active });
export const openPanel = (place: CellPlace): void => set({ panel: place, active: place });
export const closePanel = (): void => set({ panel: null });
export const say = (notice: string | null): void => set({ notice });
export const dismissReviewError = (): void => set({ error: null });

export type RerunTarget = CellPlace | { documentId: string } | { questionId: string };

/** Asks before reading again: it costs a run per cell (`what`: "the column “Term”"). */
export const askRerun = (target: RerunTarget, what: string, cells: number): void =>
  set({ asking: { target, what, cells } });
export const cancelRerun = (): void => set({ asking: null });

/** The re-read the user said yes to. */
export async function confirmRerun(): Promise<void> {
  const asking = get().asking;
  set({ asking: null });
  if (asking) await rerun(asking.target);
}

/** Reads a cell, a row or a column again; the new readings arrive as pushes. */
export async function rerun(target: RerunTarget): Promise<boolean> {
  const reviewId = get().openId;
  if (reviewId === null) return false;
  const result = await call(bridge(), 'reviews:rerun', { reviewId, target });
  if (!result.ok) {
    set({ error: result.error });
    return false;
  }
  const n = result.value.length;
  set({ error: null, notice: `Reading ${n} ${n === 1 ? 'cell' : 'cells'} again.` });
  return true;
}

/** Saves a report of the open review where the user chooses; its path, or null. */
export async function exportReview(format: ReviewReportFormat): Promise<string | null> {
  const reviewId = get().openId;
  if (reviewId === null) return null;
  const result = await call(bridge(), 'reviews:export', {
    reviewId,
    format,
    locale: userLocale(),
  });
  if (!result.ok) {
    set({ error: result.error });
    return null;
  }
  if (result.value !== null) set({ notice: `Saved ${result.value.path}` });
  return result.value?.path ?? null;
}

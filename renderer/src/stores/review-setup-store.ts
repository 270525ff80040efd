// The New review form: which checklist (a saved one or a template), which documents, which
// backend and settings; then the review is created and started in main, and the window goes to
// it (the Reviews screen).
import { create } from 'zustand';
import type { AppError, RunSettings } from '../../../shared/model.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { openSource, useDocumentsStore } from './documents-store.ts';
import { useUiStore } from './ui-store.ts';

/** Where the review's questions come from: a saved checklist, or a template (copied as is). */
export type ChecklistChoice = { kind: 'saved' | 'template'; id: string } | null;

export interface ReviewSetupState {
  checklist: ChecklistChoice;
  /** Chosen documents, in the order chosen: the table's rows. */
  documentIds: string[];
  /** '' = the active backend. */
  profileId: string;
  /** Run settings changed from the defaults. */
  overrides: Partial<RunSettings>;
  busy: boolean;
  error: AppError | null;
}

export const useReviewSetupStore = create<ReviewSetupState>(() => ({
  checklist: null,
  documentIds: [],
  profileId: '',
  overrides: {},
  busy: false,
  error: null,
}));

const set = useReviewSetupStore.setState;
const get = useReviewSetupStore.getState;

/** Opens the New review form, with a checklist chosen when given. */
export function startNewReview(options: { checklistId?: string }): void {
  set({
    ...(options.checklistId !== undefined
      ? { checklist: { kind: 'saved', id: options.checklistId } }
      : {}),
    error: null,
  });
  useUiStore.getState().setScreen('new-review');
}

export function chooseChecklist(choice: ChecklistChoice): void {
  set({ checklist: choice });
}

export function toggleDocument(id: string, on: boolean): void {
  set((s) => ({
    documentIds: on
      ? s.documentIds.includes(id)
        ? s.documentIds
        : [...s.documentIds, id]
      : s.documentIds.filter((d) => d !== id),
  }));
}

export function setReviewDocuments(ids: string[]): void {
  set({ documentIds: ids });
}

export function changeReviewSettings(patch: {
  profileId?: string;
  overrides?: Partial<RunSettings>;
}): void {
  set(patch);
}

/**
 * "Add files…": the open dialog, the file opened as the Library opens it (progress, password,
 * its result row), then chosen for the review. One file per dialog, as File › Open.
 */
export async function addFilesToReview(): Promise<void> {
  const chosen = await call(bridge(), 'documents:choose-path', {});
  if (!chosen.ok) return void set({ error: chosen.error });
  if (chosen.value === null) return;
  const before = new Set(useDocumentsStore.getState().list.map((d) => d.id));
  const name = chosen.value.split(/[\\/]/).pop() ?? chosen.value;
  await openSource({ kind: 'path', path: chosen.value, name }, { select: false });
  const { list } = useDocumentsStore.getState();
  // A file the library had already is chosen too (found by its path).
  const added = list.find((d) => !before.has(d.id)) ?? list.find((d) => d.path === chosen.value);
  if (added) toggleDocument(added.id, true);
}

/** Creates and starts the review; resolves with its id (the window shows it), or null. */
export async function createReview(input: {
  checklist: { id?: string; name: string; questions: ReviewQuestion[] };
  settings: RunSettings;
  profileId?: string;
}): Promise<string | null> {
  if (get().busy) return null;
  set({ busy: true, error: null });
  const result = await call(bridge(), 'reviews:create', {
    checklist: input.checklist,
    documentIds: get().documentIds,
    settings: input.settings,
    ...(input.profileId ? { profileId: input.profileId } : {}),
  });
  set({ busy: false });
  if (!result.ok) {
    set({ error: result.error });
    return null;
  }
  set({ documentIds: [] });
  useUiStore.getState().openReview(result.value.reviewId);
  return result.value.reviewId;
}

export function dismissReviewSetupError(): void {
  set({ error: null });
}

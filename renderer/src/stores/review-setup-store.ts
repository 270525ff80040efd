// The New review form: which checklist (a saved one or a template), which documents, which
// backend and settings; then the review is created and started in main, and the window goes to
// it (the Reviews screen).
import { create } from 'zustand';
import type { AppError, RunSettings } from '../../../shared/model.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { pickDropped, pickedNote, pickFiles, type Picked } from './document-picks.ts';
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
  /** What the last pick of files did ("Chose 3 documents from “contracts”; 1 file skipped…"). */
  note: string | null;
}

export const useReviewSetupStore = create<ReviewSetupState>(() => ({
  checklist: null,
  documentIds: [],
  profileId: '',
  overrides: {},
  busy: false,
  error: null,
  note: null,
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
 * Documents picked for the review (document-picks.ts; a folder's through its preview,
 * components/common/folder-choice.tsx): chosen, with a note of what happened.
 */
export async function choosePicked(pick: Promise<Picked>): Promise<void> {
  const picked = await pick;
  if (picked.error) return void set({ error: picked.error });
  set((s) => ({
    documentIds: [...s.documentIds, ...picked.ids.filter((id) => !s.documentIds.includes(id))],
    note: pickedNote(picked),
  }));
}

/** "Add files…": the Open dialog, several files at once, each opened as File › Open opens it. */
export const addFilesToReview = (): Promise<void> => choosePicked(pickFiles());
/** Files dropped on the form's documents. */
export const addDroppedToReview = (files: readonly File[]): Promise<void> =>
  choosePicked(pickDropped(files));

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
  set({ documentIds: [], note: null });
  useUiStore.getState().openReview(result.value.reviewId);
  return result.value.reviewId;
}

export function dismissReviewSetupError(): void {
  set({ error: null });
}

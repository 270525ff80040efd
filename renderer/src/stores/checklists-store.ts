// The library's checklists for the Checklists screen and the New review form: the list, the one
// being edited (a draft until saved), the shipped templates, and the calls that change them.
// Deleting waits for its Undo toast (undo-store.ts) before it reaches main.
import { create } from 'zustand';
import type { AppError } from '../../../shared/model.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';
import type {
  Checklist,
  ChecklistFileFormat,
  ChecklistListing,
  ChecklistTemplate,
} from '../../../shared/review-setup.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { offerUndo } from './undo-store.ts';

/** A checklist being edited: its id once saved. */
export interface ChecklistDraft {
  id?: string;
  name: string;
  questions: ReviewQuestion[];
  /** Changed since it was loaded or saved. */
  dirty: boolean;
}

export interface ChecklistsState {
  list: ChecklistListing[];
  templates: ChecklistTemplate[];
  loaded: boolean;
  draft: ChecklistDraft | null;
  /** Checklists deleted but still undoable: not shown. */
  hidden: string[];
  error: AppError | null;
  /** A short line for a screen reader and the status line ("Saved.", "Exported to …"). */
  notice: string | null;
}

export const useChecklistsStore = create<ChecklistsState>(() => ({
  list: [],
  templates: [],
  loaded: false,
  draft: null,
  hidden: [],
  error: null,
  notice: null,
}));

const set = useChecklistsStore.setState;
const get = useChecklistsStore.getState;

/** A question id no other question of `questions` has ("q-3f2a…"), safe in a file and a URL. */
export function newQuestionId(questions: readonly ReviewQuestion[]): string {
  const taken = new Set(questions.map((q) => q.id));
  for (;;) {
    const id = `q-${Math.random().toString(16).slice(2, 10)}`;
    if (!taken.has(id)) return id;
  }
}

/** `name`, or "name (2)", "name (3)"...: one the list does not hold. */
export function freeName(name: string, list: readonly { name: string }[]): string {
  const names = new Set(list.map((c) => c.name));
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? name : `${name} (${n})`;
    if (!names.has(candidate)) return candidate;
  }
}

export async function loadChecklists(): Promise<void> {
  const [list, templates] = await Promise.all([
    call(bridge(), 'checklists:list', {}),
    call(bridge(), 'checklists:templates', {}),
  ]);
  set({
    loaded: true,
    ...(list.ok ? { list: list.value } : { error: list.error }),
    ...(templates.ok ? { templates: templates.value } : {}),
  });
}

const asDraft = (c: Checklist): ChecklistDraft => ({
  id: c.id,
  name: c.name,
  questions: c.questions,
  dirty: false,
});

export async function editChecklist(id: string): Promise<void> {
  const result = await call(bridge(), 'checklists:get', { checklistId: id });
  if (result.ok) set({ draft: asDraft(result.value), error: null, notice: null });
  else set({ error: result.error });
}

/** A new, unsaved checklist with one empty question. */
export function newChecklist(): void {
  set({
    draft: {
      name: freeName('New checklist', get().list),
      questions: [{ id: newQuestionId([]), text: '', kind: 'text' }],
      dirty: true,
    },
    notice: null,
  });
}

/** A new checklist with a template's questions, saved at once under a free name. */
export async function startFromTemplate(template: ChecklistTemplate): Promise<Checklist | null> {
  const saved = await saveAs({
    name: freeName(template.name, get().list),
    questions: template.questions,
  });
  if (saved) set({ notice: `Created “${saved.name}” from the template: edit it as you like.` });
  return saved;
}

export function changeDraft(patch: Partial<Omit<ChecklistDraft, 'dirty'>>): void {
  const draft = get().draft;
  if (draft) set({ draft: { ...draft, ...patch, dirty: true }, notice: null });
}

export function closeDraft(): void {
  set({ draft: null, notice: null });
}

async function saveAs(checklist: {
  id?: string;
  name: string;
  questions: ReviewQuestion[];
}): Promise<Checklist | null> {
  const result = await call(bridge(), 'checklists:save', { checklist });
  if (!result.ok) {
    set({ error: result.error });
    return null;
  }
  set({ draft: asDraft(result.value), error: null, notice: 'Saved.' });
  await loadChecklists();
  return result.value;
}

/** Saves the draft; empty questions are left out. */
export async function saveDraft(): Promise<Checklist | null> {
  const draft = get().draft;
  if (!draft) return null;
  const questions = draft.questions.filter((q) => q.text.trim() !== '');
  return saveAs({
    ...(draft.id !== undefined ? { id: draft.id } : {}),
    name: draft.name.trim(),
    questions,
  });
}

export async function duplicateChecklist(id: string): Promise<void> {
  const result = await call(bridge(), 'checklists:duplicate', { checklistId: id });
  if (!result.ok) return void set({ error: result.error });
  set({ draft: asDraft(result.value), notice: `Duplicated as “${result.value.name}”.` });
  await loadChecklists();
}

export async function renameChecklist(id: string, name: string): Promise<boolean> {
  const result = await call(bridge(), 'checklists:rename', { checklistId: id, name });
  if (!result.ok) {
    set({ error: result.error });
    return false;
  }
  const draft = get().draft;
  if (draft?.id === id) set({ draft: { ...draft, name: name.trim() } });
  await loadChecklists();
  return true;
}

/** Hides the checklist at once and deletes it when its Undo toast runs out. */
export function deleteChecklist(id: string): void {
  const entry = get().list.find((c) => c.id === id);
  if (!entry) return;
  set((s) => ({
    hidden: [...s.hidden, id],
    ...(s.draft?.id === id ? { draft: null } : {}),
  }));
  const unhide = () => set((s) => ({ hidden: s.hidden.filter((h) => h !== id) }));
  offerUndo(`Deleted the checklist “${entry.name}”.`, {
    commit: async () => {
      const result = await call(bridge(), 'checklists:delete', { checklistId: id });
      if (!result.ok) set({ error: result.error });
      unhide();
      await loadChecklists();
    },
    undo: unhide,
  });
}

/** "Import a checklist…": the file dialog, then the file read into the library. */
export async function importChecklist(): Promise<void> {
  const chosen = await call(bridge(), 'documents:choose-path', { purpose: 'checklist' });
  if (!chosen.ok) return void set({ error: chosen.error });
  if (chosen.value === null) return;
  const result = await call(bridge(), 'checklists:import', { path: chosen.value });
  if (!result.ok) return void set({ error: result.error });
  set({
    draft: asDraft(result.value),
    error: null,
    notice: `Imported “${result.value.name}” (${result.value.questionCount} questions).`,
  });
  await loadChecklists();
}

export async function exportChecklist(id: string, format: ChecklistFileFormat): Promise<void> {
  const result = await call(bridge(), 'checklists:export', { checklistId: id, format });
  if (!result.ok) return void set({ error: result.error });
  if (result.value !== null) set({ notice: `Exported to ${result.value.path}.` });
}

export function dismissChecklistError(): void {
  set({ error: null });
}

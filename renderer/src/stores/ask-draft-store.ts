// The question box's draft per document — text, backend choice, changed settings — so leaving
// the Ask screen (or switching documents) and coming back finds it as it was left.
import { create } from 'zustand';
import type { RunSettings } from '../../../shared/model.ts';
import type { RunView } from '../../../shared/run-view.ts';
import { changedFrom } from '../lib/changed-settings.ts';

export interface AskDraft {
  question: string;
  /** The backend chosen for the next question; '' follows the active profile. */
  profileId: string;
  /** Only the settings changed here; the rest follow the saved defaults. */
  overrides: Partial<RunSettings>;
  /**
   * The run just asked with this text: the box is emptied once it has started reading, and
   * keeps the text (with the error) when it fails before that.
   */
  pendingRunId?: string | undefined;
  /** Counts requests to put the cursor in the question box ("Edit and ask again", "Ask again"). */
  focusSeq: number;
  /** With that cursor, select the text to be typed over ("Ask a related question"). */
  selectText?: boolean;
}

export const EMPTY_DRAFT: AskDraft = { question: '', profileId: '', overrides: {}, focusSeq: 0 };

export const useAskDraftStore = create<{ byDocument: Record<string, AskDraft> }>(() => ({
  byDocument: {},
}));

export function useAskDraft(documentId: string): AskDraft {
  return useAskDraftStore((s) => s.byDocument[documentId] ?? EMPTY_DRAFT);
}

export function updateDraft(documentId: string, patch: Partial<AskDraft>): void {
  const { byDocument } = useAskDraftStore.getState();
  const next = { ...(byDocument[documentId] ?? EMPTY_DRAFT), ...patch };
  useAskDraftStore.setState({ byDocument: { ...byDocument, [documentId]: next } });
}

/**
 * The user typed in the box: the "did not start" banner of the last attempt speaks of a
 * question no longer there, so it goes.
 */
export function editQuestion(documentId: string, question: string): void {
  updateDraft(documentId, { question, pendingRunId: undefined });
}

/** Another backend chosen for the next question: the last attempt's failure no longer applies. */
export function chooseBackend(documentId: string, profileId: string): void {
  updateDraft(documentId, { profileId, pendingRunId: undefined });
}

/**
 * Another backend made active: a failed start on any document spoke of the old one. Runs that
 * are still starting are forgotten too; their box then keeps its text, which is harmless.
 */
export function forgetPendingStarts(): void {
  const { byDocument } = useAskDraftStore.getState();
  const next: Record<string, AskDraft> = {};
  let changed = false;
  for (const [id, draft] of Object.entries(byDocument)) {
    const { pendingRunId, ...rest } = draft;
    next[id] = rest;
    changed ||= pendingRunId !== undefined;
  }
  if (changed) useAskDraftStore.setState({ byDocument: next });
}

/** Puts the cursor in the question box of `documentId` (Ctrl+3), keeping what it holds. */
export function focusQuestion(documentId: string): void {
  const current = useAskDraftStore.getState().byDocument[documentId] ?? EMPTY_DRAFT;
  useAskDraftStore.setState((s) => ({
    byDocument: {
      ...s.byDocument,
      [documentId]: { ...current, selectText: false, focusSeq: current.focusSeq + 1 },
    },
  }));
}

/**
 * "Edit and ask again" / "Ask again": the box holds `question` with the backend and settings of
 * that run, cursor in it; "Ask a related question" gives only the question, `selectText`.
 */
export function prefillDraft(
  documentId: string,
  draft: Pick<AskDraft, 'question'> & Partial<Pick<AskDraft, 'profileId' | 'overrides'>>,
  selectText = false,
): void {
  const current = useAskDraftStore.getState().byDocument[documentId] ?? EMPTY_DRAFT;
  const { pendingRunId: _dropped, ...rest } = current;
  useAskDraftStore.setState((s) => ({
    byDocument: {
      ...s.byDocument,
      [documentId]: { ...rest, ...draft, selectText, focusSeq: current.focusSeq + 1 },
    },
  }));
}

/**
 * "Edit and ask again" / "Ask again": the box holds `run`'s question with the backend and the
 * settings that run used (kept as changes from the current `defaults`), cursor in it.
 */
export function prefillFromRun(
  run: Pick<RunView, 'documentId' | 'question' | 'profileId' | 'settings'>,
  defaults: RunSettings,
): void {
  prefillDraft(run.documentId, {
    question: run.question,
    profileId: run.profileId ?? '',
    overrides: run.settings ? changedFrom(defaults, run.settings) : {},
  });
}

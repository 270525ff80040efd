// Follow-up questions: "Ask again" and "Ask a related question" fill the Ask form's box.
// One request at a time; the form applies it when it is for its document and clears it.
import { create } from 'zustand';
import type { RunSettings } from '../../../shared/model.ts';

export interface PrefillRequest {
  documentId: string;
  text: string;
  /** The settings and backend to ask with (Ask again); absent keeps the form's. */
  settings?: RunSettings;
  profileId?: string;
  /** Select the text, ready to be typed over (a related question). */
  selectText: boolean;
}

export const useAskPrefillStore = create<{ request: PrefillRequest | null }>(() => ({
  request: null,
}));

/** Fills the question box of `documentId`'s Ask form (and its settings, when given). */
export function prefillQuestion(request: PrefillRequest): void {
  useAskPrefillStore.setState({ request });
}

export function takePrefill(): void {
  useAskPrefillStore.setState({ request: null });
}

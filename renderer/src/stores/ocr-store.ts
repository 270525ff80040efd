// The OCR languages the app can use: those it ships and the files the user added.
import { create } from 'zustand';
import type { AppError, OcrLanguage } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';

export interface OcrState {
  languages: OcrLanguage[];
  loaded: boolean;
  adding: boolean;
  error: AppError | null;
  /** What the last added file brought ("Added Greek (ell)."). */
  note: string | null;
}

export const useOcrStore = create<OcrState>(() => ({
  languages: [],
  loaded: false,
  adding: false,
  error: null,
  note: null,
}));

const set = useOcrStore.setState;

export async function loadOcrLanguages(): Promise<void> {
  const result = await call(bridge(), 'ocr:languages', {});
  if (result.ok) set({ languages: result.value, loaded: true });
  else set({ error: result.error, loaded: true });
}

/** Asks for a `.traineddata` file with the file dialog and adds it to the app's languages. */
export async function addOcrLanguage(): Promise<void> {
  set({ error: null, note: null });
  const chosen = await call(bridge(), 'documents:choose-path', { purpose: 'ocr-language' });
  if (!chosen.ok) {
    set({ error: chosen.error });
    return;
  }
  if (chosen.value === null) return;
  set({ adding: true });
  const before = new Set(useOcrStore.getState().languages.map((l) => l.code));
  const result = await call(bridge(), 'ocr:add-language', { path: chosen.value });
  if (result.ok) {
    const added = result.value.filter((l) => !before.has(l.code));
    const note =
      added.length > 0
        ? `Added ${added.map((l) => (l.name === l.code ? l.code : `${l.name} (${l.code})`)).join(', ')}.`
        : 'The language file was added; its language was already listed.';
    set({ languages: result.value, loaded: true, adding: false, note });
  } else set({ error: result.error, adding: false });
}

export function dismissOcrError(): void {
  set({ error: null });
}

/** Opens a web page (where language files come from) in the system browser. */
export async function openLink(url: string): Promise<void> {
  const result = await call(bridge(), 'shell:open-external', { url });
  if (!result.ok) set({ error: result.error });
}

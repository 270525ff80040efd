// What the keyboard shortcuts opened or said: the shortcut sheet, the cancel confirmation, and
// a short notice ("Answer copied").
import { create } from 'zustand';

export interface KeyboardState {
  sheetOpen: boolean;
  /** The run whose cancel waits for confirmation. */
  confirmCancel: string | null;
  notice: string | null;
}

export const useKeyboardStore = create<KeyboardState>(() => ({
  sheetOpen: false,
  confirmCancel: null,
  notice: null,
}));

export const showShortcutSheet = (sheetOpen: boolean) => useKeyboardStore.setState({ sheetOpen });
export const askToCancel = (confirmCancel: string | null) =>
  useKeyboardStore.setState({ confirmCancel });
export const showNotice = (notice: string | null) => useKeyboardStore.setState({ notice });

// Which screen is showing and which run is selected: navigation state only.
import { create } from 'zustand';

export type Screen = 'library' | 'reader' | 'ask' | 'jobs' | 'reviews' | 'settings';

export interface UiState {
  screen: Screen;
  selectedRunId: string | null;
  setScreen(screen: Screen): void;
  selectRun(runId: string | null): void;
  /** Settings opens with the new-backend form (the first-start screen's server path). */
  newBackendForm: boolean;
  /** The first-start screen was put aside for this session. */
  firstStartDismissed: boolean;
}

export const useUiStore = create<UiState>((set) => ({
  screen: 'library',
  selectedRunId: null,
  setScreen: (screen) => set({ screen }),
  selectRun: (selectedRunId) => set({ selectedRunId }),
  newBackendForm: false,
  firstStartDismissed: false,
}));

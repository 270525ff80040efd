// Which screen is showing and which run is selected: navigation state only.
import { create } from 'zustand';

export type Screen =
  'library' | 'reader' | 'ask' | 'jobs' | 'reviews' | 'checklists' | 'new-review' | 'settings';

export interface UiState {
  screen: Screen;
  selectedRunId: string | null;
  setScreen(screen: Screen): void;
  selectRun(runId: string | null): void;
  /** Settings opens with the new-backend form (the first-start screen's server path). */
  newBackendForm: boolean;
  /** The first-start screen was put aside for this session. */
  firstStartDismissed: boolean;
  /** The review the Reviews screen shows (a review's job id). */
  reviewId: string | null;
  /** Shows review `jobId` on the Reviews screen. */
  openReview(jobId: string): void;
}

export const useUiStore = create<UiState>((set) => ({
  screen: 'library',
  selectedRunId: null,
  setScreen: (screen) => set({ screen }),
  selectRun: (selectedRunId) => set({ selectedRunId }),
  newBackendForm: false,
  firstStartDismissed: false,
  reviewId: null,
  openReview: (reviewId) => set({ screen: 'reviews', reviewId }),
}));

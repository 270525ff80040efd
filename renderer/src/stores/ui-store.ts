// Which screen is showing and which run is selected: navigation state only.
import { create } from 'zustand';

export type Screen =
  'library' | 'reader' | 'ask' | 'jobs' | 'reviews' | 'checklists' | 'new-review' | 'settings';

/** The parts of Settings, in the order its side navigation lists them. */
export const SETTINGS_SECTIONS = [
  { id: 'backends', label: 'Backends' },
  { id: 'models', label: 'Models' },
  { id: 'defaults', label: 'Run defaults' },
  { id: 'costs', label: 'Costs' },
  { id: 'ocr', label: 'OCR languages' },
] as const;

export type SettingsSection = (typeof SETTINGS_SECTIONS)[number]['id'];

export interface UiState {
  screen: Screen;
  selectedRunId: string | null;
  setScreen(screen: Screen): void;
  selectRun(runId: string | null): void;
  /** Settings opens with the new-backend form (the first-start screen's server path). */
  newBackendForm: boolean;
  /** The part of Settings to bring into view once Settings shows (a deep link), then null. */
  settingsSection: SettingsSection | null;
  /**
   * Opens Settings at `section` (the Ask form's "Settings" opens Backends); `newBackend` also
   * opens the new-backend form there.
   */
  openSettings(section: SettingsSection, options?: { newBackend?: boolean }): void;
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
  settingsSection: null,
  openSettings: (settingsSection, options) =>
    set({
      screen: 'settings',
      settingsSection,
      ...(options?.newBackend ? { newBackendForm: true } : {}),
    }),
  firstStartDismissed: false,
  reviewId: null,
  openReview: (reviewId) => set({ screen: 'reviews', reviewId }),
}));

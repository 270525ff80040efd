// Backend profiles and default run settings, as main keeps them (API keys never come here).
import { create } from 'zustand';
import type { AppSettings, ConnectionTest } from '../../../shared/api.ts';
import type { AppError, BackendProfile, RunSettings } from '../../../shared/model.ts';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { DEFAULT_COST_CONFIRM_ABOVE } from '../../../shared/run-estimate.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';

export interface SettingsState {
  settings: AppSettings;
  loaded: boolean;
  error: AppError | null;
  tests: Record<string, ConnectionTest | 'testing'>;
}

export const useSettingsStore = create<SettingsState>(() => ({
  settings: {
    profiles: [],
    activeProfileId: null,
    defaults: DEFAULT_RUN_SETTINGS,
    costConfirmAbove: DEFAULT_COST_CONFIRM_ABOVE,
  },
  loaded: false,
  error: null,
  tests: {},
}));

const set = useSettingsStore.setState;
const get = useSettingsStore.getState;

export async function loadSettings(): Promise<void> {
  const result = await call(bridge(), 'settings:get', {});
  if (result.ok) set({ settings: result.value, loaded: true, error: null });
  else set({ error: result.error, loaded: true });
}

/** Saves a profile; `apiKey` undefined keeps the stored key, '' removes it. */
export async function saveProfile(
  profile: BackendProfile,
  apiKey?: string,
): Promise<BackendProfile | null> {
  const request = apiKey === undefined ? { profile } : { profile, apiKey };
  const result = await call(bridge(), 'settings:save-profile', request);
  if (!result.ok) {
    set({ error: result.error });
    return null;
  }
  await loadSettings();
  return result.value;
}

export async function deleteProfile(profileId: string): Promise<void> {
  const result = await call(bridge(), 'settings:delete-profile', { profileId });
  if (!result.ok) set({ error: result.error });
  await loadSettings();
}

export async function setActiveProfile(profileId: string): Promise<void> {
  const result = await call(bridge(), 'settings:set-active-profile', { profileId });
  if (!result.ok) set({ error: result.error });
  await loadSettings();
}

export async function setDefaults(defaults: RunSettings): Promise<void> {
  const result = await call(bridge(), 'settings:set-defaults', { defaults });
  if (!result.ok) set({ error: result.error });
  await loadSettings();
}

/** The cost above which Ask asks first; false when it was not saved. */
export async function setCostLimit(costConfirmAbove: number): Promise<boolean> {
  const result = await call(bridge(), 'settings:set-cost-limit', { costConfirmAbove });
  if (!result.ok) set({ error: result.error });
  await loadSettings();
  return result.ok;
}

export async function testProfile(profileId: string): Promise<void> {
  set({ tests: { ...get().tests, [profileId]: 'testing' } });
  const result = await call(bridge(), 'backend:test', { profileId });
  const test: ConnectionTest = result.ok
    ? result.value
    : { ok: false, models: [], latencyMs: 0, error: result.error };
  set({ tests: { ...get().tests, [profileId]: test } });
}

export function dismissSettingsError(): void {
  set({ error: null });
}

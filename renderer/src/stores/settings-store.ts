// Backend profiles and default run settings, as main keeps them (API keys never come here).
import { create } from 'zustand';
import type { AppSettings, ConnectionTest } from '../../../shared/api.ts';
import { testRecord } from '../../../shared/backends.ts';
import type { AppError, BackendProfile, RunSettings } from '../../../shared/model.ts';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { DEFAULT_COST_CONFIRM_ABOVE } from '../../../shared/run-estimate.ts';
import { call } from '../api.ts';
import { isFresh } from '../lib/backend-status.ts';
import { bridge } from './bridge.ts';

export interface SettingsState {
  settings: AppSettings;
  loaded: boolean;
  error: AppError | null;
  /** Connection tests run in this window (with the model list), or one going. */
  tests: Record<string, ConnectionTest | 'testing'>;
  /** Quick reachability checks going (the Ask screen's), by profile id. */
  checking: Record<string, true>;
  /** The backend just added that answered its first test and so became the active one. */
  justActivated: string | null;
}

export const useSettingsStore = create<SettingsState>(() => ({
  settings: {
    profiles: [],
    activeProfileId: null,
    defaults: DEFAULT_RUN_SETTINGS,
    lastTests: {},
    costConfirmAbove: DEFAULT_COST_CONFIRM_ABOVE,
  },
  loaded: false,
  error: null,
  tests: {},
  checking: {},
  justActivated: null,
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

/** Saves the default run settings; true when they were saved. */
export async function setDefaults(defaults: RunSettings): Promise<boolean> {
  const result = await call(bridge(), 'settings:set-defaults', { defaults });
  if (!result.ok) set({ error: result.error });
  await loadSettings();
  return result.ok;
}

/** The cost above which Ask asks first; false when it was not saved. */
export async function setCostLimit(costConfirmAbove: number): Promise<boolean> {
  const result = await call(bridge(), 'settings:set-cost-limit', { costConfirmAbove });
  if (!result.ok) set({ error: result.error });
  await loadSettings();
  return result.ok;
}

/** A full connection test (Settings); main keeps its outcome as the profile's last test. */
export async function testProfile(profileId: string): Promise<ConnectionTest> {
  set({ tests: { ...get().tests, [profileId]: 'testing' } });
  const result = await call(bridge(), 'backend:test', { profileId });
  const test: ConnectionTest = result.ok
    ? result.value
    : { ok: false, models: [], latencyMs: 0, error: result.error };
  set({ tests: { ...get().tests, [profileId]: test } });
  noteTest(profileId, test);
  return test;
}

/**
 * Tests a backend the user has just added; when it answers it becomes the active one, unless the
 * active backend answered its own last test (then its card offers the switch): a server added and
 * tested must not lose to one that never worked (an earlier version's unasked "Local vLLM").
 */
export async function testNewProfile(profileId: string): Promise<void> {
  const test = await testProfile(profileId);
  const { activeProfileId, lastTests } = get().settings;
  if (!test.ok) return;
  // The first backend is active from its save on; it is said the same way.
  if (activeProfileId !== profileId) {
    if (activeProfileId !== null && lastTests[activeProfileId]?.ok === true) return;
    await setActiveProfile(profileId);
  }
  set({ justActivated: profileId });
}

/**
 * Records a test as the profile's last one, as main has just done, without reloading all
 * settings (a reload would reset a defaults form being edited).
 */
function noteTest(profileId: string, test: ConnectionTest): void {
  const record = testRecord(test, Date.now());
  const { settings } = get();
  set({ settings: { ...settings, lastTests: { ...settings.lastTests, [profileId]: record } } });
}

/**
 * A quick reachability check of a profile before a question (short timeout), unless one is
 * going or its last test is younger than ~30 s. `force`: the user asked to test again.
 */
export async function checkReachable(profileId: string, force = false): Promise<void> {
  const state = get();
  if (state.checking[profileId] || state.tests[profileId] === 'testing') return;
  if (!force && isFresh(state.settings.lastTests[profileId], Date.now())) return;
  set({ checking: { ...state.checking, [profileId]: true } });
  const result = await call(bridge(), 'backend:test', { profileId, quick: true });
  const { [profileId]: _done, ...checking } = get().checking;
  set({ checking });
  if (result.ok) noteTest(profileId, result.value);
}

export function dismissSettingsError(): void {
  set({ error: null });
}

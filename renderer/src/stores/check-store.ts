// "Check this backend" (Settings): the check going in main, each profile's last check, and the
// estimate shown before one starts. Fed by `check:event`; main owns the check.
import { create } from 'zustand';
import type { CheckEstimate, CheckSnapshot, CheckSource } from '../../../shared/backend-check.ts';
import type { AppError } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';

export type EstimateState =
  | { status: 'loading'; key: string }
  | { status: 'ready'; key: string; estimate: CheckEstimate }
  | { status: 'failed'; key: string; error: AppError };

export interface CheckState {
  /** The check running in main (or the last one this window saw end), with its profile. */
  current: CheckSnapshot | null;
  /** The last finished check of each profile, as main keeps it. */
  last: Record<string, CheckSnapshot>;
  /** The estimate for the profile and source chosen in an open check panel. */
  estimate: EstimateState | null;
  /** A start refused (another check running, a profile gone). */
  error: AppError | null;
}

export const useCheckStore = create<CheckState>(() => ({
  current: null,
  last: {},
  estimate: null,
  error: null,
}));

const set = useCheckStore.setState;
const get = useCheckStore.getState;

export const sourceKey = (profileId: string, source: CheckSource) =>
  `${profileId}:${source.kind === 'bundled' ? 'bundled' : source.documentId}`;

/** The running check (a window opened late sees it) and the last check of each profile. */
export async function loadChecks(): Promise<void> {
  const result = await call(bridge(), 'check:status', {});
  if (!result.ok) return;
  set({ last: result.value.last, current: result.value.current ?? get().current });
}

export async function estimateCheck(profileId: string, source: CheckSource): Promise<void> {
  const key = sourceKey(profileId, source);
  set({ estimate: { status: 'loading', key } });
  const result = await call(bridge(), 'check:estimate', { profileId, source });
  // Another source chosen meanwhile: this answer is about something no longer shown.
  if (get().estimate?.key !== key) return;
  set({
    estimate: result.ok
      ? { status: 'ready', key, estimate: result.value }
      : { status: 'failed', key, error: result.error },
  });
}

export async function startCheck(profileId: string, source: CheckSource): Promise<void> {
  set({ error: null });
  const result = await call(bridge(), 'check:start', { profileId, source });
  if (result.ok) set({ current: result.value });
  else set({ error: result.error });
}

export async function cancelCheck(): Promise<void> {
  await call(bridge(), 'check:cancel', {});
}

export function onCheckEvent(snapshot: CheckSnapshot): void {
  set({ current: snapshot });
  if (snapshot.state === 'done' || snapshot.state === 'error') void loadChecks();
}

export function dismissCheckError(): void {
  set({ error: null });
}

// Per document: its questions and how its runs stand, for the library ("3 questions · 1 reading").
// Counted by main in SQL (`runs:counts`) and counted again when a run changes state.
import { create } from 'zustand';
import type { Events } from '../../../shared/api.ts';
import type { DocumentRunCounts } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';

export const useRunCountsStore = create<{ byDocument: Record<string, DocumentRunCounts> }>(() => ({
  byDocument: {},
}));

export async function loadRunCounts(): Promise<void> {
  const result = await call(bridge(), 'runs:counts', {});
  if (!result.ok) return;
  useRunCountsStore.setState({
    byDocument: Object.fromEntries(result.value.map((c) => [c.documentId, c])),
  });
}

/** Events after which a run's status differs (memory deltas and chunk progress do not count). */
const STATUS_EVENTS = new Set(['started', 'paused', 'resumed', 'finished', 'error', 'cancelled']);
let refresh: ReturnType<typeof setTimeout> | null = null;

/** Counts again shortly after a run changes state (one query for a burst of events). */
export function onRunEventForCounts(payload: Events['run:event']): void {
  if (!STATUS_EVENTS.has(payload.event.type)) return;
  scheduleRunCounts();
}

export function scheduleRunCounts(): void {
  if (refresh !== null) return;
  refresh = setTimeout(() => {
    refresh = null;
    void loadRunCounts();
  }, 100);
}

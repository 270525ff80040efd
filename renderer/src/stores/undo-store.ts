// Removals that wait UNDO_MS before they reach main, each offered as an "Undo" toast (its clock
// held while the pointer or the focus is on it: holdRemoval).
import { pausableTimer, type PausableTimer } from '../lib/pausable-timer.ts';
// Deleting only after the window (not soft-deleting) means a crash or quit inside it keeps the
// item: nothing the user can still undo is ever lost, and nothing in the database changes.
import { create } from 'zustand';

export const UNDO_MS = 10_000;

export interface PendingRemoval {
  id: number;
  /** "Removed gpl-3.0.pdf and 3 questions." */
  message: string;
}

interface Entry extends PendingRemoval {
  commit: () => Promise<void>;
  undo: () => void;
  timer: PausableTimer;
}

export const useUndoStore = create<{ pending: PendingRemoval[] }>(() => ({ pending: [] }));

const entries = new Map<number, Entry>();
let lastId = 0;

function publish(): void {
  useUndoStore.setState({
    pending: [...entries.values()].map(({ id, message }) => ({ id, message })),
  });
}

/**
 * Offers to undo a removal the caller has already hidden: `commit` runs after `ms` unless
 * `undoRemoval` is called first, which runs `undo` instead.
 */
export function offerUndo(
  message: string,
  actions: { commit: () => Promise<void>; undo: () => void },
  ms = UNDO_MS,
): number {
  lastId += 1;
  const id = lastId;
  const timer = pausableTimer(ms, () => void commitRemoval(id));
  entries.set(id, { id, message, timer, ...actions });
  publish();
  return id;
}

/** Stops (`held`) or restarts the removal's clock: its toast is hovered or focused, or not. */
export function holdRemoval(id: number, held: boolean): void {
  const timer = entries.get(id)?.timer;
  if (held) timer?.hold();
  else timer?.release();
}

export function undoRemoval(id: number): void {
  const entry = entries.get(id);
  if (!entry) return;
  entry.timer.cancel();
  entries.delete(id);
  publish();
  entry.undo();
}

/** Carries the removal out now (its toast's timer ran out, or the user closed the toast). */
export async function commitRemoval(id: number): Promise<void> {
  const entry = entries.get(id);
  if (!entry) return;
  entry.timer.cancel();
  entries.delete(id);
  publish();
  await entry.commit();
}

// One row per file the user asked to open, with its outcome, kept until dismissed: a batch of
// dropped files must not lose the error of one when the next opens.
import { create } from 'zustand';
import type { AppError } from '../../../shared/model.ts';

export type OpenOutcome =
  | { state: 'opening' }
  | { state: 'opened'; documentId: string }
  | { state: 'password'; wrong: boolean }
  | { state: 'cancelled' }
  | { state: 'failed'; error: AppError };

export interface OpenResult {
  /** Row id (a file name can appear twice). */
  id: number;
  name: string;
  outcome: OpenOutcome;
}

export const useOpenResultsStore = create<{ rows: OpenResult[] }>(() => ({ rows: [] }));

const set = useOpenResultsStore.setState;
const get = useOpenResultsStore.getState;
let lastId = 0;

/** Adds a row for a file being opened; returns its id. */
export function addOpenRow(name: string): number {
  lastId += 1;
  set({ rows: [...get().rows, { id: lastId, name, outcome: { state: 'opening' } }] });
  return lastId;
}

export function setOpenOutcome(id: number, outcome: OpenOutcome): void {
  set({ rows: get().rows.map((r) => (r.id === id ? { ...r, outcome } : r)) });
}

export function dismissOpenRow(id: number): void {
  set({ rows: get().rows.filter((r) => r.id !== id) });
}

/** Clears every row but those still opening. */
export function clearOpenRows(): void {
  set({ rows: get().rows.filter((r) => r.outcome.state === 'opening') });
}

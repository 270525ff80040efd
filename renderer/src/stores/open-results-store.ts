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

/** Where a document being opened comes from, kept so it can be reopened with a password. */
export type OpenSource =
  | { kind: 'path'; path: string; name: string }
  | { kind: 'bytes'; name: string; data: Uint8Array<ArrayBuffer> };

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

/**
 * The source of each row that may be opened again (with a password), by row id: outside the
 * state (a dropped file's bytes), and dropped with its row, so a cleared row frees its file.
 */
const sources = new Map<number, OpenSource>();

/** Keeps the source of row `id` until the file opens or its row goes. */
export function keepOpenSource(id: number, source: OpenSource): void {
  sources.set(id, source);
}

export function openSourceOf(id: number): OpenSource | undefined {
  return sources.get(id);
}

/** The file opened: nothing left to reopen. */
export function forgetOpenSource(id: number): void {
  sources.delete(id);
}

/** How many sources are kept (for tests: cleared rows must not keep their bytes). */
export function keptOpenSources(): number {
  return sources.size;
}

/** Adds a row for a file being opened; returns its id. */
export function addOpenRow(name: string): number {
  lastId += 1;
  set({ rows: [...get().rows, { id: lastId, name, outcome: { state: 'opening' } }] });
  return lastId;
}

export function setOpenOutcome(id: number, outcome: OpenOutcome): void {
  set({ rows: get().rows.map((r) => (r.id === id ? { ...r, outcome } : r)) });
}

/** Dismisses a row and forgets the file it could reopen. */
export function dismissOpenRow(id: number): void {
  sources.delete(id);
  set({ rows: get().rows.filter((r) => r.id !== id) });
}

/** Drops the "opened" rows of a document that left the library (they would offer to ask it). */
export function dropOpenRowsOf(documentId: string): void {
  set({
    rows: get().rows.filter(
      (r) => !(r.outcome.state === 'opened' && r.outcome.documentId === documentId),
    ),
  });
}

/** Clears every row but those still opening, with the files they could reopen. */
export function clearOpenRows(): void {
  const [keep, drop] = [[], []] as [OpenResult[], OpenResult[]];
  for (const r of get().rows) (r.outcome.state === 'opening' ? keep : drop).push(r);
  for (const r of drop) sources.delete(r.id);
  set({ rows: keep });
}

/** From this many rows on, the files that opened fold into one summary line. */
export const FOLD_OPENED_FROM = 5;

/**
 * The rows as the library lists them: with FOLD_OPENED_FROM or more, those that opened are
 * `folded` under a summary ("5 files opened") and the others, which need the user (a failure,
 * a password, a cancel), stay `shown`; fewer rows are all shown.
 */
export function foldOpenRows(rows: readonly OpenResult[]): {
  folded: OpenResult[];
  shown: OpenResult[];
} {
  if (rows.length < FOLD_OPENED_FROM) return { folded: [], shown: [...rows] };
  const folded = rows.filter((r) => r.outcome.state === 'opened');
  return { folded, shown: rows.filter((r) => r.outcome.state !== 'opened') };
}

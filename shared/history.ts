// The history search's results: runs whose question, answer or a memory state holds the text,
// with where it was found. One type for the store, the app (`history:search`) and the CLI.
import type { RunSummary } from './model.ts';

/** The longest search text accepted: a phrase, not a document. */
export const MAX_HISTORY_QUERY_CHARS = 200;

/** Where in a run the text was found. */
export type HistoryField = 'question' | 'answer' | 'memory';

/** One place the text was found, with the words around it. */
export interface HistoryMatch {
  field: HistoryField;
  /** The chunk (0-based) whose memory holds it; only for `memory`. */
  chunk?: number;
  /** The snippet in three parts, so a view can mark `match` (the text as it stands there). */
  before: string;
  match: string;
  after: string;
}

/** A run the search found: its summary, how many places matched, the first few of them. */
export interface HistoryHit {
  run: RunSummary;
  /** Places matched in this run (its question, its answer, each memory state that holds it). */
  hits: number;
  /** At most three: the question, then the answer, then memories from the earliest chunk. */
  matches: HistoryMatch[];
}

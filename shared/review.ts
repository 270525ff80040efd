// A review: a checklist of questions × a collection of documents, one stored job whose cells are
// runs. These are the shapes every reader of a review shares — the table in the renderer, the
// reports, `memagent review --json` — read from the stored runs, never recomputed per view.
// Pure TypeScript: no Node, DOM or electron imports.
import type { ChecklistQuestion } from './checklist.ts';
import type { RunBackend } from './model.ts';

/**
 * A cell's state. `answered`: an answer was extracted; `not_stated`: the answer says the document
 * does not say; `no_answer`: the run ended with no extractable answer; `cut`: the model's reply was
 * cut (length or content filter) and is shown as such; the others are the run's own states.
 */
export const CELL_STATUSES = [
  'queued',
  'reading',
  'paused',
  'answered',
  'not_stated',
  'no_answer',
  'failed',
  'cut',
  'cancelled',
  'interrupted',
] as const;
export type CellStatus = (typeof CELL_STATUSES)[number];

/**
 * One question of a review, in its column order: a checklist's question (shared/checklist.ts),
 * copied into the review when it is created so that later edits of the checklist do not change
 * what was asked.
 */
export type ReviewQuestion = ChecklistQuestion;

/** One document of a review, in its row order. */
export interface ReviewDocument {
  /** The library's document id (SHA-256 of the file). */
  id: string;
  title: string;
  path?: string;
  pageCount?: number;
  /**
   * The row's name: the title, with what tells it apart where two documents of the review share
   * it ("Lease (lease-a.pdf)"). Set on every matrix read (review-document-labels.ts); read it
   * with `rowName`.
   */
  label?: string;
}

/** What a cell's run read: the guarantee behind a "not stated". */
export interface CellCoverage {
  chunksRead: number;
  chunks: number;
  /** Pages the chunks read cover, when the document has pages. */
  pages?: { first: number; last: number };
  /** Every chunk of the document was read. */
  complete: boolean;
}

export interface CellEvidence {
  page?: number;
  /** The page's printed label when it differs from its index ("149"). */
  pageLabel?: string;
  section?: string;
  quote: string;
}

/** An earlier reading of a cell, kept when it is re-run. */
export interface CellHistoryEntry {
  runId: string;
  status: CellStatus;
  answer?: string;
  display?: string;
  endedAt?: number;
  backend?: RunBackend;
}

export interface ReviewCell {
  documentId: string;
  questionId: string;
  status: CellStatus;
  /** The model's own words (the extracted answer). */
  answer?: string;
  /**
   * The normalised answer without a locale (shared/answer-value-text.ts): "yes", "2024-03-01",
   * "EUR 5000", "P12M", "not_stated" ...; for sorting, counting and `--json`. Absent when the
   * kind's reader did not understand the words (the display is then the words).
   */
  value?: string;
  /** The normalised answer as shown in the table, in the locale the matrix was read for. */
  display?: string;
  /** The answer differs from the question's expected value. */
  disagrees?: boolean;
  coverage: CellCoverage;
  evidence: CellEvidence[];
  /** The run behind the cell (absent only for a cell not yet created). */
  runId?: string;
  /** One sentence when the run failed. */
  error?: string;
  /** Earlier readings, newest first. */
  history: CellHistoryEntry[];
}

export interface ReviewCounts {
  cells: number;
  done: number;
  reading: number;
  queued: number;
  failed: number;
}

export interface ReviewSummary {
  /** The review's job id. */
  id: string;
  title: string;
  checklistName: string;
  state: 'queued' | 'running' | 'paused' | 'done' | 'failed' | 'cancelled' | 'interrupted';
  createdAt: number;
  updatedAt: number;
  endedAt?: number;
  backend?: RunBackend;
  counts: ReviewCounts;
}

/** A whole review as every view and report reads it. */
export interface ReviewMatrix {
  review: ReviewSummary;
  /** Each with its row name (`label`, review-document-labels.ts). */
  documents: ReviewDocument[];
  questions: ReviewQuestion[];
  /** Row-major: documents × questions, one per pair. */
  cells: ReviewCell[];
}

/** A review as the app's list shows it: its summary and its size. */
export interface ReviewListEntry extends ReviewSummary {
  documents: number;
  questions: number;
}

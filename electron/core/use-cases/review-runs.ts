// Entering a review's cells as runs: each cell one queued run made by createRun (the path of
// `ask` and the app's Ask), linked to the review's job after its current items and recorded as
// the cell's current run. The create, add and re-run use cases all enter cells this way.
import type { ChunkInfo, DocumentInfo, RunSettings } from '../../../shared/model.ts';
import { composeProblem } from '../../../shared/checklist-problem.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { CoreError } from '../errors.ts';
import type { StoredProfile } from '../store/columns.ts';
import type { Store } from '../store/store.ts';
import type { LibraryRunParts } from './run-parts.ts';
import { createRun } from './start-run.ts';

/** What the runs of a review's cells are read with. */
export interface ReviewRunOptions {
  /** The backend (a profile kept in the library, or the CLI's in-memory one). */
  profile: StoredProfile;
  settings: RunSettings;
  origin: 'app' | 'cli';
  /** The model, when already known (the CLI resolves it before it chunks). */
  model?: string;
  /**
   * A document's chunking for these settings, when already made (the CLI chunks each document
   * first, as `ask` does): stored with each run, so a kill leaves it resumable from chunk 1.
   * Undefined: the run is chunked when it is prepared, as the app's runs are.
   */
  chunksOf?: (documentId: string) => readonly ChunkInfo[] | undefined;
}

/** The parts entering runs needs: the library and this process as its writer. */
export type ReviewParts = Pick<LibraryRunParts, 'store' | 'writer' | 'now'>;

export interface CellToEnter {
  document: DocumentInfo;
  question: ReviewQuestion;
}

/** Every document × every question, row-major: the table's and the job's order. */
export function crossCells(
  documents: readonly DocumentInfo[],
  questions: readonly ReviewQuestion[],
): CellToEnter[] {
  return documents.flatMap((document) => questions.map((question) => ({ document, question })));
}

/** The library's document `id`, or NotFound. */
export function reviewDocument(store: Store, id: string): DocumentInfo {
  const info = store.documents.get(id);
  if (!info) {
    throw new CoreError('NotFound', `No document ${id.slice(0, 12)} in this library.`, {
      hint: 'Open the document first, then add it to the review.',
    });
  }
  return info;
}

/**
 * Enters one queued run per cell, in order, each the cell's new current run and the job's next
 * item. Call inside a write transaction with the rest of the change, so a kill leaves all of
 * it or none. Returns the runs' ids in the cells' order.
 */
export function enterCells(
  parts: ReviewParts,
  jobId: string,
  cells: readonly CellToEnter[],
  options: ReviewRunOptions,
): string[] {
  const { store } = parts;
  let item = store.jobs.runs(jobId).reduce((next, r) => Math.max(next, r.item + 1), 0);
  return cells.map(({ document, question }) => {
    const chunks = options.chunksOf?.(document.id);
    const run = createRun(parts, {
      info: document,
      // The problem slot only: the MemAgent templates around it stay byte-exact.
      question: composeProblem(question),
      settings: options.settings,
      profile: options.profile,
      origin: options.origin,
      ...(options.model !== undefined ? { model: options.model } : {}),
      ...(chunks !== undefined ? { chunks } : {}),
    });
    const cell = { documentId: document.id, questionId: question.id };
    store.reviews.addCellRun(jobId, cell, run.id, run.createdAt);
    store.jobs.addRun(jobId, run.id, item++);
    return run.id;
  });
}

// The table's live feed: the cells of a review that changed, pushed to every window as
// `review:cells`. A change of state (the review's job, a cell's run queued, started, paused,
// answered, failed or cancelled) is pushed at once, so a cell read again shows "Queued" before
// "Reading"; while runs read chunks, at most once per `intervalMs` (keyed-throttle.ts) the feed reads
// only the cells whose runs changed (`reviewCells`: the runs that reported, and the review's
// current runs that are new or in another state than last sent — a cell read again, added, or
// cancelled while queued), never the whole table, and sends those that differ from what it last sent, so
// a window patches the cells that changed and never re-reads or re-renders the table. A deleted
// run (from the history, or with its document) is pushed at once too: its cell read again as it
// now is (an earlier reading, or nothing), and where a row left the review, the review's rows.
import type { ReviewCell, ReviewDocument, ReviewMatrix } from '../../../shared/review.ts';
import type { JobRun } from '../store/job-repo.ts';
import type { Store } from '../store/store.ts';
import { cellRunStatus, reviewCells, reviewMatrix } from '../use-cases/review-matrix.ts';
import { createKeyedThrottle } from './keyed-throttle.ts';
import type { Emit } from './service-deps.ts';

export interface ReviewFeedReadOptions {
  /**
   * The locale the window shows answers in (BCP 47). The feed's later pushes of this review use
   * the locale of its last read: one app has one UI locale, shared by its windows.
   */
  locale?: string | undefined;
}

export interface ReviewFeed {
  /** The table as a window reads it (`reviews:get`); later pushes are relative to it. */
  read(reviewId: string, options?: ReviewFeedReadOptions): ReviewMatrix;
  /** Job `jobId` changed (a run of it ended, its state changed): pushed now if it is a review. */
  jobChanged(jobId: string): void;
  /**
   * A run reported, if it is a cell of a review being watched: a change of `state` (started,
   * paused, answered, ended) pushed now, `progress` (a chunk read) within the interval.
   */
  runChanged(runId: string, change: 'state' | 'progress'): void;
  /**
   * Runs were deleted (from the history, or with their document): the cells of the reviews being
   * watched that showed them, current or earlier, are pushed now as they are without them.
   */
  runsRemoved(runIds: readonly string[]): void;
  dispose(): void;
}

export interface ReviewFeedOptions {
  store: Store;
  emit: Emit;
  /** Longest time progress waits before it is sent; progress within it is sent together. */
  intervalMs?: number;
}

/** A review a window has read: what it was last sent, and what changed since. */
interface Watched {
  locale: string | undefined;
  /** Each cell as last sent (serialised, to compare). */
  sent: Map<string, string>;
  /** The state of each cell's current run as last sent, by run id. */
  runs: Map<string, string>;
  /** Runs that reported since the last push. */
  reported: Set<string>;
  /** The cell each run sent was in (its current run or an earlier one). */
  cellOfRun: Map<string, string>;
  /** Cells to read again whatever runs they have left: a run of theirs was deleted. */
  stale: Set<string>;
  /** The review's rows as last sent (their ids, in order). */
  rows: string;
}

const rowsOf = (documents: readonly ReviewDocument[]) => documents.map((d) => d.id).join('\n');

const cellKey = (cell: Pick<ReviewCell, 'documentId' | 'questionId'>) =>
  `${cell.documentId}\n${cell.questionId}`;

export function createReviewFeed(options: ReviewFeedOptions): ReviewFeed {
  const { store, emit } = options;
  const interval = options.intervalMs ?? 250;
  const watched = new Map<string, Watched>();
  const reviewOfRun = new Map<string, string>();

  /** The cells of `cells` that differ from what `w` last sent (and remembers them as sent). */
  const differing = (w: Watched, cells: readonly ReviewCell[]): ReviewCell[] => {
    const changed: ReviewCell[] = [];
    for (const cell of cells) {
      const key = cellKey(cell);
      if (cell.runId !== undefined) w.cellOfRun.set(cell.runId, key);
      for (const h of cell.history) w.cellOfRun.set(h.runId, key);
      const text = JSON.stringify(cell);
      if (w.sent.get(key) !== text) changed.push(cell);
      w.sent.set(key, text);
    }
    return changed;
  };

  /**
   * The runs whose cells to read: those that reported, and current runs new to the window (a
   * cell read again or added) or in another state than last sent (cancelled while queued).
   */
  const picker = (reviewId: string, w: Watched) => (current: readonly JobRun[]) => {
    const picked = [...w.reported];
    w.reported.clear();
    for (const run of current) {
      if (w.runs.get(run.id) === run.status) continue;
      w.runs.set(run.id, run.status);
      reviewOfRun.set(run.id, reviewId);
      picked.push(run.id);
    }
    return picked;
  };

  const read = (reviewId: string, readOptions: ReviewFeedReadOptions): ReviewMatrix => {
    const { locale } = readOptions;
    const matrix = reviewMatrix(store, reviewId, locale === undefined ? {} : { locale });
    const w: Watched = {
      locale,
      sent: new Map(),
      runs: new Map(),
      reported: new Set(),
      cellOfRun: new Map(),
      stale: new Set(),
      rows: rowsOf(matrix.documents),
    };
    differing(w, matrix.cells);
    for (const cell of matrix.cells) {
      if (cell.runId !== undefined) {
        w.runs.set(cell.runId, cellRunStatus(cell.status));
        reviewOfRun.set(cell.runId, reviewId);
      }
      for (const h of cell.history) reviewOfRun.set(h.runId, reviewId);
    }
    // Changes reported before this read are in it; those after it are still to send.
    watched.set(reviewId, w);
    return matrix;
  };

  const flush = (reviewId: string) => {
    const w = watched.get(reviewId);
    try {
      if (w === undefined) {
        // A review no window has read yet (made elsewhere, driven here): the whole table once,
        // then only what changes.
        const matrix = read(reviewId, {});
        emit(undefined, 'review:cells', { review: matrix.review, cells: matrix.cells });
        return;
      }
      const places = [...w.stale].map((key) => {
        const [documentId = '', questionId = ''] = key.split('\n');
        return { documentId, questionId };
      });
      w.stale.clear();
      const changed = reviewCells(store, reviewId, picker(reviewId, w), {
        ...(w.locale === undefined ? {} : { locale: w.locale }),
        ...(places.length === 0 ? {} : { places }),
      });
      // The rows only when they changed (a document removed from the library left the review).
      const { documents } = changed;
      const rowsChanged = documents !== undefined && rowsOf(documents) !== w.rows;
      if (rowsChanged) {
        w.rows = rowsOf(documents);
        const rows = new Set(documents.map((d) => d.id));
        for (const key of w.sent.keys())
          if (!rows.has(key.split('\n')[0] ?? '')) w.sent.delete(key);
      }
      emit(undefined, 'review:cells', {
        review: changed.review,
        cells: differing(w, changed.cells),
        ...(rowsChanged ? { documents } : {}),
      });
    } catch {
      // Deleted meanwhile (or the library is closing): nothing to show.
      watched.delete(reviewId);
    }
  };

  const throttle = createKeyedThrottle(flush, interval);

  return {
    read: (reviewId, readOptions = {}) => read(reviewId, readOptions),
    jobChanged(jobId) {
      if (watched.has(jobId) || store.jobs.get(jobId)?.kind === 'review') throttle.now(jobId);
    },
    runChanged(runId, change) {
      const reviewId = reviewOfRun.get(runId);
      if (reviewId === undefined) return;
      watched.get(reviewId)?.reported.add(runId);
      // A state at once (keyed-throttle.ts: out of this event's stack), progress at the feed's pace.
      if (change === 'state') throttle.now(reviewId);
      else throttle.soon(reviewId);
    },
    runsRemoved(runIds) {
      const touched = new Set<string>();
      for (const runId of runIds) {
        const reviewId = reviewOfRun.get(runId);
        reviewOfRun.delete(runId);
        const w = reviewId === undefined ? undefined : watched.get(reviewId);
        if (reviewId === undefined || w === undefined) continue;
        const key = w.cellOfRun.get(runId);
        w.cellOfRun.delete(runId);
        w.runs.delete(runId);
        w.reported.delete(runId);
        if (key === undefined) continue;
        w.stale.add(key);
        touched.add(reviewId);
      }
      for (const reviewId of touched) throttle.now(reviewId);
    },
    dispose() {
      throttle.dispose();
    },
  };
}

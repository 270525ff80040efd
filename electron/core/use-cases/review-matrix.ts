// The read model of a review: the whole table as every view, report and `memagent review --json`
// reads it, from the stored runs in five queries (the job, the review, its rows, its columns,
// and every run of every cell at once), never one per cell, and never a document's text; and
// the live feed's read of only the cells whose runs changed, built by the same `cellOf`.
import type {
  CellCoverage,
  ReviewDocument,
  CellEvidence,
  CellHistoryEntry,
  CellStatus,
  ReviewCell,
  ReviewCounts,
  ReviewMatrix,
  ReviewQuestion,
  ReviewSummary,
} from '../../../shared/review.ts';
import type { Evidence } from '../../../shared/model.ts';
import { labelReviewDocuments } from '../../../shared/review-document-labels.ts';
import { CoreError } from '../errors.ts';
import type { RunStatus } from '../../../shared/model.ts';
import type { JobRun, JobSummary } from '../store/job-repo.ts';
import type { ReviewCellRun, ReviewMatrixRow, StoredReview } from '../store/review-repo.ts';
import type { Store } from '../store/store.ts';
import { readTransaction } from '../store/write-transaction.ts';
import { shortJobId } from './job-claim.ts';
import { compareWithExpected } from '../../../shared/answer-expected.ts';
import { formatAnswer } from '../../../shared/answer-format.ts';
import { normaliseAnswer } from '../../../shared/answer-normalise.ts';
import type { NormalisedAnswer } from '../../../shared/answer-value.ts';
import { answerValueText } from '../../../shared/answer-value-text.ts';

export interface ReviewMatrixOptions {
  /**
   * The BCP 47 locale cells are displayed in ("de", "en-US"): the renderer passes the user's
   * (`navigator.language`), the CLI its own. Default: `en-GB`. Only `display` depends on it;
   * `value` is locale-free.
   */
  locale?: string;
}

/** The locale of a matrix read without one (reports and tests read the same text everywhere). */
export const DEFAULT_REVIEW_LOCALE = 'en-GB';

const RUN_STATES: Record<Exclude<ReviewMatrixRow['status'], 'done'>, CellStatus> = {
  queued: 'queued',
  running: 'reading',
  paused: 'paused',
  error: 'failed',
  cancelled: 'cancelled',
  interrupted: 'interrupted',
};

/** The state of the run behind a cell in `status` (every ended reading is `done`). */
export function cellRunStatus(status: CellStatus): RunStatus {
  for (const [run, cell] of Object.entries(RUN_STATES))
    if (cell === status) return run as RunStatus;
  return 'done';
}

/**
 * A cell's state from its run: the run's own state until it is done; then `cut` when the final
 * reply was cut or stopped, `no_answer` when nothing could be extracted, `not_stated` when the
 * answer (`normal`, the run's answer read for its question's kind) says the document does not
 * say, else `answered`.
 */
export function cellStatus(row: ReviewMatrixRow, normal: NormalisedAnswer | undefined): CellStatus {
  if (row.status !== 'done') return RUN_STATES[row.status];
  if (row.cut) return 'cut';
  if (normal === undefined) return 'no_answer';
  return normal.state === 'not_stated' ? 'not_stated' : 'answered';
}

/** The run's answer read for `question`'s kind; undefined without one (or with only spaces). */
function normalOf(row: ReviewMatrixRow, question: ReviewQuestion): NormalisedAnswer | undefined {
  if (row.answer === null || row.answer.trim() === '') return undefined;
  return normaliseAnswer(question.kind, row.answer);
}

function coverageOf(row: ReviewMatrixRow | undefined): CellCoverage {
  if (!row) return { chunksRead: 0, chunks: 0, complete: false };
  const coverage: CellCoverage = {
    chunksRead: row.chunksRead,
    chunks: row.chunks,
    complete: row.chunks > 0 && row.chunksRead >= row.chunks,
  };
  if (row.firstPages && row.lastPages)
    coverage.pages = { first: row.firstPages.first, last: row.lastPages.last };
  return coverage;
}

function evidenceOf(evidence: readonly Evidence[] | undefined): CellEvidence[] {
  return (evidence ?? []).map((e) => ({
    quote: e.quote,
    ...(e.page !== null ? { page: e.page } : {}),
    // The printed label only when it says something the index does not ("iv", "149").
    ...(e.pageLabel !== null && e.pageLabel !== String(e.page) ? { pageLabel: e.pageLabel } : {}),
    ...(e.section !== null ? { section: e.section } : {}),
  }));
}

function historyEntry(
  row: ReviewMatrixRow,
  question: ReviewQuestion,
  locale: string,
): CellHistoryEntry {
  const normal = normalOf(row, question);
  const entry: CellHistoryEntry = { runId: row.runId, status: cellStatus(row, normal) };
  if (row.answer !== null) entry.answer = row.answer;
  if (normal !== undefined) entry.display = formatAnswer(normal, locale);
  if (row.endedAt !== undefined) entry.endedAt = row.endedAt;
  if (row.backend !== undefined) entry.backend = row.backend;
  return entry;
}

function cellOf(
  documentId: string,
  question: ReviewQuestion,
  runs: readonly ReviewMatrixRow[],
  locale: string,
): ReviewCell {
  const [current, ...earlier] = runs;
  const history = earlier.map((r) => historyEntry(r, question, locale));
  // A cell whose every run was deleted has nothing to show until it is read again.
  if (!current) {
    return {
      documentId,
      questionId: question.id,
      status: 'cancelled',
      coverage: coverageOf(undefined),
      evidence: [],
      history,
    };
  }
  const normal = normalOf(current, question);
  const status = cellStatus(current, normal);
  const cell: ReviewCell = {
    documentId,
    questionId: question.id,
    status,
    coverage: coverageOf(current),
    evidence: evidenceOf(current.evidence),
    runId: current.runId,
    history,
  };
  if (current.answer !== null) cell.answer = current.answer;
  if (normal !== undefined) {
    const value = answerValueText(normal);
    if (value !== undefined) cell.value = value;
    cell.display = formatAnswer(normal, locale);
    // Only a definite difference is flagged: an ambiguous date or words the kind's reader did
    // not understand are not called a disagreement.
    if (question.expected !== undefined && (status === 'answered' || status === 'not_stated')) {
      cell.disagrees = compareWithExpected(normal, question.expected) === 'differs';
    }
  }
  if (current.error) cell.error = current.error.message;
  return cell;
}

/** Rows by cell ("document\nquestion"), in their order: each cell's current run first. */
function groupByCell(rows: readonly ReviewMatrixRow[]): Map<string, ReviewMatrixRow[]> {
  const byCell = new Map<string, ReviewMatrixRow[]>();
  for (const row of rows) {
    const key = `${row.documentId}\n${row.questionId}`;
    const list = byCell.get(key);
    if (list) list.push(row);
    else byCell.set(key, [row]);
  }
  return byCell;
}

/** Counts of `cells` cells whose states are `statuses` (a cell with no run has none). */
function countsOf(statuses: Iterable<CellStatus>, cells: number): ReviewCounts {
  const counts: ReviewCounts = { cells, done: 0, reading: 0, queued: 0, failed: 0 };
  for (const status of statuses) {
    if (status === 'reading' || status === 'paused') counts.reading += 1;
    else if (status === 'queued') counts.queued += 1;
    else if (status === 'failed') counts.failed += 1;
    else if (status !== 'cancelled' && status !== 'interrupted') counts.done += 1;
  }
  return counts;
}

/** The summary of review `review` over its job; `counts` from its cells. */
export function reviewSummary(
  job: JobSummary,
  review: StoredReview,
  counts: ReviewCounts,
): ReviewSummary {
  const summary: ReviewSummary = {
    id: job.id,
    title: job.title,
    checklistName: review.checklistName,
    state: job.state,
    createdAt: job.createdAt,
    updatedAt: job.updatedAt,
    counts,
  };
  if (job.endedAt !== undefined) summary.endedAt = job.endedAt;
  if (job.backend !== undefined) summary.backend = job.backend;
  return summary;
}

/**
 * Review `jobId` as one table: its summary, rows, columns and every cell row-major with its
 * status, answer, stored evidence, coverage and history. Read in one consistent snapshot.
 */
export function reviewMatrix(
  store: Store,
  jobId: string,
  options: ReviewMatrixOptions = {},
): ReviewMatrix {
  const locale = options.locale ?? DEFAULT_REVIEW_LOCALE;
  return readTransaction(store.db, () => {
    const { job, review } = storedReview(store, jobId);
    const documents = store.reviews.documents(jobId);
    const questions = store.reviews.questions(jobId);
    const byCell = groupByCell(store.reviews.matrixRows(jobId));
    const cells = documents.flatMap((d) =>
      questions.map((q) => cellOf(d.id, q, byCell.get(`${d.id}\n${q.id}`) ?? [], locale)),
    );
    const counts = countsOf(
      cells.map((c) => c.status),
      cells.length,
    );
    return {
      review: reviewSummary(job, review, counts),
      documents: labelReviewDocuments(documents),
      questions,
      cells,
    };
  })();
}

/** Review `jobId`'s job and review rows, or NotFound in one sentence. */
function storedReview(store: Store, jobId: string) {
  const job = store.jobs.get(jobId);
  const review = store.reviews.get(jobId);
  if (!job || job.kind !== 'review' || !review)
    throw new CoreError('NotFound', `No review ${shortJobId(jobId)} in this library.`);
  return { job, review };
}

/** A read of some of a review's cells: its summary (counting every cell) and those cells. */
export interface ReviewCellsRead {
  review: ReviewSummary;
  /** Row-major, as in the whole table. */
  cells: ReviewCell[];
  /** The review's rows, labelled as the whole table's: only when `places` were asked for. */
  documents?: ReviewDocument[];
}

/** A cell named by its row and column. */
export interface CellPlace {
  documentId: string;
  questionId: string;
}

export interface ReviewCellsOptions extends ReviewMatrixOptions {
  /**
   * Cells to read whatever runs they have left: cells a deleted run was in (a run deleted from
   * the history, or with its document). A cell with no run left is read as the whole table reads
   * it (`cancelled`, nothing to show); a cell whose document left the review is not read, and
   * the read's `documents` say which rows the review has now.
   */
  places?: readonly CellPlace[];
}

/**
 * Some cells of review `jobId`, each built as `reviewMatrix` builds it, with the review's summary,
 * in one consistent snapshot: `pick` sees the cells' current runs and their states (the job's
 * runs: one index range) and names runs; every cell holding one of them, as its current run or
 * an earlier one, is read with all its runs. The live feed's read: the cells whose runs changed,
 * not the table.
 */
export function reviewCells(
  store: Store,
  jobId: string,
  pick: (current: readonly JobRun[]) => Iterable<string>,
  options: ReviewCellsOptions = {},
): ReviewCellsRead {
  const locale = options.locale ?? DEFAULT_REVIEW_LOCALE;
  const places = new Set((options.places ?? []).map((p) => `${p.documentId}\n${p.questionId}`));
  return readTransaction(store.db, () => {
    const { job, review } = storedReview(store, jobId);
    // A cell's current run is the job's; its earlier runs have left the job (review-repo.ts).
    const current = store.jobs.runs(jobId);
    // Counted as the whole table counts: each cell by its newest run left. That is the job's
    // run while every cell has one (adding a cell's run retires its earlier ones from the job),
    // so the job's runs, one index range, count exactly; only when a cell's current reading was
    // deleted (an earlier one shows again, or none) are the cells' newest runs read, a window
    // query over the review that costs several times more (docs/benchmarks.md, "Review").
    let newest: ReviewCellRun[] | undefined;
    const cellRuns = () => (newest ??= store.reviews.cells(jobId));
    const statuses = current.length === review.cells ? current : cellRuns();
    // A done run counts as done whatever its answer says: no need to read the answer here.
    const counts = countsOf(
      statuses.map((c) => (c.status === 'done' ? 'answered' : RUN_STATES[c.status])),
      review.cells,
    );
    const runIds = new Set(pick(current));
    // A named cell's runs that are left (its current one or earlier ones), wherever they are.
    if (places.size > 0) {
      for (const c of cellRuns())
        if (places.has(`${c.documentId}\n${c.questionId}`)) runIds.add(c.runId);
    }
    const rows = runIds.size === 0 ? [] : store.reviews.matrixRowsOfRuns(jobId, [...runIds]);
    const questions = new Map(store.reviews.questions(jobId).map((q) => [q.id, q]));
    const cells: ReviewCell[] = [];
    const byCell = groupByCell(rows);
    for (const runs of byCell.values()) {
      const question = questions.get(runs[0]!.questionId);
      if (question) cells.push(cellOf(runs[0]!.documentId, question, runs, locale));
    }
    const summary = reviewSummary(job, review, counts);
    if (places.size === 0) return { review: summary, cells };
    const documents = store.reviews.documents(jobId);
    const rowIds = new Set(documents.map((d) => d.id));
    for (const place of places) {
      const [documentId = '', questionId = ''] = place.split('\n');
      const question = questions.get(questionId);
      if (byCell.has(place) || !question || !rowIds.has(documentId)) continue;
      cells.push(cellOf(documentId, question, [], locale));
    }
    return { review: summary, cells, documents: labelReviewDocuments(documents) };
  })();
}

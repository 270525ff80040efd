// Changing a review after it was made: rows and columns added (only the new cells get runs) and
// cells read again (a new run per cell; the old one stays in the cell's history). Every change
// is one write transaction, and a review that had ended is queued again for the next drive.
import type { RunSettings } from '../../../shared/model.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { CoreError } from '../errors.ts';
import { settingsColumn } from '../store/columns.ts';
import type { Store } from '../store/store.ts';
import { writeTransaction } from '../store/write-transaction.ts';
import { shortJobId } from './job-claim.ts';
import { checkDistinct } from './review-create.ts';
import { reviewKey } from './review-key.ts';
import {
  enterCells,
  reviewDocument,
  crossCells,
  type CellToEnter,
  type ReviewParts,
  type ReviewRunOptions,
} from './review-runs.ts';

/** How new cells are read: the review's own run settings unless others are given. */
export type ReviewAddOptions = Omit<ReviewRunOptions, 'settings'> & { settings?: RunSettings };

/** Which cells to read again. */
export type CellSelection =
  | { cells: readonly { documentId: string; questionId: string }[] }
  | { documentId: string }
  | { questionId: string };

/** How cells are read again: their backend and settings unless others are given. */
export type ReviewRerunOptions = Omit<ReviewRunOptions, 'profile' | 'settings'> &
  Partial<Pick<ReviewRunOptions, 'profile' | 'settings'>>;

const ENDED = new Set(['done', 'failed', 'cancelled', 'interrupted']);

/** Review `jobId` with its job and run settings; a `NotFound` or `Damaged` CoreError otherwise. */
export function reviewOf(store: Store, jobId: string) {
  const job = store.jobs.get(jobId);
  const review = store.reviews.get(jobId);
  if (!job || job.kind !== 'review' || !review)
    throw new CoreError('NotFound', `No review ${shortJobId(jobId)} in this library.`);
  const runSettings = settingsColumn.safeParse(job.settings['runSettings']);
  if (!runSettings.success) {
    throw new CoreError('Damaged', 'The library database holds a value this version cannot read.', {
      detail: `jobs ${jobId} settings.runSettings: ${runSettings.error.message}`,
    });
  }
  return { job, review, runSettings: runSettings.data };
}

/** New cells wait for the next drive: a review that had ended is queued again. */
function reopen(store: Store, jobId: string, state: string, now: number): void {
  if (ENDED.has(state)) store.jobs.setState(jobId, 'queued', now);
}

function rekey(store: Store, jobId: string, settings: RunSettings): void {
  store.reviews.setKey(
    jobId,
    reviewKey({
      documentIds: store.reviews.documents(jobId).map((d) => d.id),
      questions: store.reviews.questions(jobId),
      settings,
    }),
  );
}

/**
 * Adds rows or columns to review `jobId` in one transaction: `append` stores them and returns
 * the new cells; each gets a queued run, the key follows, and an ended review is queued again.
 */
function extend(
  parts: ReviewParts,
  jobId: string,
  options: ReviewAddOptions,
  append: () => CellToEnter[],
): string[] {
  const { store } = parts;
  return writeTransaction(store.db, () => {
    const { job, runSettings } = reviewOf(store, jobId);
    const cells = append();
    if (cells.length === 0) return [];
    const ids = enterCells(parts, jobId, cells, {
      ...options,
      settings: options.settings ?? runSettings,
    });
    rekey(store, jobId, runSettings);
    reopen(store, jobId, job.state, parts.now());
    return ids;
  })();
}

/**
 * Adds documents (rows) to review `jobId`: a queued run for each new document × every question;
 * documents already in it are left as they are. Returns the new runs' ids, row-major.
 */
export function addDocuments(
  parts: ReviewParts,
  jobId: string,
  documentIds: readonly string[],
  options: ReviewAddOptions,
): string[] {
  const { store } = parts;
  return extend(parts, jobId, options, () => {
    const present = new Set(store.reviews.documents(jobId).map((d) => d.id));
    const added = [...new Set(documentIds)].filter((id) => !present.has(id));
    const documents = added.map((id) => reviewDocument(store, id));
    store.reviews.addDocuments(jobId, added);
    return crossCells(documents, store.reviews.questions(jobId));
  });
}

/**
 * Adds questions (columns) to review `jobId`: a queued run for every document × each new
 * question. A question whose id the review already has is refused. Returns the new runs' ids,
 * row-major.
 */
export function addQuestions(
  parts: ReviewParts,
  jobId: string,
  questions: readonly ReviewQuestion[],
  options: ReviewAddOptions,
): string[] {
  const { store } = parts;
  return extend(parts, jobId, options, () => {
    const existing = store.reviews.questions(jobId).map((q) => q.id);
    checkDistinct([...existing, ...questions.map((q) => q.id)], 'question');
    store.reviews.addQuestions(jobId, questions);
    const documents = store.reviews.documents(jobId).map((d) => reviewDocument(store, d.id));
    return crossCells(documents, questions);
  });
}

/**
 * Reads cells of review `jobId` again: a new queued run per cell (a cell, a row or a column),
 * with another backend or settings when given, else each cell's own. The old run stays in the
 * cell's history; a cell still waiting (queued) has its old run cancelled. A cell being read
 * (running or paused) is refused: cancel it first. Returns the new runs' ids, row-major.
 */
export function rerunCells(
  parts: ReviewParts,
  jobId: string,
  selection: CellSelection,
  options: ReviewRerunOptions,
): string[] {
  const { store } = parts;
  return writeTransaction(store.db, () => {
    const { job, runSettings } = reviewOf(store, jobId);
    const current = new Map(
      store.reviews.cells(jobId).map((c) => [`${c.documentId}\n${c.questionId}`, c]),
    );
    const documents = store.reviews.documents(jobId);
    const questions = store.reviews.questions(jobId);
    const pairs = selectedCells(selection, documents, questions);
    const byQuestion = new Map(questions.map((q) => [q.id, q]));
    const now = parts.now();
    const ids: string[] = [];
    for (const pair of pairs) {
      const question = byQuestion.get(pair.questionId);
      if (!question || !documents.some((d) => d.id === pair.documentId)) {
        throw new CoreError('NotFound', 'That cell is not in this review.', {
          detail: `document ${pair.documentId}, question ${pair.questionId}`,
        });
      }
      const run = current.get(`${pair.documentId}\n${pair.questionId}`);
      const old = run === undefined ? undefined : store.runs.get(run.runId);
      if (old?.status === 'running' || old?.status === 'paused') {
        throw new CoreError('BadUsage', `The cell “${question.text}” is being read.`, {
          hint: 'Cancel its run first, then read it again.',
        });
      }
      if (old?.status === 'queued') {
        store.runs.setStatus(old.id, 'cancelled', { finishedAt: now, error: null });
      }
      const profile =
        options.profile ??
        (old?.profileId !== undefined ? store.settings.profile(old.profileId) : undefined);
      if (!profile) {
        throw new CoreError('BadUsage', 'Choose the backend to read the cells again with.', {
          hint: 'The backend these cells were read with is not kept in the library.',
        });
      }
      // A cell whose run was deleted is read with the review's settings.
      const settings = options.settings ?? old?.settings ?? runSettings;
      const cell: CellToEnter = { document: reviewDocument(store, pair.documentId), question };
      ids.push(...enterCells(parts, jobId, [cell], { ...options, profile, settings }));
    }
    if (ids.length > 0) reopen(store, jobId, job.state, now);
    return ids;
  })();
}

/** The cells a selection names, row-major. */
function selectedCells(
  selection: CellSelection,
  documents: readonly { id: string }[],
  questions: readonly { id: string }[],
): { documentId: string; questionId: string }[] {
  if ('cells' in selection) return [...selection.cells];
  if ('documentId' in selection)
    return questions.map((q) => ({ documentId: selection.documentId, questionId: q.id }));
  return documents.map((d) => ({ documentId: d.id, questionId: selection.questionId }));
}

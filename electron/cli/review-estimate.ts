// The plan `memagent review` prints before it reads, and `--dry-run` prints alone: the app's New
// review estimate (core use-cases/review-estimate.ts: every cell's run estimate, added up, with
// the time range at the backend's concurrency) of the cells this command would read, in words
// or as JSON.
import type { ReviewQuestion } from '../../shared/review.ts';
import type { ReviewEstimate } from '../../shared/review-setup.ts';
import type { RunSettings } from '../../shared/model.ts';
import { plural } from '../../shared/plural.ts';
import { estimateCostText } from '../../shared/estimate-cost.ts';
import { estimateTimeText } from '../../shared/estimate-time.ts';
import type { DocumentTexts } from '../core/caches/document-texts.ts';
import { createPromptFrames } from '../core/caches/prompt-frames.ts';
import type { StoredProfile } from '../core/store/columns.ts';
import type { Store } from '../core/store/store.ts';
import { estimateReview } from '../core/use-cases/review-estimate.ts';
import type { CliRunParts } from './cli-run-parts.ts';

/** What this command would read: the review it continues (if any) and the estimate of its cells. */
export interface ReviewPlan {
  /** The stored review the same command continues; null: a new one. */
  review: string | null;
  /** Cells not answered yet: every cell of a new review. */
  cellsToRead: number;
  /** The figures of those cells; documents, questions and cells are the whole review's. */
  estimate: ReviewEstimate;
}

export interface PlanInput {
  store: Store;
  parts: CliRunParts;
  texts: Pick<DocumentTexts, 'load'>;
  documentIds: readonly string[];
  questions: readonly ReviewQuestion[];
  settings: RunSettings;
  profile: StoredProfile;
  concurrency: number;
  /** The review found by its key, and its cells still to read ("documentId\0questionId"). */
  found?: { review: string; toRead: ReadonlySet<string> };
  /** --dry-run: the server is sent nothing (no model list either). */
  offline: boolean;
  signal: AbortSignal;
}

/** The key of a cell in `PlanInput.found.toRead`. */
export const cellKey = (documentId: string, questionId: string) => `${documentId}\0${questionId}`;

/** Estimates the cells the command would read, with the app's estimate and the CLI's parts. */
export async function planReview(input: PlanInput): Promise<ReviewPlan> {
  const { parts, found } = input;
  const estimate = await estimateReview(
    {
      store: input.store,
      secrets: parts.secrets,
      texts: input.texts,
      // The chunking goes to the command's chunk plans: the review's runs find it made.
      frames: createPromptFrames(parts.plans, input.signal),
      pool: parts.tokenizers,
      clients: parts.clients,
      signal: input.signal,
    },
    {
      documentIds: input.documentIds,
      questions: input.questions,
      settings: input.settings,
      profile: input.profile,
      ...(input.offline ? { offline: true } : {}),
      ...(found ? { toRead: (d: string, q: string) => found.toRead.has(cellKey(d, q)) } : {}),
    },
    () => input.concurrency,
  );
  return {
    review: found?.review ?? null,
    cellsToRead: found ? found.toRead.size : estimate.cells,
    estimate,
  };
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The plan in words, one fact a line: "review: 3 documents × 3 questions = 9 cells; 9 to read",
 * then the chunk reads, the token bounds, the cost and the time.
 */
export function planText(plan: ReviewPlan): string {
  const e = plan.estimate;
  const size = `${plural(e.documents, 'document')} × ${plural(e.questions, 'question')} = ${plural(e.cells, 'cell')}`;
  if (plan.cellsToRead === 0) return `review: ${size}; every cell is answered already`;
  const left =
    plan.cellsToRead === e.cells
      ? `${count(plan.cellsToRead)} to read`
      : `${count(plan.cellsToRead)} left to read (${count(e.cells - plan.cellsToRead)} answered before)`;
  const quote =
    e.quoteCheckRequests > 0
      ? `, and up to ${plural(e.quoteCheckRequests, 'quote-check request')}`
      : '';
  return [
    `review: ${size}; ${left}`,
    `  reads: ${plural(e.chunkReads, 'chunk')} and ${plural(plan.cellsToRead, 'answer')}${quote}`,
    `  prompt tokens: at most ${count(e.promptTokens)}; completion tokens: at most ${count(e.maxCompletionTokens)}`,
    `  cost: ${estimateCostText(e, 'cli')}`,
    `  time: ${estimateTimeText(e.seconds, e.device, e.concurrency)}`,
  ].join('\n');
}

/** The `--dry-run --json` form: what scripts may rely on. */
export function planJson(plan: ReviewPlan): object {
  return { review: plan.review, cellsToRead: plan.cellsToRead, ...plan.estimate };
}

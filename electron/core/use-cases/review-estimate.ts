// What a whole review will take before it starts: every cell is a run of one question over one
// whole document, so its figures are the per-run estimate (agent/estimate.ts) of each document's
// chunking (counted once, from the chunk-plan cache runs share) with each question's part
// (counted once), added up. Nothing here calls the model.
import type { RunSettings } from '../../../shared/model.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';
import type { ReviewEstimate } from '../../../shared/review-setup.ts';
import type { Range } from '../../../shared/run-estimate.ts';
import type { PromptFrame } from '../caches/prompt-frames.ts';
import { estimateCost } from '../llm/cost.ts';
import type { StoredProfile } from '../store/columns.ts';
import { composeProblem } from '../../../shared/checklist-problem.ts';
import { reviewDocument } from './review-runs.ts';
import {
  documentFrame,
  estimateBackend,
  estimateCell,
  questionParts,
  type EstimateBackendOptions,
  type EstimateParts,
} from './estimate-parts.ts';

export interface ReviewEstimateInput extends EstimateBackendOptions {
  documentIds: readonly string[];
  questions: readonly ReviewQuestion[];
  settings: RunSettings;
  /** A library profile's id (else the active one), or the command line's in-memory profile. */
  profileId?: string;
  profile?: StoredProfile;
  /**
   * The cells still to read, when the review exists already (the command line continuing it):
   * only they count in the chunk reads, tokens, cost and time. Default: every cell.
   */
  toRead?: (documentId: string, questionId: string) => boolean;
}

/**
 * Estimates review `input` on its backend: documents, questions, cells, chunk reads, prompt and
 * completion token bounds, the cost range (priced backends) and a time range at the backend's
 * `concurrencyOf(profile)` runs at once, once a run on it measured its speed.
 */
export async function estimateReview(
  parts: EstimateParts,
  input: ReviewEstimateInput,
  concurrencyOf: (profileId: string) => number,
): Promise<ReviewEstimate> {
  const documents = input.documentIds.map((id) => reviewDocument(parts.store, id));
  const backend = await estimateBackend(
    parts,
    input.profile ?? input.profileId,
    input.settings,
    input.offline ? { offline: true } : {},
  );
  const questions = [];
  // The text a cell's run asks (review-runs.ts): the question, its guidance, its answer form.
  for (const q of input.questions)
    questions.push(await questionParts(parts, backend, composeProblem(q), input.settings));
  // One document at a time: each is read and chunked once, and kept in the shared caches.
  const frames: PromptFrame[] = [];
  for (const info of documents)
    frames.push(await documentFrame(parts, backend, info, input.settings));

  const concurrency = Math.max(1, concurrencyOf(backend.profile.id));
  const total = {
    promptTokens: 0,
    minPromptTokens: 0,
    maxCompletionTokens: 0,
    minCompletionTokens: 0,
    quoteCheckRequests: 0,
  };
  // Priced or not by the profile, so a review with nothing left to read says so too.
  const priced =
    estimateCost({ promptTokens: 0, completionTokens: 0 }, backend.profile) !== undefined;
  let cost: Range | null = priced ? { min: 0, max: 0 } : null;
  let seconds: Range | null = { min: 0, max: 0 };
  let longest: Range = { min: 0, max: 0 };
  // The built-in model is free whether or not a cell is left to read.
  const onThisComputer = backend.profile.kind === 'builtin';
  let chunkReads = 0;
  for (const [d, frame] of frames.entries()) {
    for (const [q, question] of questions.entries()) {
      const documentId = documents[d]?.id ?? '';
      const questionId = input.questions[q]?.id ?? '';
      if (input.toRead !== undefined && !input.toRead(documentId, questionId)) continue;
      chunkReads += frame.chunks.length;
      const run = estimateCell(backend, frame, question, input.settings);
      total.promptTokens += run.promptTokens;
      total.minPromptTokens += run.minPromptTokens;
      total.maxCompletionTokens += run.maxCompletionTokens;
      total.minCompletionTokens += run.minCompletionTokens;
      total.quoteCheckRequests += run.quoteCheck?.requests ?? 0;
      cost = run.cost === null || cost === null ? null : add(cost, run.cost);
      if (run.seconds === null || seconds === null) seconds = null;
      else {
        seconds = add(seconds, run.seconds);
        longest = {
          min: Math.max(longest.min, run.seconds.min),
          max: Math.max(longest.max, run.seconds.max),
        };
      }
    }
  }
  const perDocument = frames.map((frame, i) => ({
    documentId: documents[i]?.id ?? '',
    chunks: frame.chunks.length,
  }));
  return {
    documents: documents.length,
    questions: questions.length,
    cells: documents.length * questions.length,
    perDocument,
    chunkReads,
    ...total,
    cost,
    // Runs share the backend `concurrency` at a time; the review takes at least its longest run.
    seconds:
      seconds === null
        ? null
        : {
            min: Math.max(seconds.min / concurrency, longest.min),
            max: Math.max(seconds.max / concurrency, longest.max),
          },
    concurrency,
    ...(onThisComputer ? { onThisComputer: true } : {}),
    ...(backend.device === undefined ? {} : { device: backend.device }),
  };
}

const add = (a: Range, b: Range): Range => ({ min: a.min + b.min, max: a.max + b.max });

// A review's estimate in words, for the New review form and its cost confirmation.
import { plural } from '../../../shared/plural.ts';
import type { ReviewEstimate } from '../../../shared/review-setup.ts';
import { estimateTimeText } from '../../../shared/estimate-time.ts';
import { estimateCostText } from '../../../shared/estimate-cost.ts';
import { formatTokens } from './format.ts';

/** "3 documents × 8 questions = 24 cells". */
export function cellsLine(e: ReviewEstimate): string {
  return `${plural(e.documents, 'document')} × ${plural(e.questions, 'question')} = ${plural(e.cells, 'cell')}`;
}

/** "312 chunk reads · up to 1.9M prompt and 320K completion tokens". */
export function reviewTokensLine(e: ReviewEstimate): string {
  const quote =
    e.quoteCheckRequests > 0
      ? ` · includes up to ${plural(e.quoteCheckRequests, 'quote-check request')}`
      : '';
  return `${plural(e.chunkReads, 'chunk read')} · up to ${formatTokens(e.promptTokens)} prompt and ${formatTokens(e.maxCompletionTokens)} completion tokens${quote}`;
}

/** The cost in the Ask form's words (estimate-cost.ts). */
export function reviewCostLine(e: ReviewEstimate): string {
  return `Cost: ${estimateCostText(e, 'app')}`;
}

/**
 * "Time: 4 min 10 s to 9 min 30 s with 4 cells at once" (the built-in model's device after it),
 * in the command line's words, or why it is not known yet.
 */
export function reviewTimeLine(e: ReviewEstimate): string {
  return `Time: ${estimateTimeText(e.seconds, e.device, e.concurrency)}`;
}

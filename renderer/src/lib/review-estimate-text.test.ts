import { describe, expect, it } from 'vitest';
import type { ReviewEstimate } from '../../../shared/review-setup.ts';
import { cellsLine, reviewCostLine, reviewTimeLine } from './review-estimate-text.ts';

const e: ReviewEstimate = {
  documents: 3,
  questions: 8,
  cells: 24,
  perDocument: [],
  chunkReads: 312,
  promptTokens: 1_900_000,
  minPromptTokens: 1_500_000,
  maxCompletionTokens: 320_000,
  minCompletionTokens: 300,
  quoteCheckRequests: 0,
  cost: null,
  seconds: { min: 250, max: 570 },
  concurrency: 4,
};

describe('review estimate text', () => {
  it('says the cells of the review', () => {
    expect(cellsLine(e)).toBe('3 documents × 8 questions = 24 cells');
  });

  it('says the time with the cells read at once, in the command line’s words', () => {
    expect(reviewTimeLine(e)).toBe('Time: 4 min 10 s to 9 min 30 s with 4 cells at once');
    expect(reviewTimeLine({ ...e, concurrency: 1, seconds: { min: 60, max: 60 } })).toBe(
      'Time: about 1 min 00 s with 1 cell at once',
    );
    expect(reviewTimeLine({ ...e, seconds: null })).toBe(
      'Time: unknown until the backend has answered once',
    );
  });

  it('says where the built-in model computes', () => {
    const builtin = { ...e, onThisComputer: true, concurrency: 1 };
    expect(reviewTimeLine({ ...builtin, device: 'cpu' })).toBe(
      'Time: 4 min 10 s to 9 min 30 s with 1 cell at once on this computer, CPU only',
    );
    expect(reviewTimeLine({ ...builtin, device: 'gpu' })).toBe(
      'Time: 4 min 10 s to 9 min 30 s with 1 cell at once on this computer, on its GPU',
    );
    expect(reviewCostLine(builtin)).toBe('Cost: free (the model runs on this computer)');
  });
});

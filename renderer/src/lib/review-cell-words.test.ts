// What copying a review cell gives: the answer as the table shows it and the page it rests on.
import { describe, expect, test } from 'vitest';
import type { ReviewCell } from '../../../shared/review.ts';
import { cellCopyText } from './review-cell-words.ts';

const cell = (more: Partial<ReviewCell>): ReviewCell => ({
  documentId: 'd',
  questionId: 'q',
  status: 'answered',
  coverage: { chunksRead: 3, chunks: 3, complete: true },
  evidence: [],
  history: [],
  ...more,
});

describe('cellCopyText', () => {
  test('the normalised answer and the first paged passage, the printed page first', () => {
    const fee = cell({
      answer: 'twelve thousand euros',
      display: 'EUR 12,000',
      evidence: [
        { section: 'Fees', quote: 'The annual fee is 12,000 euros.' },
        { page: 177, pageLabel: '149', quote: 'The annual fee is 12,000 euros.' },
      ],
    });
    expect(cellCopyText(fee)).toBe('EUR 12,000 — p. 149 (PDF page 177)');
    expect(cellCopyText(cell({ display: 'Yes', evidence: [{ page: 7, quote: 'q' }] }))).toBe(
      'Yes — p. 7',
    );
  });

  test('the answer alone without a page; nothing for a cell with no answer', () => {
    expect(cellCopyText(cell({ answer: 'Three years' }))).toBe('Three years');
    expect(cellCopyText(cell({ status: 'not_stated', display: 'Not stated' }))).toBe('Not stated');
    expect(cellCopyText(cell({ status: 'no_answer', answer: 'garbled' }))).toBe('');
    expect(cellCopyText(cell({ status: 'queued' }))).toBe('');
    expect(cellCopyText(undefined)).toBe('');
  });
});

// The open review while its cells stream in: each push shows in its cells at once, and the views
// of the whole table (column summaries, filters and sort by answer: `pacedCells`) follow a burst
// of pushes a few times, not once per push, and end on the last push.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewCell, ReviewSummary } from '../../../shared/review.ts';
import { cellAt, keyCells } from '../../../shared/review-cells.ts';
import { onReviewCells, useReviewStore } from './review-store.ts';

const review: ReviewSummary = {
  id: 'r1',
  title: 'Leases',
  checklistName: 'Lease checklist',
  state: 'running',
  createdAt: 0,
  updatedAt: 0,
  counts: { cells: 2, done: 0, reading: 2, queued: 0, failed: 0 },
};

function cell(documentId: string, chunksRead: number): ReviewCell {
  return {
    documentId,
    questionId: 'term',
    status: 'reading',
    coverage: { chunksRead, chunks: 40, complete: false },
    evidence: [],
    history: [],
  };
}

beforeEach(() => {
  const cells = keyCells([cell('d0', 0), cell('d1', 0)]);
  useReviewStore.setState({ openId: 'r1', review, cells, pacedCells: cells, list: [] });
});

describe('the open review while cells stream in', () => {
  it('shows every push in its cell at once and catches the whole-table views up a few times', async () => {
    const store = useReviewStore;
    let pacedChanges = 0;
    const stop = store.subscribe((s, before) => {
      if (s.pacedCells !== before.pacedCells) pacedChanges += 1;
    });
    const pushes = 40;
    for (let n = 1; n <= pushes; n += 1) {
      onReviewCells({ review, cells: [cell(`d${n % 2}`, n)] });
      expect(cellAt(store.getState().cells, `d${n % 2}`, 'term')?.coverage.chunksRead).toBe(n);
      // The first push of a quiet table reaches the summaries at once.
      if (n === 1) expect(store.getState().pacedCells).toBe(store.getState().cells);
    }
    expect(pacedChanges).toBeLessThan(pushes / 4);
    // Then they catch up with the last push, with nothing more pushed.
    await vi.waitFor(() => expect(store.getState().pacedCells).toBe(store.getState().cells), {
      timeout: 10_000,
    });
    const paced = store.getState().pacedCells;
    expect(cellAt(paced, 'd0', 'term')?.coverage.chunksRead).toBe(pushes);
    expect(cellAt(paced, 'd1', 'term')?.coverage.chunksRead).toBe(pushes - 1);
    stop();
  });

  it('drops a removed document from the cells and, with nothing else pushed, from the summaries too', async () => {
    const store = useReviewStore;
    onReviewCells({ review, cells: [], documents: [{ id: 'd1', title: 'Lease B' }] });
    expect(cellAt(store.getState().cells, 'd0', 'term')).toBeUndefined();
    await vi.waitFor(() => expect(store.getState().pacedCells).toBe(store.getState().cells), {
      timeout: 10_000,
    });
    expect(cellAt(store.getState().pacedCells, 'd0', 'term')).toBeUndefined();
    expect(cellAt(store.getState().pacedCells, 'd1', 'term')).toBeDefined();
  });

  it('leaves the table alone when the push is for another review', () => {
    const before = useReviewStore.getState();
    onReviewCells({ review: { ...review, id: 'r2' }, cells: [cell('d0', 9)] });
    expect(useReviewStore.getState().cells).toBe(before.cells);
    expect(useReviewStore.getState().pacedCells).toBe(before.pacedCells);
  });
});

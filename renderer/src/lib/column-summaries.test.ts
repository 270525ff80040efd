// The counts under each question while cells stream in: after every push they are those of the
// table as it stands (a fresh count), and a column no push touched keeps its summary, so its
// header is not drawn again.
import { describe, expect, it } from 'vitest';
import type {
  CellStatus,
  ReviewCell,
  ReviewDocument,
  ReviewQuestion,
} from '../../../shared/review.ts';
import { cellAt, cellList, keyCells, mergeCells } from '../../../shared/review-cells.ts';
import { summarizeColumns } from '../../../shared/review-summary.ts';
import { columnSummaries } from './column-summaries.ts';

const documents: ReviewDocument[] = ['Alpha lease', 'Beta lease', 'Gamma deed'].map((title, i) => ({
  id: `d${i}`,
  title,
}));
const questions: ReviewQuestion[] = [
  { id: 'cap', text: 'Is liability capped?', kind: 'yes_no' },
  { id: 'fee', text: 'What is the fee?', kind: 'number', expected: '100' },
];

function cell(d: number, q: string, status: CellStatus, value?: string): ReviewCell {
  return {
    documentId: `d${d}`,
    questionId: q,
    status,
    ...(value !== undefined ? { value, display: value } : {}),
    ...(q === 'fee' && value !== undefined ? { disagrees: value !== '100' } : {}),
    coverage: { chunksRead: status === 'answered' ? 3 : 1, chunks: 3, complete: true },
    evidence: [],
    history: [],
  };
}

const start = keyCells([
  cell(0, 'cap', 'answered', 'yes'),
  cell(1, 'cap', 'reading'),
  cell(2, 'cap', 'queued'),
  cell(0, 'fee', 'answered', '100'),
  cell(1, 'fee', 'queued'),
  cell(2, 'fee', 'queued'),
]);

/** What a fresh count of the whole table says. */
const fresh = (cells: typeof start) =>
  new Map(
    summarizeColumns({ documents, questions, cells: [] }, (d, q) => cellAt(cells, d, q)).map(
      (s) => [s.question.id, s],
    ),
  );

describe('the column summaries while cells stream in', () => {
  it('count the table as it stands after each push, and keep the columns no push touched', () => {
    const summarize = columnSummaries();
    const first = summarize(documents, questions, start);
    expect(first).toEqual(fresh(start));

    // "Beta lease" is answered "no" on the first question: its count appears, the fee's
    // column is the one it was.
    const second = mergeCells(start, [cell(1, 'cap', 'answered', 'no')]);
    const after = summarize(documents, questions, second);
    expect(after).toEqual(fresh(second));
    expect(after.get('cap')?.counts.map((c) => [c.label, c.count])).toEqual([
      ['yes', 1],
      ['no', 1],
      ['Queued', 1],
    ]);
    expect(after.get('fee')).toBe(first.get('fee'));

    // A fee that differs from the expected 100 makes an outlier; the first column stays.
    const third = mergeCells(second, [cell(2, 'fee', 'answered', '90')]);
    const last = summarize(documents, questions, third);
    expect(last).toEqual(fresh(third));
    expect(last.get('fee')?.outliers.map((o) => [o.document.title, o.label])).toEqual([
      ['Gamma deed', '90'],
    ]);
    expect(last.get('cap')).toBe(after.get('cap'));

    // Nothing changed: the same summaries, so nothing downstream draws again.
    expect(summarize(documents, questions, third)).toBe(last);
  });

  it('keep every summary when the table is read again with the same cells', () => {
    const summarize = columnSummaries();
    const first = summarize(documents, questions, start);
    // A fresh copy (new rows) holding the very cells it held: no column changed.
    expect(summarize(documents, questions, keyCells(cellList(start)))).toBe(first);
    // A push into a row touches that cell's column only, though the whole row is a new map.
    const pushed = mergeCells(start, [cell(2, 'fee', 'reading')]);
    const after = summarize(documents, questions, pushed);
    expect(after).toEqual(fresh(pushed));
    expect(after.get('cap')).toBe(first.get('cap'));
    expect(after.get('fee')).not.toBe(first.get('fee'));
  });

  it('count every column again when the documents change (a document added)', () => {
    const summarize = columnSummaries();
    const first = summarize(documents, questions, start);
    const more = [...documents, { id: 'd3', title: 'Delta deed' }];
    const cells = mergeCells(start, [cell(3, 'cap', 'answered', 'yes'), cell(3, 'fee', 'queued')]);
    const after = summarize(more, questions, cells);
    expect(after.get('cap')?.counts[0]).toMatchObject({ label: 'yes', count: 2 });
    expect(after.get('fee')).not.toBe(first.get('fee'));
    expect(after.get('fee')?.counts.find((c) => c.label === 'Queued')?.count).toBe(3);
  });
});

describe('a push laid over the window’s cells', () => {
  it('replaces the cells pushed and keeps every other cell and untouched row as they were', () => {
    const pushed = cell(1, 'cap', 'answered', 'no');
    const next = mergeCells(start, [pushed]);
    expect(cellAt(next, 'd1', 'cap')).toBe(pushed);
    expect(cellAt(start, 'd1', 'cap')?.status).toBe('reading');
    expect(cellAt(next, 'd1', 'fee')).toBe(cellAt(start, 'd1', 'fee'));
    expect(next.get('d0')).toBe(start.get('d0'));
    expect(next.get('d2')).toBe(start.get('d2'));
  });
});

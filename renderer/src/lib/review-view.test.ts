// The table's rows from the user's filters and sort: what a person sees after choosing "No" in
// a column, "Not stated", "differs from expected", a title, or sorting by a column's answers.
import { describe, expect, it } from 'vitest';
import type {
  CellStatus,
  ReviewCell,
  ReviewDocument,
  ReviewQuestion,
} from '../../../shared/review.ts';
import { cellAt, keyCells } from '../../../shared/review-cells.ts';
import { NO_FILTER, shownDocuments, type ReviewFilter } from './review-view.ts';

const documents: ReviewDocument[] = ['Alpha lease', 'Beta lease', 'Gamma deed', 'Delta deed'].map(
  (title, i) => ({ id: `d${i}`, title }),
);
const questions: ReviewQuestion[] = [
  { id: 'cap', text: 'Is liability capped?', kind: 'yes_no' },
  { id: 'fee', text: 'What is the fee?', kind: 'number', expected: '100' },
];

function cell(
  d: number,
  q: string,
  status: CellStatus,
  value?: string,
  disagrees?: boolean,
): ReviewCell {
  return {
    documentId: `d${d}`,
    questionId: q,
    status,
    ...(value !== undefined ? { value, display: value } : {}),
    ...(disagrees !== undefined ? { disagrees } : {}),
    coverage: { chunksRead: 3, chunks: 3, complete: true },
    evidence: [],
    history: [],
  };
}

const cells = keyCells([
  cell(0, 'cap', 'answered', 'yes'),
  cell(1, 'cap', 'answered', 'no'),
  cell(2, 'cap', 'not_stated'),
  cell(3, 'cap', 'answered', 'no'),
  cell(0, 'fee', 'answered', '100', false),
  cell(1, 'fee', 'answered', '90', true),
  cell(2, 'fee', 'answered', '1000', true),
  cell(3, 'fee', 'reading'),
]);
const cellOf = (d: string, q: string) => cellAt(cells, d, q);
const titles = (filter: Partial<ReviewFilter>, sort: Parameters<typeof shownDocuments>[4] = null) =>
  shownDocuments(documents, questions, cellOf, { ...NO_FILTER, ...filter }, sort).map(
    (d) => d.title,
  );

describe('the review table’s rows', () => {
  it('keeps the review’s order without filters', () => {
    expect(titles({})).toEqual(['Alpha lease', 'Beta lease', 'Gamma deed', 'Delta deed']);
  });

  it('shows all "No" of a column, and every "Not stated"', () => {
    expect(titles({ questionId: 'cap', answer: '=no' })).toEqual(['Beta lease', 'Delta deed']);
    expect(titles({ status: 'not_stated' })).toEqual(['Gamma deed']);
    // A state filter on another column finds nothing there.
    expect(titles({ questionId: 'fee', status: 'not_stated' })).toEqual([]);
  });

  it('shows the documents that differ from an expected value, and by title', () => {
    expect(titles({ disagrees: true })).toEqual(['Beta lease', 'Gamma deed']);
    expect(titles({ text: 'DEED' })).toEqual(['Gamma deed', 'Delta deed']);
    expect(titles({ text: 'deed', disagrees: true })).toEqual(['Gamma deed']);
  });

  it('sorts numbers as numbers, states after answers, equal answers in the review’s order', () => {
    expect(titles({}, { questionId: 'fee', direction: 'asc' })).toEqual([
      'Beta lease',
      'Alpha lease',
      'Gamma deed',
      'Delta deed',
    ]);
    expect(titles({}, { questionId: 'cap', direction: 'asc' })).toEqual([
      'Beta lease',
      'Delta deed',
      'Alpha lease',
      'Gamma deed',
    ]);
    // Z to A reverses the answers; the cells still being read stay last.
    expect(titles({}, { questionId: 'fee', direction: 'desc' })).toEqual([
      'Gamma deed',
      'Alpha lease',
      'Beta lease',
      'Delta deed',
    ]);
  });
});

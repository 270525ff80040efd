import { describe, expect, it } from 'vitest';
import { emptyRunView, type RunView } from '../../../shared/run-view.ts';
import { groupByQuestion } from './question-groups.ts';

const run = (id: string, question: string, createdAt: number): RunView => ({
  ...emptyRunView(id, createdAt),
  documentId: 'd',
  question,
});

describe('question groups', () => {
  it('puts runs of the same question in one entry, newest run first, entries by their newest run', () => {
    const groups = groupByQuestion([
      run('a', 'Who may terminate?', 1),
      run('b', 'What is a covered work?', 2),
      run('c', 'Who may terminate?', 3),
      run('d', 'Who may terminate? ', 4),
    ]);
    expect(groups.map((g) => [g.question, g.runs.map((r) => r.id)])).toEqual([
      ['Who may terminate? ', ['d']],
      ['Who may terminate?', ['c', 'a']],
      ['What is a covered work?', ['b']],
    ]);
  });
});

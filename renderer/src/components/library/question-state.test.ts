import { describe, expect, it } from 'vitest';
import type { DocumentRunCounts } from '../../../../shared/model.ts';
import { questionStateText } from './question-state.tsx';

const counts = (c: Partial<DocumentRunCounts>): DocumentRunCounts => ({
  documentId: 'd',
  questions: 2,
  runs: 2,
  reading: 0,
  paused: 0,
  failed: 0,
  done: 0,
  noAnswer: 0,
  lastAskedAt: 1,
  ...c,
});

describe('a library row’s question state', () => {
  it('says a paused question is paused, not reading', () => {
    expect(questionStateText(counts({ reading: 1, paused: 1, done: 1 }))).toBe(
      '2 questions · 1 paused',
    );
    expect(questionStateText(counts({ runs: 3, reading: 2, paused: 1 }))).toBe(
      '2 questions · 1 reading · 1 paused',
    );
    expect(questionStateText(counts({ reading: 1, done: 1 }))).toBe('2 questions · 1 reading');
  });

  it('names the answered ones once nothing is reading or failed', () => {
    expect(questionStateText(counts({ done: 2 }))).toBe('2 questions · 2 answered');
    expect(questionStateText(undefined)).toBe('No questions');
  });

  it('names runs that ended without an answer apart from the answered ones', () => {
    expect(questionStateText(counts({ questions: 4, runs: 4, done: 3, noAnswer: 1 }))).toBe(
      '4 questions · 3 answered · 1 no answer',
    );
    expect(questionStateText(counts({ runs: 2, noAnswer: 2 }))).toBe('2 questions · 2 no answer');
  });
});

import { describe, expect, it } from 'vitest';
import { runOutcome } from './run-outcome.ts';

describe('a run’s outcome', () => {
  it('tells a finished run with no answer, and a cut one, apart from an answered one', () => {
    expect(runOutcome({ status: 'done', answer: 'Ahab' })).toBe('done');
    expect(runOutcome({ status: 'done', answer: null })).toBe('no-answer');
    expect(runOutcome({ status: 'done', answer: null, answerCut: true })).toBe('no-answer');
    expect(runOutcome({ status: 'done', answer: 'Each', answerCut: true })).toBe('cut');
    // Not stored yet (a view that has not read the answer): not claimed to be missing.
    expect(runOutcome({ status: 'done' })).toBe('done');
    expect(runOutcome({ status: 'error', answer: null })).toBe('error');
  });
});

import { describe, expect, it } from 'vitest';
import { runState } from './run-state.ts';

describe('a run’s outcome', () => {
  it('tells a finished run with no answer, and a cut one, apart from an answered one', () => {
    expect(runState({ status: 'done', answer: 'Ahab' })).toBe('done');
    expect(runState({ status: 'done', answer: null })).toBe('no-answer');
    expect(runState({ status: 'done', answer: null, answerCut: true })).toBe('no-answer');
    expect(runState({ status: 'done', answer: 'Each', answerCut: true })).toBe('cut');
    // Not stored yet (a view that has not read the answer): not claimed to be missing.
    expect(runState({ status: 'done' })).toBe('done');
    expect(runState({ status: 'error', answer: null })).toBe('error');
  });
});

import { describe, expect, it } from 'vitest';
import { exactMatch, f1Score, normalizeAnswer, scoreRow, subExactMatch } from './score.ts';
import { tally } from './summary.ts';

describe('normalizeAnswer', () => {
  it('lowercases, drops punctuation and articles, collapses whitespace', () => {
    expect(normalizeAnswer('  The Eiffel   Tower, Paris! ')).toBe('eiffel tower paris');
    expect(normalizeAnswer('An apple a day')).toBe('apple day');
  });
  it('drops articles only as whole words', () => {
    expect(normalizeAnswer('Theatre and Anatomy')).toBe('theatre and anatomy');
    expect(normalizeAnswer('déa the idéa')).toBe('déa idéa');
  });
  it('removes ASCII punctuation only, keeping other letters', () => {
    expect(normalizeAnswer("O'Neil-Smith (café)")).toBe('oneilsmith café');
    expect(normalizeAnswer('«Köln»')).toBe('«köln»');
  });
});

describe('EM and sub-EM', () => {
  it('EM compares normalized strings', () => {
    expect(exactMatch('the Beatles.', 'Beatles')).toBe(true);
    expect(exactMatch('The Beatles band', 'Beatles')).toBe(false);
  });
  it('sub-EM accepts containment either way', () => {
    expect(subExactMatch('The Beatles band', 'Beatles')).toBe(true);
    expect(subExactMatch('Beatles', 'the Beatles band')).toBe(true);
    expect(subExactMatch('Rolling Stones', 'Beatles')).toBe(false);
  });
});

describe('F1', () => {
  it('uses multiset token overlap', () => {
    // pred: new york new; gold: new york → same = 2, P = 2/3, R = 1
    expect(f1Score('New York New', 'New York')).toBeCloseTo(0.8, 10);
    expect(f1Score('Paris', 'Paris')).toBe(1);
    expect(f1Score('Rome', 'Paris')).toBe(0);
  });
  it('is 0 when yes/no/noanswer differ', () => {
    expect(f1Score('yes', 'no')).toBe(0);
    expect(f1Score('yes it is', 'yes')).toBe(0);
    expect(f1Score('yes', 'yes')).toBe(1);
  });
  it('is 0 for an empty prediction', () => {
    expect(f1Score('', 'Paris')).toBe(0);
  });
});

describe('rows', () => {
  it('scores answers[0] and gives 0 without a prediction', () => {
    expect(scoreRow('the Beatles', ['Beatles', 'The Fab Four'])).toEqual({
      em: 1,
      subEm: 1,
      f1: 1,
    });
    expect(scoreRow('The Fab Four', ['Beatles', 'The Fab Four'])).toEqual({
      em: 0,
      subEm: 0,
      f1: 0,
    });
    expect(scoreRow(null, ['Beatles'])).toEqual({ em: 0, subEm: 0, f1: 0 });
  });
  it('gives 0 to a prediction that normalizes to nothing', () => {
    expect(scoreRow('', ['Beatles'])).toEqual({ em: 0, subEm: 0, f1: 0 });
    expect(scoreRow(' The. ', ['Beatles'])).toEqual({ em: 0, subEm: 0, f1: 0 });
  });
  it('averages as percentages (summary.ts tallies rows)', () => {
    const rows = [
      scoreRow('Paris', ['Paris']),
      scoreRow('Paris France', ['Paris']),
      scoreRow(null, ['x']),
    ].map((s) => ({ ...s, failed: false }));
    const total = tally(rows);
    expect(total.em).toBeCloseTo(100 / 3, 10);
    expect(total.subEm).toBeCloseTo(200 / 3, 10);
    expect(total.f1).toBeCloseTo((100 * (1 + 2 / 3)) / 3, 10);
    expect(tally([])).toMatchObject({ n: 0, em: null, subEm: 0, f1: null });
  });
});

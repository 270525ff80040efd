// Which evidence a chunk marker cites, and how it names its place.
import { describe, expect, test } from 'vitest';
import type { Evidence } from '../../../shared/model.ts';
import { evidenceByChunk, evidenceWhere, passageName } from './chunk-evidence.ts';

const evidence = (chunk: number, start: number, more: Partial<Evidence> = {}): Evidence => ({
  chunk,
  start,
  end: start + 10,
  page: null,
  pageLabel: null,
  section: null,
  by: 'alignment',
  quote: `quote at ${start}`,
  score: 0.5,
  ...more,
});

describe('chunk evidence', () => {
  test('each chunk gets its own passages, best first as found', () => {
    const best = evidence(6, 900);
    const second = evidence(2, 100);
    const third = evidence(6, 400);
    const byChunk = evidenceByChunk([best, second, third]);
    expect(byChunk.get(6)).toEqual([best, third]);
    expect(byChunk.get(2)).toEqual([second]);
    expect(byChunk.has(0)).toBe(false);
    expect(evidenceByChunk([]).size).toBe(0);
  });

  test('is named by page (the PDF page when the printed label differs), section and chunk', () => {
    const e = evidence(6, 0, { page: 7, pageLabel: '5', section: '§8 Termination' });
    expect(evidenceWhere(e)).toBe('p. 5 (PDF page 7) · §8 Termination · chunk 7');
    expect(evidenceWhere(evidence(0, 0, { section: 'Chapter 9' }))).toBe('Chapter 9 · chunk 1');
    expect(evidenceWhere(evidence(2, 0))).toBe('chunk 3');
  });

  test('a passage is announced by its marker, its page (printed first) and its quote, on one line', () => {
    const quote =
      'The licensee may cure\nthe violation within thirty days of the notice, after which the licence ends for good and all.';
    const e = evidence(3, 0, { page: 177, pageLabel: '149', quote });
    expect(passageName(e, 1)).toBe(
      'Passage 1, p. 149 (PDF page 177): The licensee may cure the violation within thirty days of the notice, after which the lic…',
    );
    expect(passageName(evidence(0, 0, { quote: 'Short.' }), undefined)).toBe('Passage: Short.');
    expect(passageName(evidence(0, 0, { page: 2, pageLabel: '2', quote: 'a\u202Eb' }), 2)).toBe(
      'Passage 2, p. 2: a\\u202eb',
    );
  });
});

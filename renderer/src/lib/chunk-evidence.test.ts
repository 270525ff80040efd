// Which evidence a chunk marker cites, and how it names its place.
import { describe, expect, test } from 'vitest';
import type { Evidence } from '../../../shared/model.ts';
import { evidenceByChunk, evidenceWhere } from './chunk-evidence.ts';

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
});

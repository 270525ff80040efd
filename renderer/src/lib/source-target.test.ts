import { describe, expect, test } from 'vitest';
import type { ChunkInfo, Evidence } from '../../../shared/model.ts';
import { chunkTarget, passageTarget, sameTarget, shownLine } from './source-target.ts';

const chunks: ChunkInfo[] = [
  { index: 0, start: 0, end: 100, tokens: 50, pages: { first: 1, last: 3 } },
  {
    index: 1,
    start: 100,
    end: 200,
    tokens: 50,
    pages: { first: 177, last: 178, firstLabel: '149', lastLabel: '150' },
  },
];

const cited: Evidence = {
  chunk: 1,
  start: 120,
  end: 160,
  page: 177,
  pageLabel: '149',
  section: 'Licence > 8 Termination',
  quote: 'The licensee may cure the violation.',
  score: 0.9,
  by: 'both',
};

describe('what the page beside a view is asked to show', () => {
  test('a passage of the answer is announced by its marker and its printed page', () => {
    const t = passageTarget(cited, 2);
    expect(shownLine(t)).toBe('Showing passage 2, p. 149 (PDF page 177)');
    expect(t).toMatchObject({ kind: 'passage', start: 120, end: 160, n: 2 });
  });

  test('without pages (an EPUB), the place is the last part of its section', () => {
    const t = passageTarget({
      ...cited,
      page: null,
      pageLabel: null,
      section: '例 > 18.6 128MB USB',
    });
    expect(shownLine(t)).toBe('Showing the passage, 18.6 128MB USB');
  });

  test('a chunk with one of the answer’s passages shows that passage; another, its pages', () => {
    const withPassage = chunkTarget(chunks, [cited], 1);
    expect(withPassage).toMatchObject({ kind: 'passage', start: 120, n: 1, chunk: 1 });
    const plain = chunkTarget(chunks, [cited], 0);
    expect(plain).toMatchObject({ kind: 'chunk', chunk: 0 });
    expect(shownLine(plain)).toBe('Showing chunk 1, pp. 1–3');
  });

  test('the same passage chosen again is the same target; a chunk is not a passage', () => {
    const t = passageTarget(cited, 2);
    expect(sameTarget(t, passageTarget(cited))).toBe(true);
    expect(sameTarget(chunkTarget(chunks, [], 1), t)).toBe(false);
    expect(sameTarget(null, t)).toBe(false);
  });
});

// Marker placement in the rendered document by text offset.
import { describe, expect, test } from 'vitest';
import { chunkAnchors } from './chunk-anchors.ts';

// A chapter [0, 100) holding a heading [0, 10), a paragraph [12, 60) with an emphasis
// [20, 30) inside, and a paragraph [62, 100); then a second chapter [100, 150) with a
// paragraph [104, 150).
const blocks = [
  { start: 0, end: 100 },
  { start: 0, end: 10 },
  { start: 12, end: 60 },
  { start: 20, end: 30 },
  { start: 62, end: 100 },
  { start: 100, end: 150 },
  { start: 104, end: 150 },
];

describe('chunk anchors', () => {
  test('a chunk starts at the deepest block holding its first character', () => {
    expect(chunkAnchors(blocks, [0, 25, 40, 70, 120])).toEqual([1, 3, 2, 4, 6]);
  });

  test('between blocks: the next block to start', () => {
    // 11 is between the heading and the paragraph, inside the chapter; 60 right after a
    // paragraph ends; 101 in the second chapter before its paragraph.
    expect(chunkAnchors(blocks, [11, 60, 101])).toEqual([2, 4, 6]);
    expect(
      chunkAnchors(
        [
          { start: 5, end: 9 },
          { start: 12, end: 20 },
        ],
        [0, 10],
      ),
    ).toEqual([0, 1]);
  });

  test('past the last block: none; several chunks in one block share it', () => {
    expect(chunkAnchors(blocks, [30, 31, 150, 900])).toEqual([2, 2, null, null]);
    expect(chunkAnchors([], [0])).toEqual([null]);
  });
});

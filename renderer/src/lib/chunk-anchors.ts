// Where the rendered document (DOCX, EPUB, HTML) shows each chunk's boundary: its blocks carry
// the offsets of their text (`data-start`/`data-end`), in document order, nested as the elements
// are; a chunk's marker goes at the deepest block holding the chunk's first character. One pass
// over blocks and chunks together, so a book of thousands of blocks and hundreds of chunks costs
// a few thousand steps, once per document and run.

export interface Span {
  start: number;
  end: number;
}

/**
 * For each offset (ascending), the index in `blocks` (document order: starts ascending, parents
 * before their children) of the deepest block holding it. An offset in the space between blocks
 * goes to the next block to start, when that is inside the block holding it (a chapter's next
 * paragraph, not the chapter's top) or when no block holds it; null after the last block.
 */
export function chunkAnchors(
  blocks: readonly Span[],
  offsets: readonly number[],
): (number | null)[] {
  const anchors: (number | null)[] = [];
  // The blocks that started at or before the offset and may still hold it, outermost first.
  const open: number[] = [];
  let next = 0;
  for (const offset of offsets) {
    while (next < blocks.length && blocks[next]!.start <= offset) {
      while (open.length > 0 && blocks[open.at(-1)!]!.end <= blocks[next]!.start) open.pop();
      open.push(next);
      next += 1;
    }
    while (open.length > 0 && blocks[open.at(-1)!]!.end <= offset) open.pop();
    // An inner block that ended exposes its parent, which may still hold the offset.
    const holding = open.at(-1);
    const following = next < blocks.length ? next : null;
    const inside =
      holding !== undefined &&
      following !== null &&
      blocks[following]!.start < blocks[holding]!.end;
    anchors.push(holding === undefined || inside ? following : holding);
  }
  return anchors;
}

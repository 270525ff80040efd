// Highlights a span of the extracted text inside the rendered document (DOCX, EPUB, HTML): the
// blocks carry `data-start`/`data-end` offsets into the text (set by main), and inside them
// each text node is placed in the text by the same whitespace-blind alignment main used.
import { matchLoosely, pieceOffsets } from '../../../shared/text-align.ts';

/** The class of the slots the reader adds for chunk markers (rendered-chunk-markers.tsx). */
export const CHUNK_SLOT = 'chunk-slot';

/**
 * The deepest block holding `offset`, else the last one starting before it (the offset is in
 * the space between blocks), else the first. Offsets grow in document order.
 */
export function blockAt(root: HTMLElement, offset: number): HTMLElement | null {
  let holding: HTMLElement | null = null;
  let before: HTMLElement | null = null;
  for (const el of root.querySelectorAll<HTMLElement>('[data-start]')) {
    if (Number(el.dataset.start) > offset) break;
    before = el;
    if (Number(el.dataset.end) > offset) holding = el;
  }
  if (holding && before && holding !== before && holding.contains(before)) return before;
  return holding ?? before ?? root.querySelector<HTMLElement>('[data-start]');
}

/** Removes the marks `markPassage` added, leaving the text as it was. */
export function clearMarks(root: HTMLElement): void {
  for (const mark of root.querySelectorAll('mark.passage')) {
    const parent = mark.parentNode;
    if (!parent) continue;
    mark.replaceWith(...Array.from(mark.childNodes));
    parent.normalize();
  }
}

/**
 * Wraps the text of [start, end) in `<mark class="passage">` elements (one per text node it
 * covers) and returns them in order; none when the span is not found in the rendering.
 */
export function markPassage(
  root: HTMLElement,
  text: string,
  start: number,
  end: number,
  describedBy: string,
): HTMLElement[] {
  clearMarks(root);
  const block = blockAt(root, start);
  if (!block) return [];
  const pieces: { node: Text; from: number; to: number }[] = [];
  // Text the reader added (chunk markers and their quotes) is not the document's.
  const walker = root.ownerDocument.createTreeWalker(root, NodeFilter.SHOW_TEXT, (node) =>
    node.parentElement?.closest(`.${CHUNK_SLOT}`)
      ? NodeFilter.FILTER_REJECT
      : NodeFilter.FILTER_ACCEPT,
  );
  walker.currentNode = block;
  let cursor = Number(block.dataset.start);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const data = (node as Text).data;
    const at = matchLoosely(text, cursor, data, 400);
    if (!at) continue;
    if (at.start >= end) break;
    cursor = at.end;
    if (at.end <= start) continue;
    const offsets = pieceOffsets(text, at.start, data);
    let from = -1;
    let to = -1;
    offsets.forEach((o, i) => {
      if (o < start || o >= end) return;
      if (from < 0) from = i;
      to = i + 1;
    });
    if (from >= 0) pieces.push({ node: node as Text, from, to });
  }
  return pieces.map(({ node, from, to }) => {
    const middle = node.splitText(from);
    middle.splitText(to - from);
    const mark = root.ownerDocument.createElement('mark');
    mark.className = 'passage';
    mark.tabIndex = -1;
    mark.setAttribute('aria-describedby', describedBy);
    middle.replaceWith(mark);
    mark.append(middle);
    return mark;
  });
}

// Brings an element of the rendered document into view and keeps it there while the layout
// settles. Chapters lay out lazily (`content-visibility: auto`): until a chapter is drawn it
// counts as a placeholder height, so a first scroll to a passage deep in a book lands where the
// passage was before the chapters around it were drawn (often the end of the book). Scrolling
// again each frame until the element stops moving lands on it.

import { scrollIntoViewWithin, type Align } from './scroll-within.ts';

/** Frames to keep it in view at most (about half a second), and frames it must hold still. */
const MAX_FRAMES = 30;
const STILL_FRAMES = 3;

/** Scrolls `el` into view now and over the next frames; returns a function that stops. */
export function scrollIntoViewSettled(el: Element, block: Align): () => void {
  scrollIntoViewWithin(el, block);
  let last = el.getBoundingClientRect().top;
  let still = 0;
  let frames = 0;
  let frame = requestAnimationFrame(function step() {
    frames += 1;
    const top = el.getBoundingClientRect().top;
    if (Math.abs(top - last) < 1) still += 1;
    else {
      still = 0;
      scrollIntoViewWithin(el, block);
      last = el.getBoundingClientRect().top;
    }
    if (still < STILL_FRAMES && frames < MAX_FRAMES && el.isConnected)
      frame = requestAnimationFrame(step);
  });
  return () => cancelAnimationFrame(frame);
}

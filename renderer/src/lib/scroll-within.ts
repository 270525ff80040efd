// Brings an element into view by scrolling the boxes it scrolls in, never the window. The app
// is a fixed-height shell whose panes scroll on their own; `Element.scrollIntoView` also scrolls
// the document whenever it has any overflow at all (and boxes clipped with overflow: hidden),
// which pushed the Ask screen's answer above the window when the source panel showed a passage.

/** Where the element lands in each box it scrolls in: as `scrollIntoView`'s `block`. */
export type Align = 'start' | 'center' | 'nearest';

/** A box the user can scroll (auto or scroll), short of the document itself. */
function scrollsOnItsOwn(el: Element): boolean {
  if (el === document.scrollingElement || el === document.body) return false;
  const style = getComputedStyle(el);
  const scrolls = (v: string) => v === 'auto' || v === 'scroll';
  return scrolls(style.overflowY) || scrolls(style.overflowX);
}

/** How far to move so `[lo, hi]` lands in `[viewLo, viewHi]` as `align` says. */
function delta(lo: number, hi: number, viewLo: number, viewHi: number, align: Align): number {
  if (align === 'start') return lo - viewLo;
  if (align === 'center') return (lo + hi) / 2 - (viewLo + viewHi) / 2;
  if (lo >= viewLo && hi <= viewHi) return 0;
  // Nearest: the nearer edge, the start when it is taller than the view.
  return lo < viewLo || hi - lo > viewHi - viewLo ? lo - viewLo : hi - viewHi;
}

/**
 * Scrolls each user-scrollable box around `el`, innermost first, so that `el` is placed as
 * `block` says vertically and is in sight sideways; the document never scrolls.
 */
export function scrollIntoViewWithin(el: Element, block: Align): void {
  for (let box = el.parentElement; box; box = box.parentElement) {
    if (!scrollsOnItsOwn(box)) continue;
    const target = el.getBoundingClientRect();
    const frame = box.getBoundingClientRect();
    // The view is the box's inside, short of its borders and scrollbars.
    const top = frame.top + box.clientTop;
    const left = frame.left + box.clientLeft;
    box.scrollTop += delta(target.top, target.bottom, top, top + box.clientHeight, block);
    box.scrollLeft += delta(target.left, target.right, left, left + box.clientWidth, 'nearest');
  }
}

// Where a rectangle of a PDF page (user space: points, y up, before /Rotate) lands on the page
// as drawn (`documents:render-page`: the crop box, turned by the page's /Rotate, scaled). Pure:
// the page view places highlights with it and the core's tests check it against PDFium.

/** A rectangle on the drawn page in pixels (or in points at scale 1), origin top left. */
export interface FrameRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Maps `rect` (x0, y0, x1, y1 in user space) onto a page drawn with crop box `box` (x0, y0, x1,
 * y1), `rotation` quarter turns clockwise and `scale` pixels per point.
 */
export function pageToFrame(
  rect: { x0: number; y0: number; x1: number; y1: number },
  box: readonly [number, number, number, number],
  rotation: number,
  scale: number,
): FrameRect {
  const [bx0, by0, bx1, by1] = box;
  // Distances from each edge of the crop box, in points.
  const fromLeft = rect.x0 - bx0;
  const fromRight = bx1 - rect.x1;
  const fromBottom = rect.y0 - by0;
  const fromTop = by1 - rect.y1;
  const w = rect.x1 - rect.x0;
  const h = rect.y1 - rect.y0;
  let frame: FrameRect;
  switch (((rotation % 4) + 4) % 4) {
    case 1: // turned a quarter clockwise: the page's left edge is on top
      frame = { left: fromBottom, top: fromLeft, width: h, height: w };
      break;
    case 2:
      frame = { left: fromRight, top: fromBottom, width: w, height: h };
      break;
    case 3: // a quarter anticlockwise: the page's right edge is on top
      frame = { left: fromTop, top: fromRight, width: h, height: w };
      break;
    default:
      frame = { left: fromLeft, top: fromTop, width: w, height: h };
  }
  return {
    left: frame.left * scale,
    top: frame.top * scale,
    width: frame.width * scale,
    height: frame.height * scale,
  };
}

// One PDF page as drawn by PDFium in main: its pixels painted into a canvas, sharp at the
// screen's pixel ratio, with the highlighted passage's line boxes laid over it.
import { forwardRef, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { RenderedPage, TextRect } from '../../../../shared/api.ts';
import type { AppError } from '../../../../shared/model.ts';
import { pageToFrame } from '../../../../shared/page-frame.ts';
import { call } from '../../api.ts';
import { bridge } from '../../stores/bridge.ts';

/** A drawn page and the CSS pixels per PDF point it is shown at. */
export type DrawnPage = RenderedPage & { cssScale: number };

/** Waits this long after a page or zoom change before asking: a run of presses asks once. */
const SETTLE_MS = 60;

/**
 * Page `page` of `documentId` drawn for `cssScale` CSS pixels per point at the screen's pixel
 * ratio. Answers to requests superseded by a newer page or zoom are dropped; the last page stays
 * shown (`drawn`) while the next one is drawn.
 */
export function usePageRender(
  documentId: string,
  page: number,
  cssScale: number,
): { drawn: DrawnPage | null; loading: boolean; error: AppError | null } {
  const [drawn, setDrawn] = useState<DrawnPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<AppError | null>(null);
  useEffect(() => {
    let live = true;
    setLoading(true);
    const ratio = window.devicePixelRatio || 1;
    const scale = Math.min(4, Math.max(0.25, Math.round(cssScale * ratio * 100) / 100));
    const timer = setTimeout(() => {
      void call(bridge(), 'documents:render-page', { documentId, page, scale }).then((result) => {
        if (!live) return;
        setLoading(false);
        if (result.ok) {
          setDrawn({ ...result.value, cssScale });
          setError(null);
        } else setError(result.error);
      });
    }, SETTLE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [documentId, page, cssScale]);
  return { drawn, loading, error };
}

/** The page's width in points as shown (turned by its /Rotate). */
export function shownWidth(page: RenderedPage): number {
  const [x0, y0, x1, y1] = page.box;
  return page.rotation % 2 === 1 ? y1 - y0 : x1 - x0;
}

export const PageCanvas = forwardRef<
  HTMLDivElement,
  { drawn: DrawnPage; rects: readonly TextRect[]; label: string; stale: boolean }
>(function PageCanvas(props, firstMark) {
  const { drawn } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  useLayoutEffect(() => {
    const el = canvas.current;
    const context = el?.getContext('2d');
    if (!el || !context) return;
    el.width = drawn.width;
    el.height = drawn.height;
    const { rgba } = drawn;
    const pixels = new Uint8ClampedArray(
      rgba.buffer as ArrayBuffer,
      rgba.byteOffset,
      rgba.byteLength,
    );
    context.putImageData(new ImageData(pixels, drawn.width, drawn.height), 0, 0);
  }, [drawn]);
  // Shown at the CSS size the zoom asked for, whatever pixel density it was drawn at.
  const ratio = drawn.cssScale / drawn.scale;
  const marks = props.rects.filter((r) => r.page === drawn.page);
  return (
    <div
      className={props.stale ? 'pdf-page stale' : 'pdf-page'}
      style={{ width: drawn.width * ratio, height: drawn.height * ratio }}
    >
      <canvas ref={canvas} role="img" aria-label={props.label} className="pdf-page-canvas" />
      {marks.map((rect, i) => {
        const f = pageToFrame(rect, drawn.box, drawn.rotation, drawn.cssScale);
        return (
          <div
            key={i}
            ref={i === 0 ? firstMark : undefined}
            className="pdf-highlight"
            data-testid="pdf-highlight"
            aria-hidden="true"
            style={{ left: f.left, top: f.top, width: f.width, height: f.height }}
          />
        );
      })}
    </div>
  );
});

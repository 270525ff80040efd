// The original PDF page, drawn in main by the engine that extracted the text, with the passage
// being checked highlighted on it; page navigation and zoom by buttons and keys.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { DocumentInfo, DocumentText } from '../../../../shared/model.ts';
import { quoteOf } from '../../../../shared/evidence-sentences.ts';
import { pageName, pageTextNote } from '../../lib/pdf-pages.ts';
import { scrollIntoViewWithin } from '../../lib/scroll-within.ts';
import { usePageViewStore, type Zoom } from '../../stores/page-view-store.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { pageViewAction, type PageViewAction } from '../nav/shortcut-table.ts';
import { PageCanvas, shownWidth, usePageRender } from './page-canvas.tsx';
import { PageNav } from './page-nav.tsx';
import { PassageCaption } from './passage-caption.tsx';

/** Zoom steps in CSS pixels per point: 100% is the page's printed size on a 96-dpi screen. */
const ACTUAL = 96 / 72;
const STEPS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3].map((s) => s * ACTUAL);
/** Room around the page inside the view (padding and a scroll bar). */
const GUTTER = 40;
/** A caption's quote: two lines or so under the page's title. */
const CAPTION_CHARS = 160;

export function PdfPageView(props: {
  info: DocumentInfo;
  doc: DocumentText;
  /** Controls of the reader shown first in the page's own toolbar (one row, not two). */
  leading?: ReactNode;
}) {
  const { info, doc } = props;
  const pages = doc.pages ?? [];
  const setDisplay = useReaderStore((s) => s.setDisplay);
  const { page, zoom, passage, setPage, setZoom } = usePageViewStore(
    useShallow((s) => ({
      page: s.page,
      zoom: s.zoom,
      passage: s.passage,
      setPage: s.setPage,
      setZoom: s.setZoom,
    })),
  );
  const pageCount = pages.length || info.pageCount || 1;
  const scroller = useRef<HTMLDivElement>(null);
  const firstMark = useRef<HTMLDivElement>(null);
  const viewWidth = useViewWidth(scroller);
  // The shown page's width in points, learnt from the last page drawn (US Letter until then).
  const [pageWidth, setPageWidth] = useState(612);
  const fit = Math.max(0.25, Math.round(((viewWidth - GUTTER) / pageWidth) * 100) / 100);
  const cssScale = zoom === 'fit' ? fit : zoom;
  const { drawn, loading, error } = usePageRender(info.id, page, cssScale);
  useEffect(() => {
    if (drawn) setPageWidth(shownWidth(drawn));
  }, [drawn]);

  // A new passage: once its page is drawn and its boxes are in, bring the first into view.
  const shownSerial = useRef<number | null>(null);
  useEffect(() => {
    if (!passage || shownSerial.current === passage.serial || passage.rects === null) return;
    if (!drawn || drawn.page !== passage.page || loading) return;
    shownSerial.current = passage.serial;
    scroller.current?.focus({ preventScroll: true });
    const mark = firstMark.current;
    if (mark) scrollIntoViewWithin(mark, 'center');
    else scroller.current?.scrollTo({ top: 0 });
  }, [passage, drawn, loading]);

  const zoomBy = (direction: 1 | -1): void => {
    const next =
      direction > 0
        ? STEPS.find((s) => s > cssScale + 0.01)
        : [...STEPS].reverse().find((s) => s < cssScale - 0.01);
    if (next !== undefined) setZoom(next);
  };
  const go = (n: number): void => setPage(Math.min(pageCount, Math.max(1, n)));
  const onKey = (e: KeyboardEvent<HTMLDivElement>): void => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    // The keys come from the shortcut table, which the shortcut sheet lists.
    const actions: Record<PageViewAction, () => void> = {
      zoomIn: () => zoomBy(1),
      zoomOut: () => zoomBy(-1),
      fitWidth: () => setZoom('fit'),
      previousPage: () => go(page - 1),
      nextPage: () => go(page + 1),
    };
    const action = pageViewAction(e.key);
    // A page wider than the view scrolls sideways with the arrows instead.
    const wide = (scroller.current?.scrollWidth ?? 0) > (scroller.current?.clientWidth ?? 0);
    if (!action || (wide && (action === 'previousPage' || action === 'nextPage'))) return;
    e.preventDefault();
    actions[action]();
  };

  const note = pageTextNote(doc, page);
  const rects = passage?.rects ?? [];
  return (
    <div className="pdf-view">
      <div className="pdf-toolbar">
        {props.leading}
        <PageNav page={page} pageCount={pageCount} pages={pages} onPage={go} />
        <ZoomControls
          zoom={zoom}
          cssScale={cssScale}
          onZoom={zoomBy}
          onFit={() => setZoom('fit')}
        />
      </div>
      {passage ? (
        <PassageCaption
          passage={passage}
          shownPage={page}
          where={passage.where ?? pageName(pages, passage.page)}
          quote={quoteOf(doc.text, passage, undefined, CAPTION_CHARS)}
          onShow={() => setPage(passage.page)}
        />
      ) : null}
      {note ? (
        <p className="note" role="note">
          {note}
        </p>
      ) : null}
      {error ? (
        <div className="pdf-error">
          <ErrorBanner error={error} />
          <button type="button" onClick={() => setDisplay('text')}>
            Show the text instead
          </button>
        </div>
      ) : null}
      {/* After an error no page shows: the last one drawn would pass for the page asked for. */}
      <div
        hidden={error !== null}
        ref={scroller}
        className="pdf-scroller"
        tabIndex={0}
        role="document"
        aria-label={`Original page, ${pageName(pages, page, { of: pageCount })}`}
        aria-busy={loading}
        onKeyDown={onKey}
      >
        {drawn ? (
          <PageCanvas
            ref={firstMark}
            drawn={drawn}
            rects={rects}
            stale={loading || drawn.page !== page}
            label={`${pageName(pages, drawn.page, { of: pageCount })}, as printed`}
          />
        ) : null}
        {loading ? (
          <p role="status" className="pdf-loading">
            Drawing page {page}…
          </p>
        ) : null}
      </div>
    </div>
  );
}

function ZoomControls(props: {
  zoom: Zoom;
  cssScale: number;
  onZoom: (direction: 1 | -1) => void;
  onFit: () => void;
}) {
  const percent = Math.round((props.cssScale / ACTUAL) * 100);
  return (
    <div className="pdf-zoom" role="group" aria-label="Zoom">
      <button
        type="button"
        onClick={() => props.onZoom(-1)}
        disabled={props.cssScale <= (STEPS[0] ?? 0) + 0.01}
        aria-label="Zoom out"
        title="Zoom out (−)"
      >
        −
      </button>
      <button
        type="button"
        aria-pressed={props.zoom === 'fit'}
        onClick={props.onFit}
        title="Fit the page to the width of the view (0)"
      >
        Fit width
      </button>
      <button
        type="button"
        onClick={() => props.onZoom(1)}
        disabled={props.cssScale >= (STEPS.at(-1) ?? 0) - 0.01}
        aria-label="Zoom in"
        title="Zoom in (+)"
      >
        +
      </button>
      <span className="muted small" aria-live="polite">
        {percent}%
      </span>
    </div>
  );
}

/** The width of `ref`'s element, followed as the window resizes. */
function useViewWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(800);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    // A hidden view (an error shows instead) keeps the width it had.
    const measure = (): void => {
      if (el.clientWidth > 0) setWidth(el.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

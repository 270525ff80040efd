// A DOCX, EPUB or HTML document as it reads (headings, paragraphs, lists, tables), from the
// HTML main sanitized to structure only; a passage jump highlights its span in it.
//
// The HTML is parsed with DOMParser (no script runs in a parsed document, and the CSP forbids
// any anyway) and its nodes adopted into the view; React never sees it as markup. Chapters are
// sections with `content-visibility: auto`, so a long book lays out only what is on screen.
import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { AppError, ChunkInfo } from '../../../../shared/model.ts';
import { call } from '../../api.ts';
import { blockAt, clearMarks, markPassage } from '../../lib/passage-marks.ts';
import { scrollIntoViewSettled } from '../../lib/settled-scroll.ts';
import { bridge } from '../../stores/bridge.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { PASSAGE_WHERE_ID } from './passage-where.tsx';
import { useRenderedChunkMarkers } from './rendered-chunk-markers.tsx';

type Loaded = { html: string | null } | { error: AppError };

export function RenderedDocument(props: {
  documentId: string;
  textKey: string | null;
  text: string;
  chunks: ChunkInfo[];
  /** Shown instead when the document has no rendering (or it failed). */
  fallback: ReactNode;
}) {
  const { documentId, textKey, text, chunks } = props;
  const [loaded, setLoaded] = useState<{ key: string; value: Loaded } | null>(null);
  const key = `${documentId}:${textKey ?? ''}`;
  useEffect(() => {
    let live = true;
    const request = textKey === null ? { documentId } : { documentId, textKey };
    void call(bridge(), 'documents:rendered-html', request).then((result) => {
      if (!live) return;
      setLoaded({ key, value: result.ok ? { html: result.value } : { error: result.error } });
    });
    return () => {
      live = false;
    };
  }, [documentId, textKey, key]);

  const ref = useRef<HTMLDivElement>(null);
  const html = loaded?.key === key && 'html' in loaded.value ? loaded.value.html : null;
  const [shown, setShown] = useState<string | null>(null);
  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || html === null) return;
    const parsed = new DOMParser().parseFromString(html, 'text/html');
    root.replaceChildren(...Array.from(parsed.body.childNodes));
    setShown(html);
  }, [html]);
  const markers = useRenderedChunkMarkers(ref, shown === html ? shown : null, chunks);

  // Each jump once per showing of the document (switching views shows the passage again).
  const jump = useReaderStore((s) => s.jump);
  const handled = useRef<number | null>(null);
  // The scroll of the last jump, kept up while the chapters around it lay out.
  const settling = useRef<(() => void) | null>(null);
  useEffect(() => () => settling.current?.(), []);
  useEffect(() => {
    const root = ref.current;
    if (!root || shown === null || shown !== html) return;
    if (!jump) {
      clearMarks(root);
      return;
    }
    if (handled.current === jump.nonce) return;
    handled.current = jump.nonce;
    settling.current?.();
    settling.current = null;
    if (jump.kind === 'passage') {
      const marks = markPassage(root, text, jump.start, jump.end, PASSAGE_WHERE_ID);
      if (marks.length === 0) {
        // Not placed in the rendering: the text view always can show it.
        useReaderStore
          .getState()
          .setDisplay(
            'text',
            'This passage could not be placed in the document view; here it is in the text.',
          );
        return;
      }
      marks[0]!.focus({ preventScroll: true });
      settling.current = scrollIntoViewSettled(marks[0]!, 'center');
      return;
    }
    const offset =
      jump.kind === 'offset' ? jump.offset : jump.kind === 'chunk' ? chunks[jump.chunk]?.start : 0;
    if (offset === undefined) {
      useReaderStore.getState().setMissed(jump);
      return;
    }
    clearMarks(root);
    // A chunk: its marker, where the rendering shows one.
    const marker =
      jump.kind === 'chunk'
        ? root.querySelector(`.chunk-marker[data-chunk="${jump.chunk + 1}"]`)
        : null;
    const place = marker ?? blockAt(root, offset);
    if (place) settling.current = scrollIntoViewSettled(place, 'start');
  }, [jump, shown, html, text, chunks]);

  if (loaded === null || loaded.key !== key) return <p role="status">Rendering the document…</p>;
  if ('error' in loaded.value)
    return (
      <>
        <ErrorBanner error={loaded.value.error} />
        {props.fallback}
      </>
    );
  if (loaded.value.html === null) return <>{props.fallback}</>;
  return (
    <>
      <div
        ref={ref}
        className="rendered-document"
        tabIndex={0}
        role="document"
        aria-label="Document"
      />
      {markers}
    </>
  );
}

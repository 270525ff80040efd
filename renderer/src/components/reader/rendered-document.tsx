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
import { bridge } from '../../stores/bridge.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { PASSAGE_WHERE_ID } from './passage-where.tsx';

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

  // Each jump once per showing of the document (switching views shows the passage again).
  const jump = useReaderStore((s) => s.jump);
  const handled = useRef<number | null>(null);
  useEffect(() => {
    const root = ref.current;
    if (!root || shown === null || shown !== html) return;
    if (!jump) {
      clearMarks(root);
      return;
    }
    if (handled.current === jump.nonce) return;
    handled.current = jump.nonce;
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
      marks[0]!.scrollIntoView({ block: 'center' });
      marks[0]!.focus({ preventScroll: true });
      return;
    }
    const offset =
      jump.kind === 'offset' ? jump.offset : jump.kind === 'chunk' ? chunks[jump.chunk]?.start : 0;
    if (offset === undefined) {
      useReaderStore.getState().setMissed(jump);
      return;
    }
    clearMarks(root);
    blockAt(root, offset)?.scrollIntoView({ block: 'start' });
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
    <div
      ref={ref}
      className="rendered-document"
      tabIndex={0}
      role="document"
      aria-label="Document"
    />
  );
}

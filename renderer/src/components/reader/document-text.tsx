// The virtual list: only the rows on screen exist in the DOM, so a 14-million-character book
// opens and scrolls like a short one. Text is rendered as React text nodes, never as HTML.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { ChunkInfo, DocumentText as Extracted, PageSpan } from '../../../../shared/model.ts';
import { pageAt } from '../../../../shared/text-location.ts';
import { pageName } from '../../../../shared/page-label.ts';
import { buildRows, pageRowOf, rowAt, type Row } from '../../lib/reader-rows.ts';
import { scrollIntoViewWithin } from '../../lib/scroll-within.ts';
import { usePassage, useReaderStore } from '../../stores/reader-store.ts';
import { VirtualWindow } from '../common/virtual-window.tsx';
import { ChunkMarker } from './chunk-marker.tsx';
import { PASSAGE_WHERE_ID } from './passage-where.tsx';

const LINE = 22;
const CHARS_PER_LINE = 90;

function estimate(row: Row | undefined): number {
  if (!row) return LINE;
  if (row.kind !== 'text') return 30;
  return Math.max(1, Math.ceil((row.end - row.start) / CHARS_PER_LINE)) * LINE + 6;
}

export function DocumentText(props: {
  text: string;
  pages: PageSpan[] | undefined;
  chunks: ChunkInfo[];
  ocrPages: Extracted['ocrPages'];
  /** Hard-wrapped text (PDF): paragraphs run to a blank line, single newlines show as spaces. */
  joinLines?: boolean;
  /** Headings keep their own row when lines are joined. */
  sections?: Extracted['sections'];
}) {
  const { text, pages, chunks, joinLines = false } = props;
  const headings = useMemo(() => props.sections?.map((s) => s.start), [props.sections]);
  const index = useMemo(
    () => buildRows(text, pages, chunks, headings ? { joinLines, headings } : { joinLines }),
    [text, pages, chunks, joinLines, headings],
  );
  // Page number → OCR confidence (0-100).
  const ocr = useMemo(
    () => new Map((props.ocrPages ?? []).map((p) => [p.page, p.confidence])),
    [props.ocrPages],
  );
  const scrollRef = useRef<HTMLDivElement>(null);
  const jump = useReaderStore((s) => s.jump);
  const passage = usePassage();
  const [target, setTarget] = useState<number | null>(null);
  // The nonce of a passage jump whose highlight still has to take the focus once it is drawn.
  const [focusFor, setFocusFor] = useState<number | null>(null);
  const virtualizer = useVirtualizer({
    count: index.rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => estimate(index.rows[i]),
    overscan: 8,
  });

  // Each jump request scrolls once (a new chunk layout must not pull the reader back to it).
  const handled = useRef<number | null>(null);
  useEffect(() => {
    if (!jump || handled.current === jump.nonce) return;
    let row: number | undefined;
    if (jump.kind === 'page') row = pageRowOf(index, jump.page);
    else if (jump.kind === 'chunk') row = index.chunkRow[jump.chunk];
    else row = rowAt(index, jump.kind === 'offset' ? jump.offset : jump.start);
    // Not handled: chunk rows may still arrive (a run selected later) and satisfy the jump.
    const setMissed = useReaderStore.getState().setMissed;
    if (row === undefined) {
      setMissed(jump);
      return;
    }
    setMissed(null);
    // After a frame, so a reader that has just mounted has measured its scroll box.
    const frame = requestAnimationFrame(() => {
      handled.current = jump.nonce;
      // A passage has its own highlight; outlining its row as well would be noise.
      setTarget(jump.kind === 'passage' ? null : row);
      virtualizer.scrollToIndex(row, { align: jump.kind === 'passage' ? 'center' : 'start' });
      if (jump.kind === 'passage') setFocusFor(jump.nonce);
    });
    return () => cancelAnimationFrame(frame);
  }, [jump, index, virtualizer]);

  const items = virtualizer.getVirtualItems();
  // The page in view: the one at a third of the way down (the top row is often a page's tail).
  const scrolled = virtualizer.scrollOffset ?? 0;
  const probe = scrolled < 1 ? 0 : scrolled + (virtualizer.scrollRect?.height ?? 0) / 3;
  const top = items.find((item) => item.end > probe) ?? items[0];
  const topRow = top === undefined ? undefined : index.rows[top.index];
  const current = pages && topRow ? pageAt(pages, topRow.start) : undefined;
  // Focus into the document at the highlight once its row is drawn (it may take a frame or two
  // of measuring); focus scrolls the mark itself into view inside a long row.
  useEffect(() => {
    if (focusFor === null || passage?.nonce !== focusFor) return;
    const mark = scrollRef.current?.querySelector<HTMLElement>('mark.passage');
    if (!mark) return;
    mark.focus({ preventScroll: true });
    scrollIntoViewWithin(mark, 'center');
    setFocusFor(null);
  }, [focusFor, passage, items]);
  return (
    <div className="document-text-frame">
      {current && pages ? (
        <div className="scroll-page-indicator small">
          {pageName(current.number, current.label, { of: pages.length })}
        </div>
      ) : null}
      <div
        ref={scrollRef}
        className="document-text"
        tabIndex={0}
        role="document"
        aria-label="Document text"
      >
        <VirtualWindow totalSize={virtualizer.getTotalSize()} offset={items[0]?.start ?? 0}>
          {items.map((item) => {
            const row = index.rows[item.index]!;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={item.index === target ? 'row target' : 'row'}
              >
                <RowView row={row} text={text} ocr={ocr} joinLines={joinLines} passage={passage} />
              </div>
            );
          })}
        </VirtualWindow>
      </div>
    </div>
  );
}

function RowView(props: {
  row: Row;
  text: string;
  ocr: ReadonlyMap<number, number>;
  joinLines: boolean;
  passage: { start: number; end: number } | null;
}) {
  const { row, passage } = props;
  if (row.kind === 'text') {
    const show = (from: number, to: number): string => {
      const part = props.text.slice(from, to);
      return props.joinLines ? part.replace(/\n/g, ' ') : part;
    };
    if (!passage || passage.end <= row.start || passage.start >= row.end)
      return <p className="para">{show(row.start, row.end)}</p>;
    const from = Math.max(row.start, passage.start);
    const to = Math.min(row.end, passage.end);
    return (
      <p className="para">
        {show(row.start, from)}
        <mark
          className="passage"
          tabIndex={-1}
          aria-describedby={PASSAGE_WHERE_ID}
          data-start={from}
          data-end={to}
        >
          {show(from, to)}
        </mark>
        {show(to, row.end)}
      </p>
    );
  }
  if (row.kind === 'page') {
    const confidence = props.ocr.get(row.page);
    return (
      <div className="page-marker">
        {pageName(row.page, row.label)}
        {confidence === undefined ? null : (
          <span
            className="ocr-mark"
            title="Recognised by OCR from the page image (mean word confidence). Check quotes against the original page."
          >
            · OCR, {Math.round(confidence)}% confidence
          </span>
        )}
      </div>
    );
  }
  return <ChunkMarker chunk={row.chunk} />;
}

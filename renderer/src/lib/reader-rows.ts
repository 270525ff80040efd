// Cuts a document's text into the rows the virtual reader shows: paragraphs (long ones split),
// with page markers and chunk boundaries between them. Rows hold offsets, never copies of the
// text, so a 14-million-character book costs a few arrays.
import type { ChunkInfo, PageSpan } from '../../../shared/model.ts';

export type Row =
  | { kind: 'text'; start: number; end: number }
  | { kind: 'page'; start: number; page: number; label?: string }
  | { kind: 'chunk'; start: number; chunk: ChunkInfo };

export interface RowIndex {
  rows: Row[];
  pageRow: Map<number, number>;
  /** Rows of pages by printed label. */
  labelRow: Map<string, number>;
  chunkRow: number[];
}

/** Longest row of text; longer paragraphs are split at a space near this length. */
const MAX_ROW = 1200;

interface Marker {
  at: number;
  row: Row;
}

/**
 * `joinLines`: a row is a paragraph up to a blank line, not a line (PDF text is hard-wrapped;
 * the view shows its single newlines as spaces, so offsets stay those of the text); the line of
 * a heading (`headings`: section starts) stays a row of its own.
 */
export function buildRows(
  text: string,
  pages: readonly PageSpan[] = [],
  chunks: readonly ChunkInfo[] = [],
  options: { joinLines?: boolean; headings?: readonly number[] | undefined } = {},
): RowIndex {
  const markers: Marker[] = [];
  for (const c of chunks)
    markers.push({ at: c.start, row: { kind: 'chunk', start: c.start, chunk: c } });
  for (const p of pages)
    markers.push({
      at: p.start,
      row:
        p.label === undefined
          ? { kind: 'page', start: p.start, page: p.number }
          : { kind: 'page', start: p.start, page: p.number, label: p.label },
    });
  // Chunk boundaries before page markers at the same offset.
  markers.sort((a, b) => a.at - b.at || (a.row.kind === 'chunk' ? -1 : 1));

  const rows: Row[] = [];
  const pageRow = new Map<number, number>();
  const labelRow = new Map<string, number>();
  const chunkRow: number[] = [];
  let m = 0;
  let pos = 0;
  const n = text.length;
  const paragraphEnd = /\n[ \t\r\f]*\n/g;
  // The last break found, reused while it is ahead (a long paragraph is cut into several rows).
  let found = { from: -1, at: -1 };
  // Where a heading's line starts and ends: rows break there too.
  const headingBreaks = options.joinLines
    ? (options.headings ?? [])
        .flatMap((at) => {
          const end = text.indexOf('\n', at);
          return end < 0 ? [at] : [at, end];
        })
        .sort((a, b) => a - b)
    : [];
  let h = 0;
  const breakAfter = (from: number): number => {
    if (!options.joinLines) return text.indexOf('\n', from);
    while (h < headingBreaks.length && headingBreaks[h]! <= from) h += 1;
    const heading = h < headingBreaks.length ? headingBreaks[h]! : -1;
    const paragraph = paragraphBreak(from);
    return heading >= 0 && (paragraph < 0 || heading < paragraph) ? heading : paragraph;
  };
  const paragraphBreak = (from: number): number => {
    if (found.from >= 0 && found.from <= from && (found.at < 0 || found.at >= from))
      return found.at;
    paragraphEnd.lastIndex = from;
    found = { from, at: paragraphEnd.exec(text)?.index ?? -1 };
    return found.at;
  };
  const flushMarkers = (upTo: number): void => {
    while (m < markers.length && markers[m]!.at <= upTo) {
      const row = markers[m]!.row;
      if (row.kind === 'page') {
        pageRow.set(row.page, rows.length);
        if (row.label !== undefined && !labelRow.has(row.label))
          labelRow.set(row.label, rows.length);
      } else if (row.kind === 'chunk') chunkRow[row.chunk.index] = rows.length;
      rows.push(row);
      m += 1;
    }
  };
  while (pos < n) {
    flushMarkers(pos);
    const nextMarker = m < markers.length ? markers[m]!.at : n;
    let lineEnd = breakAfter(pos);
    if (lineEnd < 0) lineEnd = n;
    let end = Math.min(lineEnd, nextMarker, n);
    if (end - pos > MAX_ROW) {
      const space = Math.max(
        text.lastIndexOf(' ', pos + MAX_ROW),
        options.joinLines ? text.lastIndexOf('\n', pos + MAX_ROW) : -1,
      );
      end = space > pos + MAX_ROW / 2 ? space + 1 : pos + MAX_ROW;
    }
    if (end > pos && !isBlank(text, pos, end)) rows.push({ kind: 'text', start: pos, end });
    // A line break is not shown; a heading that starts mid-line (a break of its own) is.
    pos = end === lineEnd && text[end] === '\n' ? end + 1 : Math.max(end, pos + 1);
    // A paragraph's row starts at its first character, not at the line breaks before it.
    if (options.joinLines) while (pos < n && isBlank(text, pos, pos + 1)) pos += 1;
  }
  flushMarkers(Number.POSITIVE_INFINITY);
  return { rows, pageRow, labelRow, chunkRow };
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i += 1) {
    const c = text.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 12 && c !== 10) return false;
  }
  return true;
}

/**
 * The row of a page as the user typed it: its printed label first, else its page number;
 * "#7" is page 7 whatever its label (a choice between pages that share a label).
 */
export function pageRowOf(index: RowIndex, page: string): number | undefined {
  const key = page.trim();
  if (/^#\d+$/.test(key)) return index.pageRow.get(Number(key.slice(1)));
  return (
    index.labelRow.get(key) ??
    index.labelRow.get(key.toLowerCase()) ??
    index.pageRow.get(Number(key))
  );
}

/** The row holding character `offset` (binary search over row starts). */
export function rowAt(index: RowIndex, offset: number): number {
  const rows = index.rows;
  let lo = 0;
  let hi = rows.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (rows[mid]!.start <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

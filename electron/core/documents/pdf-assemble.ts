import type { DocumentText, PageSpan, Section } from '../../../shared/model.ts';
import type { TextGeometry } from './geometry.ts';
import { MIN_PAGE_CONFIDENCE } from './ocr-page.ts';
import { LINE_FIELDS } from './pdf-text.ts';

/** "3-40, 45, 47-48" from sorted page numbers. */
export function formatRanges(numbers: readonly number[]): string {
  const parts: string[] = [];
  let i = 0;
  while (i < numbers.length) {
    const first = numbers[i] ?? 0;
    let last = first;
    while (numbers[i + 1] === last + 1) {
      i++;
      last++;
    }
    parts.push(first === last ? String(first) : `${first}-${last}`);
    i++;
  }
  return parts.join(', ');
}

const LOWER = /\p{Ll}/u;
const LETTER = /\p{L}/u;

/** A line-end hyphen between lowercase letters: the word parts around `-\n` at `at`. */
interface Candidate {
  start: number;
  end: number;
  a: string;
  b: string;
}

// Scans for "-\n" with indexOf and grows the word parts by hand: a regex with a leading
// `\p{L}*` backtracks at every position and took most of a second on a 1,151-page book.
function candidates(page: string): Candidate[] {
  const found: Candidate[] = [];
  for (let at = page.indexOf('-\n'); at >= 0; at = page.indexOf('-\n', at + 2)) {
    if (!LOWER.test(page[at - 1] ?? '') || !LOWER.test(page[at + 2] ?? '')) continue;
    let start = at - 1;
    while (start > 0 && LETTER.test(page[start - 1] ?? '')) start--;
    let end = at + 3;
    while (end < page.length && LETTER.test(page[end] ?? '')) end++;
    found.push({ start, end, a: page.slice(start, at), b: page.slice(at + 2, end) });
  }
  return found;
}

/** Where text was replaced: [at, at + length) of the input became `inserted` characters. */
interface Edit {
  at: number;
  length: number;
  inserted: number;
}

/** Maps an offset in the input of `edits` (sorted, not overlapping) to the output. */
function offsetMap(edits: readonly Edit[]): (offset: number) => number {
  return (offset) => {
    let shift = 0;
    for (const e of edits) {
      if (e.at >= offset) break;
      if (offset < e.at + e.length) return e.at + shift + Math.min(offset - e.at, e.inserted);
      shift += e.inserted - e.length;
    }
    return offset + shift;
  };
}

/**
 * Undoes line-end hyphenation, using the document itself as the dictionary. Only a hyphen
 * between lowercase letters at the end of a line is a candidate ("informa-\ntion"); capitalised
 * or numeric parts ("Jean-\nPaul", "ISO-\n8859") are left alone. A candidate keeps its hyphen
 * ("well-\nknown" → "well-known") when the hyphenated form occurs more often elsewhere in the
 * document than the joined one; otherwise it is joined ("information"), because in typeset text
 * a line-end hyphen is far more often hyphenation than a compound. Soft hyphens always join.
 */
export function dehyphenate(pages: string[]): string[] {
  return dehyphenateMapped(pages).pages;
}

/**
 * `dehyphenate`, also telling for each page how offsets in its input map to its output (for
 * the line geometry recorded before hyphens were undone).
 */
export function dehyphenateMapped(pages: string[]): {
  pages: string[];
  maps: ((offset: number) => number)[];
} {
  const softEdits = pages.map((page) => {
    const edits: Edit[] = [];
    for (let at = page.indexOf('\u00ad\n'); at >= 0; at = page.indexOf('\u00ad\n', at + 2))
      edits.push({ at, length: 2, inserted: 0 });
    return edits;
  });
  const clean = pages.map((page) => page.replace(/\u00ad\n/g, ''));
  const perPage = clean.map(candidates);
  const needed = new Set<string>();
  for (const list of perPage) {
    for (const c of list) {
      needed.add(`${c.a}-${c.b}`.toLowerCase());
      needed.add(`${c.a}${c.b}`.toLowerCase());
    }
  }
  const counts = new Map<string, number>();
  if (needed.size > 0) {
    const lengths = new Set([...needed].map((w) => w.length));
    for (const page of clean) {
      for (const m of page.matchAll(/\p{L}+(?:-\p{L}+)*/gu)) {
        if (!lengths.has(m[0].length)) continue;
        const w = m[0].toLowerCase();
        if (needed.has(w)) counts.set(w, (counts.get(w) ?? 0) + 1);
      }
    }
  }
  const maps: ((offset: number) => number)[] = [];
  const out = clean.map((page, i) => {
    const soft = offsetMap(softEdits[i] ?? []);
    const list = perPage[i] ?? [];
    if (list.length === 0) {
      maps.push(soft);
      return page;
    }
    const edits: Edit[] = [];
    let result = '';
    let last = 0;
    for (const c of list) {
      // A one-line word hyphenated at both ends ("co-\nop-\neration"): the first join wins.
      if (c.start < last) continue;
      const hyphenated = counts.get(`${c.a}-${c.b}`.toLowerCase()) ?? 0;
      const joined = counts.get(`${c.a}${c.b}`.toLowerCase()) ?? 0;
      const word = hyphenated > joined ? `${c.a}-${c.b}` : `${c.a}${c.b}`;
      edits.push({ at: c.start, length: c.end - c.start, inserted: word.length });
      result += page.slice(last, c.start) + word;
      last = c.end;
    }
    const joins = offsetMap(edits);
    maps.push((offset) => joins(soft(offset)));
    return result + page.slice(last);
  });
  return { pages: out, maps };
}

/** An outline entry resolved to a 0-based page index (null when its destination is unknown). */
export interface OutlineEntry {
  title: string;
  level: number;
  pageIndex: number | null;
}

/** Result of reading every page: text or the reason a page could not be read. */
export interface PageResult {
  text: string;
  failed?: string;
  /** Per line: start, end (offsets into `text`), x0, y0, x1, y1 (see `layoutLines`). */
  lines?: Float64Array;
  /** The page's crop box: x0, y0, x1, y1. */
  box?: readonly number[];
  /** The page has no text layer but shows images: a scan, unless OCR read it (`ocr`). */
  images?: boolean;
  /** Set when the text was recognised by OCR; `warning` when it was too unsure to use. */
  ocr?: { confidence: number; warning?: string };
}

/**
 * Joins page texts (separated by a blank line) into one document with page spans, printed
 * labels, outline sections placed at their title on the page when it can be found, and
 * warnings for unreadable or textless pages; and the line geometry with offsets into that text.
 */
export function assemblePdf(
  results: readonly PageResult[],
  meta: { labels: string[] | null; outline: OutlineEntry[]; title?: string },
  fallbackTitle: string,
): { doc: DocumentText; geometry: TextGeometry } {
  const { pages: texts, maps } = dehyphenateMapped(results.map((r) => r.text));
  const pages: PageSpan[] = [];
  let text = '';
  texts.forEach((pageText, index) => {
    // Pages are separated by a blank line; a page without text adds nothing (an empty span).
    if (text !== '' && pageText !== '') text += '\n\n';
    const span: PageSpan = {
      number: index + 1,
      start: text.length,
      end: text.length + pageText.length,
    };
    const label = meta.labels?.[index];
    if (label !== undefined && label !== '') span.label = label;
    pages.push(span);
    text += pageText;
  });
  const warnings: string[] = [];
  const failed = results.flatMap((r, i) => (r.failed === undefined ? [] : [i + 1]));
  if (failed.length > 0) {
    warnings.push(
      `${failed.length === 1 ? 'Page' : 'Pages'} ${formatRanges(failed)} could not be read (damaged) and ${failed.length === 1 ? 'was' : 'were'} skipped.`,
    );
  }
  const unsure = results.flatMap((r, i) => (r.ocr?.warning === undefined ? [] : [i + 1]));
  if (unsure.length > 0) {
    warnings.push(
      `${unsure.length === 1 ? 'Page' : 'Pages'} ${formatRanges(unsure)} could not be read reliably by OCR (confidence below ${MIN_PAGE_CONFIDENCE}%) and ${unsure.length === 1 ? 'was' : 'were'} left without text.`,
    );
  }
  // Textless pages: scans nobody recognised (OCR off), or pages with nothing to read on them
  // (blank, or OCR found no words).
  const textless = results.flatMap((r, i) =>
    r.failed === undefined && r.ocr?.warning === undefined && r.text.trim() === '' ? [i] : [],
  );
  const unread = textless.filter((i) => results[i]?.images === true && !results[i]?.ocr);
  const blank = textless.filter((i) => !unread.includes(i));
  if (unread.length > 0) {
    const one = unread.length === 1;
    warnings.push(
      `${one ? 'Page' : 'Pages'} ${formatRanges(unread.map((i) => i + 1))} ${one ? 'is a scanned image' : 'are scanned images'} without text and ${one ? 'was' : 'were'} not read: read the document with OCR to include ${one ? 'it' : 'them'}.`,
    );
  }
  if (blank.length > 0) {
    const one = blank.length === 1;
    warnings.push(
      `${one ? 'Page' : 'Pages'} ${formatRanges(blank.map((i) => i + 1))} ${one ? 'has' : 'have'} no text (blank pages?).`,
    );
  }
  const sections: Section[] = [];
  for (const entry of meta.outline) {
    if (entry.pageIndex === null) continue;
    const page = pages[entry.pageIndex];
    if (page === undefined) continue;
    const pageBody = text.slice(page.start, page.end);
    const needle = entry.title.replace(/\s+/g, ' ').trim();
    const at = needle === '' ? -1 : pageBody.replace(/\s/g, ' ').indexOf(needle);
    sections.push({
      title: entry.title,
      level: entry.level,
      start: page.start + Math.max(0, at),
      page: page.number,
    });
  }
  sections.sort((x, y) => x.start - y.start);
  const title = meta.title?.trim() || fallbackTitle;
  const doc: DocumentText = { format: 'pdf', title, text, pages, sections, warnings };
  const ocrPages = results.flatMap((r, i) =>
    r.ocr !== undefined && r.ocr.warning === undefined
      ? [{ page: i + 1, confidence: Math.round(r.ocr.confidence * 10) / 10 }]
      : [],
  );
  if (ocrPages.length > 0) doc.ocrPages = ocrPages;
  return { doc, geometry: pageGeometry(results, pages, maps) };
}

function pageGeometry(
  results: readonly PageResult[],
  pages: readonly PageSpan[],
  maps: readonly ((offset: number) => number)[],
): TextGeometry {
  const lineCount = results.reduce((n, r) => n + (r?.lines?.length ?? 0) / LINE_FIELDS, 0);
  const spans = new Int32Array(lineCount * 3);
  const boxes = new Float32Array(lineCount * 4);
  const pageBoxes = new Float32Array(results.length * 4);
  let at = 0;
  results.forEach((result, index) => {
    pageBoxes.set((result?.box ?? [0, 0, 0, 0]).slice(0, 4), index * 4);
    const lines = result?.lines;
    const page = pages[index];
    const map = maps[index];
    if (lines === undefined || page === undefined || map === undefined) return;
    for (let l = 0; l + LINE_FIELDS <= lines.length; l += LINE_FIELDS) {
      spans[at * 3] = page.number;
      spans[at * 3 + 1] = page.start + map(lines[l] ?? 0);
      spans[at * 3 + 2] = page.start + map(lines[l + 1] ?? 0);
      boxes.set(lines.subarray(l + 2, l + 6), at * 4);
      at++;
    }
  });
  return { spans, boxes, pageBoxes };
}

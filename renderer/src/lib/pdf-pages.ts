// Pages of an extracted PDF for the page view: which page holds a character, which page a typed
// number or printed label means, how a passage is named, and where a selection of the
// text view lies in the text. Pure.
import type { DocumentText, PageSpan } from '../../../shared/model.ts';
import { phrasePattern } from './find-hits.ts';
import { pageName as namePage } from '../../../shared/page-label.ts';

/** The page a person typed: its printed label first, then its number; undefined if none. */
export function pageFromInput(pages: readonly PageSpan[], typed: string): number | undefined {
  const key = typed.trim();
  if (key === '') return undefined;
  const byLabel =
    pages.find((p) => p.label === key) ??
    pages.find((p) => p.label?.toLowerCase() === key.toLowerCase());
  if (byLabel) return byLabel.number;
  const n = Number(key);
  return pages.some((p) => p.number === n) ? n : undefined;
}

/** The span of page `page` (1-based). */
export function spanOf(pages: readonly PageSpan[], page: number): PageSpan | undefined {
  const guess = pages[page - 1];
  return guess?.number === page ? guess : pages.find((p) => p.number === page);
}

/** "p. 7", or "p. 5 (PDF page 7)" where the printed label differs. */
export function pageName(
  pages: readonly PageSpan[],
  page: number,
  options: { of?: number } = {},
): string {
  return namePage(page, spanOf(pages, page)?.label, options);
}

/** What the page view says about a page's text: none, or read by OCR (with its confidence). */
export function pageTextNote(doc: DocumentText, page: number): string | null {
  const ocr = doc.ocrPages?.find((p) => p.page === page);
  if (ocr !== undefined)
    return `This page has no text layer: its text was read by OCR (${Math.round(ocr.confidence)}% confidence). Check quotes against the page.`;
  const span = spanOf(doc.pages ?? [], page);
  if (span !== undefined && doc.text.slice(span.start, span.end).trim() === '')
    return 'This page has no text layer and was not read: nothing on it can be highlighted or quoted.';
  return null;
}

const MAX_SELECTION = 4000;

/**
 * Where `selected` (text selected in the text view, whose line breaks and spaces may differ
 * from the text's) lies in `text`, searching from `from` on; undefined when it is not there.
 */
export function findSelection(
  text: string,
  selected: string,
  from: number,
): { start: number; end: number } | undefined {
  if (selected.length > MAX_SELECTION) return undefined;
  const pattern = phrasePattern(selected, 'g');
  if (pattern === undefined) return undefined;
  pattern.lastIndex = Math.max(0, from);
  const match = pattern.exec(text);
  return match ? { start: match.index, end: match.index + match[0].length } : undefined;
}

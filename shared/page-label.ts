// How the pages (and section) a chunk touches are written for people, in the app and in exports.
import type { ChunkPages, Evidence } from './schemas.ts';
import { visibleText } from './visible-text.ts';

export interface LabelOptions {
  /**
   * The dash of a range: the app shows an en dash ("pp. 3–7"); exports keep the ASCII hyphen
   * they have always written ("pp. 3-7").
   */
  dash?: '–' | '-';
}

/**
 * "p. 4", "pp. 3–7" or "p. iv" (printed labels preferred over numbers); '' without pages.
 * Printed labels are the document's text: their control and bidi characters are made visible
 * here, for every place that shows them; escaping for a markup language is the caller's.
 */
export function pagesLabel(pages: ChunkPages | undefined, options: LabelOptions = {}): string {
  if (!pages) return '';
  const first = visibleText(pages.firstLabel ?? String(pages.first));
  const last = visibleText(pages.lastLabel ?? String(pages.last));
  return first === last ? `p. ${first}` : `pp. ${first}${options.dash ?? '–'}${last}`;
}

/**
 * "pp. 212–219 · Chapter 7": the pages and the section in force, either may be missing. The
 * section title is the document's text, shown like the page labels.
 */
export function locationLabel(
  location: { pages?: ChunkPages | undefined; section?: string | undefined },
  options: LabelOptions = {},
): string {
  const section = visibleText(location.section ?? '');
  return [pagesLabel(location.pages, options), section].filter(Boolean).join(' · ');
}

/**
 * One page named for people, the one convention of the app and its exports: the printed label
 * first, since that is what a reader sees on paper, and the page's place in the PDF in brackets
 * only when it differs: "p. 149 (PDF page 177)", "p. 177", "p. iv (PDF page 4)". With `of` (the
 * page count) the position is said too: "p. 149 (PDF page 177 of 1151)", "p. 177 of 1151". The
 * label is the document's text: its control and bidi characters are made visible.
 */
export function pageName(
  page: number,
  label?: string | null | undefined,
  options: { of?: number | undefined } = {},
): string {
  const printed = label === null || label === undefined ? '' : visibleText(label);
  const of = options.of === undefined ? '' : ` of ${options.of}`;
  return printed === '' || printed === String(page)
    ? `p. ${page}${of}`
    : `p. ${printed} (PDF page ${page}${of})`;
}

/**
 * Where a passage of evidence is, for people: "p. 5 (PDF page 7) · Chapter 3 > Termination"
 * (the page as `pageName` writes it), "p. 7", or the section alone; '' when neither is known.
 * Like the labels above, the document's own strings are made visible here.
 */
export function evidenceLocation(e: Pick<Evidence, 'page' | 'pageLabel' | 'section'>): string {
  const page = e.page === null ? '' : pageName(e.page, e.pageLabel);
  return [page, visibleText(e.section ?? '')].filter(Boolean).join(' · ');
}

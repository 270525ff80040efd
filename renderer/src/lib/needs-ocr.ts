// Whether OCR is the first thing to do with a document: a PDF with (almost) no text of its own,
// a scan nobody has recognised yet. Once OCR gave it text, asking leads again and a new reading
// waits under "More" (the library's rows and the reader's toolbar say the same).
import type { DocumentInfo } from '../../../shared/model.ts';

/** Fewer characters than this per page: a page of text has hundreds, a scan's stray marks few. */
const SCAN_CHARS_PER_PAGE = 20;

export function needsOcr(d: Pick<DocumentInfo, 'format' | 'chars' | 'pageCount'>): boolean {
  return (
    d.format === 'pdf' && d.pageCount !== undefined && d.chars < SCAN_CHARS_PER_PAGE * d.pageCount
  );
}

// What a re-read with OCR will cost in time, said before the user starts it.
import { plural } from '../../../shared/plural.ts';
import type { DocumentInfo, Reading } from '../../../shared/model.ts';
import { formatDuration } from './format.ts';

/**
 * Seconds OCR takes for a page on a two-core machine (2-5 s measured; docs/benchmarks.md): an
 * estimate to tell the user, not a limit.
 */
export const OCR_SECONDS_PER_PAGE = 3;

const RATE = `about ${OCR_SECONDS_PER_PAGE} s a page on this machine`;

function about(pages: number): string {
  return `about ${formatDuration(pages * OCR_SECONDS_PER_PAGE * 1000)} (${RATE})`;
}

/** One sentence: how many pages OCR will read with `mode` and how long that takes. */
export function readingCost(mode: Reading['ocr'], info: DocumentInfo): string {
  const pages = info.pageCount;
  if (mode === 'off') return 'No OCR: the text layer alone is read, in seconds.';
  if (pages === undefined) return `OCR takes ${RATE}.`;
  if (mode === 'all-pages')
    return pages === 1
      ? `The 1 page is recognised: ${about(pages)}.`
      : `All ${pages} pages are recognised: ${about(pages)}.`;
  // How many pages lack a text layer is known when the current reading looked for them.
  if (info.reading?.ocr === 'auto') {
    const scanned = info.ocrPageCount ?? 0;
    return scanned === 0
      ? 'Every page has a text layer, so nothing needs OCR: it takes seconds.'
      : `${scanned} of ${plural(pages, 'page')} ${scanned === 1 ? 'has' : 'have'} no text layer: ${about(scanned)}.`;
  }
  return `Only pages without a text layer are recognised; if all ${pages} are scans, ${about(pages)}.`;
}

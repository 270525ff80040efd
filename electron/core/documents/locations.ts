import type { ChunkInfo, DocumentText } from '../../../shared/model.ts';
import { lastStartingAtOrBefore } from '../../../shared/text-location.ts';

/**
 * Where the character span [start, end) lies: the first and last page it touches (numbers and
 * printed labels) and the section in force at `start`. Binary search; pages and sections must be
 * sorted by `start`, as the extractors produce them.
 */
export function locateSpan(
  doc: DocumentText,
  start: number,
  end: number,
): { pages?: ChunkInfo['pages']; section?: string } {
  const result: { pages?: ChunkInfo['pages']; section?: string } = {};
  const last = Math.max(start, end - 1);
  const pages = doc.pages;
  if (pages !== undefined && pages.length > 0) {
    const first = pages[Math.max(0, lastStartingAtOrBefore(pages, start))];
    const final = pages[Math.max(0, lastStartingAtOrBefore(pages, last))];
    if (first !== undefined && final !== undefined) {
      const span: NonNullable<ChunkInfo['pages']> = { first: first.number, last: final.number };
      if (first.label !== undefined) span.firstLabel = first.label;
      if (final.label !== undefined) span.lastLabel = final.label;
      result.pages = span;
    }
  }
  const sections = doc.sections;
  if (sections !== undefined && sections.length > 0) {
    const index = lastStartingAtOrBefore(sections, start);
    const section = sections[index];
    if (section !== undefined) result.section = section.title;
  }
  return result;
}

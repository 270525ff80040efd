// Where an offset of a document's text is: its page and its section path. Pure, for the core's
// chunk plans and for evidence in every process.
import type { PageSpan, Section } from './schemas.ts';

/** Index of the last element whose `start` is <= offset, or -1 (elements sorted by start). */
export function lastStartingAtOrBefore(
  items: readonly { start: number }[],
  offset: number,
): number {
  let lo = 0;
  let hi = items.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if ((items[mid]?.start ?? 0) <= offset) {
      found = mid;
      lo = mid + 1;
    } else {
      hi = mid - 1;
    }
  }
  return found;
}

/** The page holding `offset` (the last one starting at or before it), if the text has pages. */
export function pageAt(
  pages: readonly PageSpan[] | undefined,
  offset: number,
): PageSpan | undefined {
  if (pages === undefined || pages.length === 0) return undefined;
  return pages[Math.max(0, lastStartingAtOrBefore(pages, offset))];
}

/**
 * The chain of sections enclosing `offset`, outermost first, joined with " > " ("Chapter 3 >
 * Termination"): each section in force is kept until one of its level or a higher one starts.
 * Null when no section starts at or before it.
 */
export function sectionPath(
  sections: readonly Section[] | undefined,
  offset: number,
): string | null {
  if (sections === undefined) return null;
  const last = lastStartingAtOrBefore(sections, offset);
  const chain: Section[] = [];
  for (let i = 0; i <= last; i += 1) {
    const section = sections[i];
    if (section === undefined) continue;
    while (chain.length > 0 && (chain[chain.length - 1]?.level ?? 0) >= section.level) chain.pop();
    chain.push(section);
  }
  const titles = chain.map((s) => s.title.replace(/\s+/gu, ' ').trim()).filter(Boolean);
  return titles.length === 0 ? null : titles.join(' > ');
}

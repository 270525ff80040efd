// Which library rows show, and in what order: search by title or file name, sort by a column.
import type { DocumentInfo } from '../../../shared/model.ts';

export type LibrarySort = 'opened' | 'name' | 'size';

export const SORT_LABELS = {
  opened: 'Last opened',
  name: 'Name',
  size: 'Size (tokens)',
} satisfies Record<LibrarySort, string>;

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Tokens when counted, else the usual estimate of four characters a token. */
export const sizeInTokens = (d: DocumentInfo): number => d.tokenCount ?? d.chars / 4;

/**
 * The documents whose title or file name contains every word of `query` (case- and
 * accent-insensitive), sorted: newest opened, name A→Z, or largest first.
 */
export function libraryRows(
  documents: readonly DocumentInfo[],
  query: string,
  sort: LibrarySort,
): DocumentInfo[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const shown = documents.filter((d) => {
    const hay = fold(`${d.title} ${d.fileName}`);
    return words.every((w) => hay.includes(w));
  });
  const name = (d: DocumentInfo) => d.title || d.fileName;
  const order: Record<LibrarySort, (a: DocumentInfo, b: DocumentInfo) => number> = {
    opened: (a, b) => b.openedAt - a.openedAt,
    name: (a, b) => collator.compare(name(a), name(b)),
    size: (a, b) => sizeInTokens(b) - sizeInTokens(a),
  };
  return shown.sort(order[sort]);
}

function fold(s: string): string {
  return s.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

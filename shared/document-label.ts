// How a list names documents: by title, and only where two titles collide, with what tells them
// apart (the file name, then the folder, then the pages, then the start of the content hash).

/** What a document list knows of each document (DocumentInfo has all of it). */
export interface NamedDocument {
  id: string;
  title: string;
  fileName: string;
  path?: string;
  pageCount?: number;
}

type Qualifier = (d: NamedDocument) => string | undefined;

const folderOf = (file: string | undefined): string | undefined => {
  const parts = file?.split(/[\\/]/).filter((p) => p !== '');
  return parts && parts.length >= 2 ? parts[parts.length - 2] : undefined;
};

/** In the order they are tried: the first ones are what a person recognises. */
const QUALIFIERS: readonly Qualifier[] = [
  (d) => d.fileName || undefined,
  (d) => (folderOf(d.path) === undefined ? undefined : `in ${folderOf(d.path)}`),
  (d) => (d.pageCount === undefined ? undefined : `${d.pageCount} pages`),
  (d) => `id ${d.id.slice(0, 8)}`,
];

const key = (s: string): string => s.trim().toLowerCase();

/** A document's name alone: its title, else its file name. */
export function documentName(d: NamedDocument): string {
  return d.title.trim() || d.fileName;
}

/**
 * Each document's label in a list, by id: `documentName` where it is the only one so named, else
 * the name with as many qualifiers as it takes to tell the namesakes apart ("Annual report
 * (report-2023.pdf)", "Notes (notes.txt, in Work)"). A qualifier the namesakes share, or one that
 * repeats the name, is left out.
 */
export function documentLabels(docs: readonly NamedDocument[]): Map<string, string> {
  const groups = new Map<string, NamedDocument[]>();
  for (const d of docs) {
    const k = key(documentName(d));
    groups.set(k, [...(groups.get(k) ?? []), d]);
  }
  const labels = new Map<string, string>();
  for (const group of groups.values()) {
    const extra = new Map<string, string[]>(group.map((d) => [d.id, []]));
    const distinct = () =>
      new Set(group.map((d) => key(extra.get(d.id)!.join(', ')))).size === group.length;
    for (const qualify of QUALIFIERS) {
      if (group.length === 1 || distinct()) break;
      const values = group.map((d) => qualify(d));
      const differ = new Set(values.map((v) => key(v ?? ''))).size > 1;
      if (!differ) continue;
      group.forEach((d, i) => {
        const v = values[i];
        if (v !== undefined && key(v) !== key(documentName(d))) extra.get(d.id)!.push(v);
      });
    }
    for (const d of group) {
      const more = extra.get(d.id)!;
      labels.set(
        d.id,
        more.length === 0 ? documentName(d) : `${documentName(d)} (${more.join(', ')})`,
      );
    }
  }
  return labels;
}

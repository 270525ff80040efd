import type { DocumentInfo } from '../../shared/model.ts';

/** "Title (file.pdf)", or the file's name alone when the title is only that name. */
export function documentName(info: DocumentInfo | undefined, id: string): string {
  if (!info) return `(${id.slice(0, 8)})`;
  const bare = info.fileName.replace(/\.[^.]*$/, '');
  return info.title && info.title !== info.fileName && info.title !== bare
    ? `${info.title} (${info.fileName})`
    : info.fileName;
}

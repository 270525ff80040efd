// The file name endings the app offers as documents: the Open dialog's filter and the files a
// chosen folder contributes (electron/core/documents/folder-documents.ts). The bytes still decide
// the format when a file is opened (sniff.ts); this list only says what to offer.
// Pure TypeScript: no Node, DOM or electron imports.

export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'docx',
  'epub',
  'html',
  'htm',
  'txt',
  'md',
  'markdown',
] as const;

/** The file name ends in one of {@link DOCUMENT_EXTENSIONS} (any case). */
export function hasDocumentExtension(fileName: string): boolean {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0) return false;
  const ext = fileName.slice(dot + 1).toLowerCase();
  return (DOCUMENT_EXTENSIONS as readonly string[]).includes(ext);
}

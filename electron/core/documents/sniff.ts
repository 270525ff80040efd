// ZIP containers are looked into with the same reader as the DOCX and EPUB readers (zip-limits.ts).
import { zipEntryNames } from './zip-limits.ts';

/** What the first bytes of a file say it is. `zip` is a ZIP that is neither DOCX nor EPUB. */
export type SniffedKind =
  'pdf' | 'docx' | 'epub' | 'mobi' | 'zip' | 'ole' | 'rtf' | 'image' | 'archive' | 'text';

function startsWith(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  for (let i = 0; i < signature.length; i++) if (bytes[offset + i] !== signature[i]) return false;
  return true;
}

function ascii(bytes: Uint8Array, start: number, end: number): string {
  let s = '';
  for (let i = start; i < Math.min(end, bytes.length); i++) s += String.fromCharCode(bytes[i] ?? 0);
  return s;
}

/**
 * Identifies a document from its bytes. The file name is never trusted for the format; the
 * caller may use it only to tell Markdown from plain text once the bytes say "text".
 */
export function sniffKind(bytes: Uint8Array): SniffedKind {
  // PDF readers accept the header anywhere in the first KB (some files carry junk before it).
  const head = ascii(bytes, 0, 1024);
  if (head.includes('%PDF-')) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) {
    // EPUB puts an uncompressed "mimetype" entry first; check it, then the entry names.
    if (
      ascii(bytes, 30, 38) === 'mimetype' &&
      ascii(bytes, 38, 80).includes('application/epub+zip')
    )
      return 'epub';
    const names = zipEntryNames(bytes);
    if (names.includes('word/document.xml')) return 'docx';
    if (names.includes('META-INF/container.xml') || names.includes('mimetype')) return 'epub';
    return 'zip';
  }
  const pdbType = ascii(bytes, 60, 68);
  if (pdbType === 'BOOKMOBI' || pdbType === 'TEXtREAd') return 'mobi';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (head.startsWith('{\\rtf')) return 'rtf';
  if (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    head.startsWith('GIF8') ||
    (head.startsWith('RIFF') && ascii(bytes, 8, 12) === 'WEBP') ||
    startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) ||
    startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])
  ) {
    return 'image';
  }
  if (
    startsWith(bytes, [0x1f, 0x8b]) ||
    startsWith(bytes, [0x42, 0x5a, 0x68]) ||
    startsWith(bytes, [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]) ||
    startsWith(bytes, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]) ||
    head.startsWith('Rar!')
  ) {
    return 'archive';
  }
  return 'text';
}

/** True when decoded text looks like an HTML or XHTML document rather than prose. */
export function looksLikeHtml(text: string): boolean {
  const head = text
    .slice(0, 4096)
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  if (/^<!doctype\s+html/.test(head) || head.startsWith('<html')) return true;
  if (head.startsWith('<?xml') && /<html[\s>]/.test(head)) return true;
  // Fragments without a doctype: markup near the top that only HTML has.
  if (head.startsWith('<') && /<(head|body|title|meta|p|div|h[1-6])[\s>]/.test(head)) return true;
  return false;
}

/** True when the file name or the text suggests Markdown (only ever used for text content). */
export function looksLikeMarkdown(text: string, name?: string): boolean {
  if (name !== undefined && /\.(md|markdown|mdown|mkd)$/i.test(name)) return true;
  if (name !== undefined && /\.txt$/i.test(name)) return false;
  const sample = text.slice(0, 20_000);
  const headings = sample.match(/^#{1,6} \S/gm)?.length ?? 0;
  const fences = sample.match(/^```/gm)?.length ?? 0;
  return headings >= 2 || (headings >= 1 && fences >= 2);
}

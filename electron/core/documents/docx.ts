import mammoth from 'mammoth';
import type { DocumentText } from '../../../shared/model.ts';
import { decodeEntities } from './entities.ts';
import { htmlToText } from './html.ts';
import { checkZipLimits, unzipLimited } from './zip-limits.ts';

/** dc:title from docProps/core.xml, if the document has one. */
function coreTitle(bytes: Uint8Array): string | undefined {
  const files = unzipLimited(bytes, (name) => name === 'docProps/core.xml');
  const xml = files['docProps/core.xml'];
  if (xml === undefined) return undefined;
  const m = /<dc:title[^>]*>([\s\S]*?)<\/dc:title>/.exec(new TextDecoder().decode(xml));
  const title = m?.[1] === undefined ? '' : decodeEntities(m[1]).trim();
  return title === '' ? undefined : title;
}

/**
 * A Word document through mammoth's HTML (footnotes, endnotes, tables and lists survive there,
 * unlike its raw text), then our HTML-to-text path: headings become sections.
 */
export async function extractDocx(bytes: Uint8Array, fallbackTitle: string): Promise<DocumentText> {
  checkZipLimits(bytes);
  const result = await mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    {
      externalFileAccess: false,
      // Images are not text: skip encoding them as data URIs.
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
    },
  );
  const { text, sections } = htmlToText(result.value);
  const warnings = result.messages
    .filter((m) => m.type === 'error')
    .map((m) => `Part of the document could not be read: ${m.message}`);
  const title = coreTitle(bytes) ?? sections.find((s) => s.level === 1)?.title ?? fallbackTitle;
  return { format: 'docx', title, text, sections, warnings };
}

import mammoth from 'mammoth';
import type { DocumentText } from '../../../shared/model.ts';
import { decodeEntities } from './entities.ts';
import { htmlToText } from './html.ts';
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from './limits.ts';
import { openZip, type BoundedZip } from './zip-limits.ts';

/** dc:title from docProps/core.xml, if the document has one. */
function coreTitle(zip: BoundedZip): string | undefined {
  const xml = zip.read('docProps/core.xml');
  if (xml === undefined) return undefined;
  const m = /<dc:title[^>]*>([\s\S]*?)<\/dc:title>/.exec(new TextDecoder().decode(xml));
  const title = m?.[1] === undefined ? '' : decodeEntities(m[1]).trim();
  return title === '' ? undefined : title;
}

/**
 * mammoth's own archive interface (`lib/zipfile.js`, accepted as `{ file }` by its `openZip`)
 * over our bounded reader: every part mammoth reads is inflated by us under the budget, so
 * JSZip never inflates anything (it trusts no limit and ignores declared sizes).
 */
function mammothFile(zip: BoundedZip): object {
  return {
    exists: (name: string): boolean => zip.has(name),
    read: (name: string, encoding?: string): Promise<Uint8Array | string> => {
      try {
        const bytes = zip.read(name) ?? new Uint8Array();
        if (encoding === 'base64') return Promise.resolve(Buffer.from(bytes).toString('base64'));
        return Promise.resolve(
          encoding === undefined ? bytes : new TextDecoder(encoding).decode(bytes),
        );
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },
  };
}

/** mammoth's HTML of a Word document (images left empty), and the archive it came from. */
export async function docxHtml(
  bytes: Uint8Array,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): Promise<{ html: string; errors: string[]; zip: BoundedZip }> {
  const zip = openZip(bytes, limits);
  const input = { file: mammothFile(zip) } as unknown as Parameters<
    typeof mammoth.convertToHtml
  >[0];
  const result = await mammoth.convertToHtml(input, {
    externalFileAccess: false,
    // Images are not text: skip reading them (and encoding them as data URIs).
    convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
  });
  const errors = result.messages.filter((m) => m.type === 'error').map((m) => m.message);
  return { html: result.value, errors, zip };
}

/**
 * A Word document through mammoth's HTML (footnotes, endnotes, tables and lists survive there,
 * unlike its raw text), then our HTML-to-text path: headings become sections.
 */
export async function extractDocx(
  bytes: Uint8Array,
  fallbackTitle: string,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): Promise<DocumentText> {
  const { html, errors, zip } = await docxHtml(bytes, limits);
  const { text, sections } = htmlToText(html);
  const warnings = errors.map((m) => `Part of the document could not be read: ${m}`);
  const title = coreTitle(zip) ?? sections.find((s) => s.level === 1)?.title ?? fallbackTitle;
  return { format: 'docx', title, text, sections, warnings };
}

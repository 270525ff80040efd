// A DOCX, EPUB or HTML document as HTML to read: sanitized to structure only (no script, no
// styles, no attributes, nothing that loads or navigates), its blocks carrying the offsets of
// their text in the extracted text so a passage can be highlighted in it.
import render from 'dom-serializer';
import { Element, Text, type ChildNode } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';
import type { DocumentFormat } from '../../../shared/model.ts';
import { matchLoosely } from '../../../shared/text-align.ts';
import { docxHtml } from './docx.ts';
import { chapterStarts, readEpub } from './epub.ts';
import { decodeHtml } from './html.ts';
import { DEFAULT_EXTRACTION_LIMITS, type ExtractionLimits } from './limits.ts';

const BLOCKS = [
  'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'table',
  'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'blockquote', 'pre', 'div',
  'section', 'article', 'aside', 'figure', 'figcaption', 'header', 'footer', 'main', 'hr',
]; // prettier-ignore
const INLINE = ['span', 'em', 'strong', 'b', 'i', 'u', 's', 'sub', 'sup', 'small', 'code', 'br'];
const BLOCK_SET = new Set(BLOCKS);
const BACKLINK = 'x-backlink';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCKS, ...INLINE],
  // Table structure only; nothing else survives (no class, id, style, href, src, on*).
  allowedAttributes: { td: ['colspan', 'rowspan'], th: ['colspan', 'rowspan'] },
  allowedSchemes: [],
  allowProtocolRelative: false,
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  // Dropped with their content, as the text extractor drops them (html.ts).
  nonTextTags: [
    'script', 'style', 'textarea', 'option', 'noscript', 'template', 'head', 'title', 'svg',
    'iframe', 'object', 'embed', 'canvas', 'video', 'audio', 'select', 'button', BACKLINK,
  ], // prettier-ignore
  // Links read as text; mark (our highlight) and anything unknown keep only their text.
  // mammoth's footnote back-links ("↑") go, as they do from the text.
  transformTags: {
    a: (_, attribs) => ({
      tagName: /^#(footnote|endnote)-ref/.test(attribs.href ?? '') ? BACKLINK : 'span',
      attribs: {},
    }),
    mark: 'span',
  },
};

/** `html` with only structural tags, no attributes but colspan/rowspan, nothing active. */
export function sanitizeForReading(html: string): string {
  return sanitizeHtml(html.replace(/[\uE000\uE001]/g, ''), OPTIONS);
}

/**
 * Sanitized `html` whose block elements carry `data-start`/`data-end`: the span of their text
 * in `text` (found from `from` on, in document order). Blocks whose text is not found carry none.
 */
export function annotateBlocks(
  html: string,
  text: string,
  from = 0,
): { html: string; start?: number; end: number } {
  const doc = parseDocument(sanitizeForReading(html));
  let cursor = from;
  const walk = (nodes: ChildNode[]): { start?: number; end?: number } => {
    let start: number | undefined;
    let end: number | undefined;
    for (const node of nodes) {
      let span: { start?: number; end?: number } | null = null;
      if (node instanceof Text) {
        span = matchLoosely(text, cursor, node.data);
        if (span) cursor = span.end ?? cursor;
      } else if (node instanceof Element) {
        span = walk(node.children);
        if (BLOCK_SET.has(node.name) && span.start !== undefined && span.end !== undefined) {
          node.attribs['data-start'] = String(span.start);
          node.attribs['data-end'] = String(span.end);
        }
      }
      if (span?.start !== undefined) start ??= span.start;
      if (span?.end !== undefined) end = span.end;
    }
    const result: { start?: number; end?: number } = {};
    if (start !== undefined) result.start = start;
    if (end !== undefined) result.end = end;
    return result;
  };
  const span = walk(doc.children);
  const out: { html: string; start?: number; end: number } = {
    html: render(doc, { encodeEntities: 'utf8' }),
    end: span.end ?? cursor,
  };
  if (span.start !== undefined) out.start = span.start;
  return out;
}

/**
 * The rendered document of `format` read from `bytes`, aligned with `text` (the document's
 * extracted text, as this extractor gives it); null for formats read as plain text.
 * EPUB chapters become `<section>`s, each aligned within its own part of the text.
 */
export async function renderedHtml(
  format: DocumentFormat,
  bytes: Uint8Array,
  text: string,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): Promise<string | null> {
  if (format === 'html') return section(annotateBlocks(bodyOf(decodeHtml(bytes)), text));
  if (format === 'docx') {
    const { html } = await docxHtml(bytes, limits);
    return section(annotateBlocks(html, text));
  }
  if (format !== 'epub') return null;
  const { chapters } = readEpub(bytes, '', () => undefined, limits, true);
  const starts = chapterStarts(chapters);
  const parts: string[] = [];
  chapters.forEach((chapter, i) => {
    const start = starts[i];
    if (start === undefined || chapter.html === undefined) return;
    // Aligned within the chapter's own text, so one chapter's misses cannot drift into the next.
    const own = text.slice(0, start + chapter.text.length);
    parts.push(section(annotateBlocks(bodyOf(chapter.html), own, start)));
  });
  return parts.join('\n');
}

/** The body of an HTML document (head, title and the rest before it are not for reading). */
function bodyOf(html: string): string {
  const open = /<body\b[^>]*>/i.exec(html);
  return open === null ? html : html.slice(open.index + open[0].length);
}

function section(part: { html: string; start?: number; end: number }): string {
  const offsets =
    part.start === undefined ? '' : ` data-start="${part.start}" data-end="${part.end}"`;
  return `<section class="rendered-part"${offsets}>${part.html}</section>`;
}

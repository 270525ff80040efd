import { convert, type FormatCallback, type HtmlToTextOptions } from 'html-to-text';
import iconv from 'iconv-lite';
import type { DocumentText, Section } from '../../../shared/model.ts';
import { decodeText, normalizeNewlines } from './decode-text.ts';
import { decodeEntities } from './entities.ts';

// Private-use characters mark where a heading starts in the converted text; they are stripped
// from the input first so a document cannot forge one.
const MARK = '\uE000';
const MARK_END = '\uE001';

const markedHeading: FormatCallback = (elem, walk, builder, formatOptions) => {
  const level = Number((elem.name ?? 'h1').slice(1)) || 1;
  builder.openBlock({ leadingLineBreaks: formatOptions.leadingLineBreaks ?? 2 });
  builder.addLiteral(`${MARK}${level}${MARK_END}`);
  walk(elem.children, builder);
  builder.closeBlock({ trailingLineBreaks: formatOptions.trailingLineBreaks ?? 2 });
};

/** Tables row by row: one line per row, cells separated by " | " (models read this well). */
const rowTable: FormatCallback = (elem, walk, builder, formatOptions) => {
  builder.openTable();
  const walkTable = (node: typeof elem): void => {
    if (node.type !== 'tag') return;
    if (node.name === 'thead' || node.name === 'tbody' || node.name === 'tfoot') {
      node.children.forEach(walkTable);
      return;
    }
    if (node.name !== 'tr') return;
    builder.openTableRow();
    for (const cell of node.children) {
      if (cell.type !== 'tag' || (cell.name !== 'td' && cell.name !== 'th')) continue;
      builder.openTableCell();
      walk(cell.children, builder);
      builder.closeTableCell();
    }
    builder.closeTableRow();
  };
  elem.children.forEach(walkTable);
  builder.closeTable({
    tableToString: (rows) =>
      rows
        .map((cells) => cells.map((c) => c.text.replace(/\s*\n+\s*/g, ' ').trim()).join(' | '))
        .filter((line) => line.replace(/[\s|]/g, '') !== '')
        .join('\n'),
    leadingLineBreaks: formatOptions.leadingLineBreaks ?? 2,
    trailingLineBreaks: formatOptions.trailingLineBreaks ?? 2,
  });
};

const skip = (selector: string): { selector: string; format: string } => ({
  selector,
  format: 'skip',
});

const OPTIONS: HtmlToTextOptions = {
  wordwrap: false,
  formatters: { markedHeading, rowTable },
  // The default silently truncates long input; size is limited before we get here.
  limits: { maxInputLength: Number.MAX_SAFE_INTEGER },
  selectors: [
    skip('script'),
    skip('style'),
    skip('noscript'),
    skip('template'),
    skip('svg'),
    skip('head'),
    skip('img'),
    { selector: 'a', options: { ignoreHref: true } },
    // mammoth's footnote back-links ("↑").
    skip('a[href^="#footnote-ref"]'),
    skip('a[href^="#endnote-ref"]'),
    { selector: 'table', format: 'rowTable' },
    ...['h1', 'h2', 'h3', 'h4', 'h5', 'h6'].map((h) => ({ selector: h, format: 'markedHeading' })),
    { selector: 'ul', options: { itemPrefix: '- ' } },
  ],
};

/** Text of an HTML string plus its headings as sections (offsets into the returned text). */
export function htmlToText(html: string): { text: string; sections: Section[] } {
  const clean = html.replace(/[\uE000\uE001]/g, '');
  const raw = normalizeNewlines(convert(clean, OPTIONS));
  const sections: Section[] = [];
  let text = '';
  let last = 0;
  const re = /\uE000(\d)\uE001/g;
  for (let m = re.exec(raw); m !== null; m = re.exec(raw)) {
    text += raw.slice(last, m.index);
    last = m.index + m[0].length;
    // The marker sits before the heading's own leading whitespace, which html-to-text then keeps.
    while (raw[last] === ' ' || raw[last] === '\t') last++;
    const lineEnd = raw.indexOf('\n', last);
    const title = raw
      .slice(last, lineEnd < 0 ? raw.length : lineEnd)
      .replace(/\uE000\d\uE001/g, '')
      .trim();
    if (title !== '') sections.push({ title, level: Number(m[1]), start: text.length });
  }
  text += raw.slice(last);
  return { text, sections };
}

/** The `<title>` of an HTML document, entities decoded and whitespace collapsed. */
export function htmlTitle(html: string): string | undefined {
  const m = /<title[^>]*>([\s\S]{0,2000}?)<\/title>/i.exec(html.slice(0, 100_000));
  const title =
    m?.[1] === undefined
      ? ''
      : decodeEntities(m[1].replace(/<[^>]*>/g, ''))
          .replace(/\s+/g, ' ')
          .trim();
  return title === '' ? undefined : title;
}

/** Decodes HTML bytes: BOM and UTF-8 first, then a `<meta charset>` declaration, then detection. */
export function decodeHtml(bytes: Uint8Array): string {
  const decoded = decodeText(bytes);
  if (decoded.encoding === 'utf-8' || decoded.encoding.startsWith('utf-')) return decoded.text;
  const head = Buffer.from(bytes.subarray(0, 4096)).toString('latin1');
  const declared = /<meta[^>]+charset\s*=\s*["']?([\w-]+)/i.exec(head)?.[1];
  if (declared !== undefined && iconv.encodingExists(declared) && !/^utf-?8$/i.test(declared)) {
    return normalizeNewlines(iconv.decode(Buffer.from(bytes), declared));
  }
  return decoded.text;
}

/** An HTML document: text with tables row by row, headings as sections, title from `<title>`. */
export function extractHtml(bytes: Uint8Array, fallbackTitle: string): DocumentText {
  const html = decodeHtml(bytes);
  const { text, sections } = htmlToText(html);
  const title = htmlTitle(html) ?? sections.find((s) => s.level === 1)?.title ?? fallbackTitle;
  return { format: 'html', title, text, sections, warnings: [] };
}

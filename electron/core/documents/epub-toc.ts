import { decodeEntities } from './entities.ts';

/** A table-of-contents entry: where it points (a path inside the book, maybe with #fragment). */
export interface TocEntry {
  title: string;
  href: string;
  level: number;
}

const TOKEN = /<(\/?)([A-Za-z][\w:.-]*)([^>]*)>|([^<]+)/g;

function attr(attrs: string, name: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`, 'i').exec(attrs);
  const value = m?.[1] ?? m?.[2];
  return value === undefined ? undefined : decodeEntities(value);
}

const localName = (tag: string): string => tag.toLowerCase().replace(/^.*:/, '');

/**
 * Entries of an EPUB 2 NCX. A forgiving tag scanner rather than an XML parser, because real
 * NCX files contain unclosed navPoints and other bad markup that strict parsers reject.
 */
export function parseNcx(xml: string): TocEntry[] {
  const entries: TocEntry[] = [];
  const stack: { title: string; href?: string | undefined; pushed: boolean }[] = [];
  let inText = false;
  let text = '';
  for (const m of xml.matchAll(TOKEN)) {
    const [, close, tag, attrs = '', chars] = m;
    if (chars !== undefined) {
      if (inText) text += chars;
      continue;
    }
    const name = localName(tag ?? '');
    const top = stack[stack.length - 1];
    if (name === 'navpoint') {
      if (close === '') stack.push({ title: '', pushed: false });
      else stack.pop();
    } else if (name === 'text' && top !== undefined && top.title === '') {
      if (close === '') {
        inText = true;
        text = '';
      } else {
        inText = false;
        top.title = decodeEntities(text).replace(/\s+/g, ' ').trim();
      }
    } else if (name === 'content' && close === '' && top !== undefined) {
      top.href = attr(attrs, 'src');
    }
    if (top !== undefined && !top.pushed && top.title !== '' && top.href !== undefined) {
      top.pushed = true;
      entries.push({ title: top.title, href: top.href, level: stack.length });
    }
  }
  return entries;
}

/** Entries of an EPUB 3 navigation document's `toc` nav (nested `ol` give the levels). */
export function parseNav(xhtml: string): TocEntry[] {
  const entries: TocEntry[] = [];
  let inToc = false;
  let navDepth = 0;
  let olDepth = 0;
  let link: { href: string; text: string } | undefined;
  for (const m of xhtml.matchAll(TOKEN)) {
    const [, close, tag, attrs = '', chars] = m;
    if (chars !== undefined) {
      if (link !== undefined) link.text += chars;
      continue;
    }
    const name = localName(tag ?? '');
    if (name === 'nav') {
      if (close === '') {
        navDepth++;
        const type = attr(attrs, 'epub:type') ?? attr(attrs, 'type') ?? attr(attrs, 'role') ?? '';
        if (!inToc && /\btoc\b|doc-toc/.test(type)) {
          inToc = true;
          navDepth = 1;
        }
      } else if (inToc && --navDepth === 0) {
        inToc = false;
      }
      continue;
    }
    if (!inToc) continue;
    if (name === 'ol' || name === 'ul') olDepth += close === '' ? 1 : -1;
    else if (name === 'a' && close === '') link = { href: attr(attrs, 'href') ?? '', text: '' };
    else if (name === 'a' && link !== undefined) {
      const title = decodeEntities(link.text).replace(/\s+/g, ' ').trim();
      if (title !== '' && link.href !== '')
        entries.push({ title, href: link.href, level: Math.max(1, olDepth) });
      link = undefined;
    }
  }
  return entries;
}

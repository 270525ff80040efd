import { XMLParser } from 'fast-xml-parser';
import type { DocumentText, Section } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { decodeEntities } from './entities.ts';
import { parseNav, parseNcx, type TocEntry } from './epub-toc.ts';
import { decodeHtml, htmlToText } from './html.ts';
import {
  DEFAULT_EXTRACTION_LIMITS,
  mb,
  PartTooLargeError,
  type ExtractionLimits,
} from './limits.ts';
import { openZip } from './zip-limits.ts';

// No entity processing at all: the parser hands back `&lt;` untouched and we decode the five
// XML entities and numeric references ourselves, so no DOCTYPE can expand anything.
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => ['item', 'itemref', 'rootfile', 'title'].includes(name),
});

type Xml = Record<string, unknown>;
const obj = (v: unknown): Xml =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Xml) : {};
const arr = (v: unknown): Xml[] =>
  Array.isArray(v) ? v.map(obj) : v === undefined ? [] : [obj(v)];
const str = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : typeof v === 'number'
      ? String(v)
      : typeof obj(v)['#text'] === 'string'
        ? (obj(v)['#text'] as string)
        : '';

function damaged(message: string, detail?: string): CoreError {
  return new CoreError('Damaged', message, detail === undefined ? {} : { detail });
}

/** Resolves `href` (URL-encoded, maybe with #fragment) against the folder of `base`. */
export function resolveHref(base: string, href: string): { path: string; fragment?: string } {
  const hash = href.indexOf('#');
  const fragment = hash >= 0 ? href.slice(hash + 1) : undefined;
  let raw = hash >= 0 ? href.slice(0, hash) : href;
  try {
    raw = decodeURIComponent(raw);
  } catch {
    // Keep an undecodable href as it is.
  }
  const parts = base.split('/').slice(0, -1);
  for (const part of raw.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  const result: { path: string; fragment?: string } = { path: parts.join('/') };
  if (fragment !== undefined && fragment !== '') result.fragment = fragment;
  return result;
}

/**
 * The chapters of an EPUB in spine order (see `extractEpub`). Entries are inflated one at a time
 * when needed, so only one chapter's bytes and text are in the making at any moment.
 */
export function readEpub(
  bytes: Uint8Array,
  fallbackTitle: string,
  progress: (done: number, total: number) => void,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
  keepHtml = false,
): { title: string; chapters: EpubChapter[]; warnings: string[] } {
  const zip = openZip(bytes, limits);
  const read = (path: string): string | undefined => {
    const data = zip.read(path);
    return data === undefined ? undefined : decodeHtml(data);
  };
  const container = read('META-INF/container.xml');
  let opfPath: string | undefined;
  if (container !== undefined) {
    const rootfiles = arr(obj(obj(obj(parser.parse(container)).container).rootfiles).rootfile);
    opfPath = rootfiles
      .map((r) => decodeEntities(str(r['full-path'])))
      .find((p) => p !== '' && zip.has(p));
  }
  opfPath ??= zip.names.find((name) => name.toLowerCase().endsWith('.opf'));
  const opfText = opfPath === undefined ? undefined : read(opfPath);
  if (opfPath === undefined || opfText === undefined) {
    throw damaged(
      'This EPUB is damaged: it has no package document (OPF).',
      'container.xml missing or pointing nowhere',
    );
  }
  const pkg = obj(obj(parser.parse(opfText)).package);
  const metadata = obj(pkg.metadata);
  const titles: unknown[] = Array.isArray(metadata.title) ? metadata.title : [metadata.title];
  const title =
    titles.map((t) => decodeEntities(str(t)).trim()).find((t) => t !== '') ?? fallbackTitle;
  const manifest = new Map<string, { href: string; type: string; properties: string }>();
  for (const item of arr(obj(pkg.manifest).item)) {
    const id = str(item.id);
    if (id !== '') {
      manifest.set(id, {
        href: decodeEntities(str(item.href)),
        type: str(item['media-type']),
        properties: str(item.properties),
      });
    }
  }
  const spine = obj(pkg.spine);
  const warnings: string[] = [];

  // Table of contents: EPUB 3 nav first, then the NCX named by the spine (or any NCX).
  let toc: TocEntry[] = [];
  let tocPath: string | undefined;
  const navItem = [...manifest.values()].find((m) => /\bnav\b/.test(m.properties));
  if (navItem !== undefined) {
    tocPath = resolveHref(opfPath, navItem.href).path;
    const nav = read(tocPath);
    if (nav !== undefined) toc = parseNav(nav);
  }
  if (toc.length === 0) {
    const ncxItem =
      manifest.get(str(spine.toc)) ??
      [...manifest.values()].find((m) => m.type === 'application/x-dtbncx+xml');
    if (ncxItem !== undefined) {
      tocPath = resolveHref(opfPath, ncxItem.href).path;
      const ncx = read(tocPath);
      if (ncx !== undefined) toc = parseNcx(ncx);
    }
  }
  const tocByFile = new Map<string, { title: string; level: number }[]>();
  for (const entry of toc) {
    const { path } = resolveHref(tocPath ?? opfPath, entry.href);
    const list = tocByFile.get(path) ?? [];
    list.push({ title: entry.title, level: entry.level });
    tocByFile.set(path, list);
  }

  // Spine order, each file once (some books list a file several times with #fragments).
  const order: string[] = [];
  const seen = new Set<string>();
  for (const ref of arr(spine.itemref)) {
    const item = manifest.get(str(ref.idref));
    if (item === undefined) {
      warnings.push(`The spine refers to a missing item "${str(ref.idref)}".`);
      continue;
    }
    const { path } = resolveHref(opfPath, item.href);
    if (!seen.has(path)) {
      seen.add(path);
      order.push(path);
    }
  }
  if (order.length === 0)
    throw damaged('This EPUB is damaged: its reading order (spine) is empty.');

  const chapters: EpubChapter[] = [];
  const missing: string[] = [];
  const oversize: string[] = [];
  order.forEach((path, index) => {
    progress(index, order.length);
    if (!zip.has(path)) {
      missing.push(path);
      return;
    }
    try {
      const source = read(path) ?? '';
      const { text, sections } = htmlToText(source);
      const entries = tocByFile.get(path) ?? [];
      const chapter: EpubChapter = {
        path,
        level: entries[0]?.level ?? 1,
        text,
        toc: entries.slice(1),
      };
      if (keepHtml) chapter.html = source;
      const chapterTitle = entries[0]?.title ?? sections[0]?.title;
      if (chapterTitle !== undefined) chapter.title = chapterTitle;
      chapters.push(chapter);
    } catch (error) {
      if (error instanceof PartTooLargeError) {
        oversize.push(path);
        return;
      }
      // Over the document's total budget: the whole book is refused, not just this chapter.
      if (error instanceof CoreError && error.kind === 'TooLarge') throw error;
      warnings.push(
        `Chapter ${path} could not be read and was skipped (${error instanceof Error ? error.message : String(error)}).`,
      );
    }
  });
  progress(order.length, order.length);
  if (missing.length > 0) {
    warnings.push(
      `${missing.length} chapter file(s) listed in the book are missing and were skipped: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? '…' : ''}.`,
    );
  }
  if (oversize.length > 0) {
    warnings.push(
      `${oversize.length} chapter file(s) unpack to more than ${mb(limits.maxPartBytes)} each and were skipped: ${oversize.slice(0, 5).join(', ')}${oversize.length > 5 ? '…' : ''}.`,
    );
  }
  if (chapters.length === 0 && oversize.length > 0)
    throw new PartTooLargeError(oversize[0] ?? '', limits.maxPartBytes);
  if (chapters.length === 0 && missing.length === order.length)
    throw damaged('This EPUB is damaged: none of its chapters could be found.');
  return { title, chapters, warnings };
}

/** One spine file's text, its title from the TOC (or its first heading), further TOC entries into it. */
export interface EpubChapter {
  path: string;
  title?: string;
  level: number;
  text: string;
  toc: { title: string; level: number }[];
  /** The chapter's XHTML, when asked for (the rendered view). */
  html?: string;
}

/** Where each chapter's text starts in the book's text: chapters with no text are left out. */
export function chapterStarts(chapters: readonly EpubChapter[]): (number | undefined)[] {
  let length = 0;
  return chapters.map((chapter) => {
    if (chapter.text.trim() === '') return undefined;
    if (length > 0) length += 2;
    const start = length;
    length += chapter.text.length;
    return start;
  });
}

/**
 * An EPUB: container.xml → package document → spine order (each file once), titles from the
 * EPUB 3 navigation document or the EPUB 2 NCX, each XHTML file through the HTML path. Missing
 * or unreadable chapters become warnings; the rest of the book is still read.
 */
export async function extractEpub(
  bytes: Uint8Array,
  fallbackTitle: string,
  progress: (done: number, total: number) => void,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): Promise<DocumentText> {
  const { title, chapters, warnings } = readEpub(bytes, fallbackTitle, progress, limits);
  let text = '';
  const sections: Section[] = [];
  const starts = chapterStarts(chapters);
  chapters.forEach((chapter, i) => {
    const start = starts[i];
    if (start === undefined) return;
    if (text !== '') text += '\n\n';
    if (chapter.title !== undefined)
      sections.push({ title: chapter.title, level: chapter.level, start });
    // Further TOC entries into the same file (#fragments): placed where their title appears.
    for (const entry of chapter.toc) {
      const at = chapter.text.indexOf(entry.title);
      if (at >= 0) sections.push({ title: entry.title, level: entry.level, start: start + at });
    }
    text += chapter.text;
  });
  sections.sort((a, b) => a.start - b.start);
  return { format: 'epub', title, text, sections, warnings };
}

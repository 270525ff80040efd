import type { DocumentText, Section } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { controlCharRatio, decodeText } from './decode-text.ts';
import { looksLikeMarkdown } from './sniff.ts';

/** A title from the file name without its extension, or from the first line of the text. */
export function titleFrom(text: string, name?: string): string {
  if (name !== undefined && name.trim() !== '') {
    const base = name.split(/[\\/]/).pop() ?? name;
    const stem = base.replace(/\.[^.]{1,10}$/, '').trim();
    if (stem !== '') return stem;
  }
  const first = text.split('\n').find((line) => line.trim() !== '') ?? '';
  return first.trim().slice(0, 120) || 'Untitled';
}

/** ATX (`# Title`) and setext (`Title` over `===`/`---`) headings outside code fences. */
export function markdownSections(text: string): Section[] {
  const sections: Section[] = [];
  let offset = 0;
  let inFence = false;
  let previous: { line: string; start: number } | undefined;
  for (const line of text.split('\n')) {
    const start = offset;
    offset += line.length + 1;
    if (/^\s{0,3}(```|~~~)/.test(line)) {
      inFence = !inFence;
      previous = undefined;
      continue;
    }
    if (inFence) continue;
    const atx = /^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (atx !== null && atx[1] !== undefined && atx[2] !== undefined) {
      sections.push({ title: atx[2], level: atx[1].length, start });
      previous = undefined;
      continue;
    }
    const setext = /^\s{0,3}(=+|-+)\s*$/.exec(line);
    if (setext !== null && previous !== undefined && previous.line.trim() !== '') {
      sections.push({
        title: previous.line.trim(),
        level: setext[1]?.startsWith('=') ? 1 : 2,
        start: previous.start,
      });
      previous = undefined;
      continue;
    }
    previous = { line, start };
  }
  return sections;
}

/**
 * Plain text or Markdown: decoded with encoding detection, newlines normalised. Markdown keeps
 * its markup (models read it well) and its headings become sections.
 */
export function extractText(bytes: Uint8Array, name?: string): DocumentText {
  const { text, encoding } = decodeText(bytes);
  if (controlCharRatio(text) > 0.02) {
    throw new CoreError('Unsupported', 'This file does not look like a text document.', {
      hint: 'Open a PDF, DOCX, EPUB, HTML, Markdown or plain-text file.',
      detail: `decoded as ${encoding}, too many control characters`,
    });
  }
  const warnings: string[] = [];
  if (encoding !== 'utf-8' && encoding !== 'utf-16le' && encoding !== 'utf-16be') {
    warnings.push(`The text was not UTF-8; it was read as ${encoding}. Check accented letters.`);
  }
  if (looksLikeMarkdown(text, name)) {
    const sections = markdownSections(text);
    const firstH1 = sections.find((s) => s.level === 1)?.title;
    return {
      format: 'markdown',
      title: firstH1 ?? titleFrom(text, name),
      text,
      sections,
      warnings,
    };
  }
  return { format: 'text', title: titleFrom(text, name), text, warnings };
}

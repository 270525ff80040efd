// Escaping for Markdown, per context: a document's or a model's text must read as itself in a
// heading, a paragraph or a list item (no "gpl\-3\.0"), and never become a link, an image, HTML,
// a heading, a list or a table.
import { visibleText } from '../../../shared/visible-text.ts';

/**
 * One line of text for a heading, paragraph or list item. Escaped: the characters that open
 * emphasis, code, links and images, HTML and entities, tables and strikethrough; a `#` that
 * could open or close a heading; and the starts of GFM's bare links (`https://`, `www.`, `a@b`),
 * which would otherwise turn into live links. Everything else (`-`, `.`, `:`, `(`) stays as
 * written, so "gpl-3.0" reads "gpl-3.0" in the source too. Controls and bidi are shown.
 */
export function mdInline(raw: string): string {
  const text = visibleText(raw.replace(/\s+/g, ' ').trim())
    .replace(/[\\`*_[\]<>&|~]/g, (c) => `\\${c}`)
    .replace(/(^|\s)#/g, '$1\\#')
    .replace(/:(?=\/\/)/g, '\\:')
    .replace(/\b(www)\./gi, '$1\\.')
    .replace(/@/g, '\\@');
  // At the start of a line these would open a list, a quote or a setext underline.
  return text.replace(/^([-+=])/, '\\$1').replace(/^(\d+)([.)])/, '$1\\$2');
}

/**
 * A fenced block whose fence is longer than any backtick run inside, so content cannot close it;
 * control and bidi characters are shown, not written raw.
 */
export function mdFence(raw: string): string {
  const text = visibleText(raw);
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const bar = '`'.repeat(longest + 1);
  return `${bar}text\n${text}\n${bar}`;
}

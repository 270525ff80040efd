// The rendered document view's HTML: blocks map back to the right text; hostile HTML comes out
// inert.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'htmlparser2';
import { Element, type ChildNode } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { extractDocument } from './index.ts';
import { annotateBlocks, renderedHtml, sanitizeForReading } from './rendered-html.ts';
import { corpusDir, fixture } from './test-support.ts';

const squash = (s: string): string => s.replace(/[\s\u200b\ufeff]+/g, '');

/** Every element with offsets: its text, and the text its offsets point at. */
function blocks(html: string, text: string): { name: string; own: string; at: string }[] {
  const out: { name: string; own: string; at: string }[] = [];
  const textOf = (nodes: ChildNode[]): string =>
    nodes
      .map((n) => (n.type === 'text' ? n.data : n instanceof Element ? textOf(n.children) : ''))
      .join('');
  const walk = (nodes: ChildNode[]): void => {
    for (const n of nodes) {
      if (!(n instanceof Element)) continue;
      const start = n.attribs['data-start'];
      const end = n.attribs['data-end'];
      if (start !== undefined && end !== undefined)
        out.push({
          name: n.name,
          own: textOf(n.children),
          at: text.slice(Number(start), Number(end)),
        });
      walk(n.children);
    }
  };
  walk(parseDocument(html).children);
  return out;
}

async function check(path: string, format: 'docx' | 'epub' | 'html') {
  const bytes = new Uint8Array(readFileSync(path));
  const doc = await extractDocument({ bytes, name: path });
  const html = await renderedHtml(format, bytes, doc.text);
  expect(html).not.toBeNull();
  const found = blocks(html!, doc.text);
  // Leaf blocks (paragraphs, headings, cells, items) read exactly the text their offsets span.
  const leaves = found.filter((b) => /^(p|h\d|td|th|dt|dd)$/.test(b.name));
  expect(leaves.length).toBeGreaterThan(20);
  const exact = leaves.filter((b) => squash(b.own) === squash(b.at));
  expect(exact.length / leaves.length).toBeGreaterThan(0.98);
  return { doc, html: html!, found };
}

describe('rendered HTML of a document', () => {
  it('a DOCX (lease fixture): headings, a table and list items carry offsets of their text', async () => {
    const bytes = new Uint8Array(readFileSync(fixture('lease.docx')));
    const doc = await extractDocument({ bytes, name: 'lease.docx' });
    const html = (await renderedHtml('docx', bytes, doc.text))!;
    const found = blocks(html, doc.text);
    const heading = found.find((b) => b.name === 'h2' || b.name === 'h1');
    expect(heading).toBeDefined();
    expect(found.find((b) => b.name === 'td' && b.own === '950 EUR')?.at).toBe('950 EUR');
    expect(found.find((b) => b.name === 'li' && b.own === 'Quote the flat number.')?.at).toBe(
      'Quote the flat number.',
    );
    expect(html).toContain('<table');
    expect(html).not.toContain('↑');
  });

  it.skipIf(!existsSync(join(corpusDir, 'fhs-3.0.docx')))('the FHS as DOCX (corpus)', async () => {
    const { html } = await check(join(corpusDir, 'fhs-3.0.docx'), 'docx');
    expect(html).toContain('<table');
  });

  it.skipIf(!existsSync(join(corpusDir, 'fhs-3.0.html')))('the FHS as HTML (corpus)', async () => {
    await check(join(corpusDir, 'fhs-3.0.html'), 'html');
  });

  it.skipIf(!existsSync(join(corpusDir, 'live-manual.ja.epub')))(
    'the Japanese Debian Live manual (corpus EPUB): chapters as sections, every paragraph placed',
    async () => {
      const { doc, found } = await check(join(corpusDir, 'live-manual.ja.epub'), 'epub');
      const sections = found.filter((b) => b.name === 'section');
      expect(sections.length).toBeGreaterThan(5);
      // The middle of the book: a paragraph there reads what the text has at its offsets.
      const middle = found.filter((b) => b.name === 'p')[Math.floor(found.length / 4)]!;
      expect(doc.text).toContain(middle.at);
      expect(squash(middle.own)).toBe(squash(middle.at));
    },
  );
});

describe('sanitizing', () => {
  const hostile = [
    '<p>Clause <script>window.x=1</script>one.</p>',
    '<p><img src="x" onerror="alert(1)" alt="pic">Two</p>',
    '<p><a href="javascript:alert(1)" onclick="alert(2)">Three</a></p>',
    '<p style="background:url(https://evil.example/x)">Four</p>',
    '<style>p{background:url(https://evil.example/y)}</style>',
    '<iframe src="https://evil.example"></iframe>',
    '<svg onload="alert(3)"><script>alert(4)</script><text>svg text</text></svg>',
    '<form action="https://evil.example"><input name="q"><button>Send</button></form>',
    '<object data="x.swf"></object><embed src="x.swf"><link rel="stylesheet" href="https://evil.example/s.css">',
    '<base href="https://evil.example/"><meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<table><tr><td colspan="2" class="c" id="i">Five</td></tr></table>',
    '<math><mtext>six</mtext></math><details open ontoggle="alert(5)">Seven</details>',
  ].join('\n');

  it('keeps structure and text, drops everything that can run, load or navigate', () => {
    const out = sanitizeForReading(hostile);
    for (const bad of [
      '<script', 'onerror', 'onclick', 'onload', 'ontoggle', 'javascript:', 'url(', '<img',
      '<iframe', '<svg', 'style', '<a ', 'href', 'src', '<form', '<input', '<object', '<embed',
      '<link', '<base', '<meta', 'class=', 'id=', 'evil', 'alert',
    ]) expect(out, bad).not.toContain(bad); // prettier-ignore
    expect(out).toContain('<p>Clause one.</p>');
    expect(out).toContain('<p>Two</p>');
    expect(out).toContain('<span>Three</span>');
    expect(out).toContain('<p>Four</p>');
    expect(out).toContain('<td colspan="2">Five</td>');
    expect(out).not.toContain('svg text');
  });

  it('offsets are the only attributes added, and a forged mark of the extractor is stripped', () => {
    const text = 'Clause one.\n\nTwo\n\nThree';
    const { html } = annotateBlocks(
      '<p data-start="99">Clause one.</p><p>Two</p><p>\uE000Three\uE001</p>',
      text,
    );
    expect(html).toBe(
      '<p data-start="0" data-end="11">Clause one.</p><p data-start="13" data-end="16">Two</p><p data-start="18" data-end="23">Three</p>',
    );
  });
});

// Exports of a session whose every document- and model-derived string is hostile: nothing in
// them may become markup, a link, a heading, a table, a terminal escape or a bidi spoof.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import * as markdownPlugin from 'prettier/plugins/markdown';
import { describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS } from '../../../shared/model.ts';
import { visibleText } from '../../../shared/visible-text.ts';
import { missingSystemTools, skipNote } from '../system-tools.test-support.ts';
import { chromiumPrinter } from './chromium-printer.ts';
import { renderSession, sessionToPdf, type SessionExport } from './index.ts';

const CHROMIUM = '/usr/bin/chromium';
/** The printed PDF is read back by poppler's pdftotext. */
const NO_PDFTOTEXT = missingSystemTools(['pdftotext']);

const TAGS = '<img src=x onerror=alert(1)></script><script>alert(2)</script><!-- hidden -->';
const LINKS =
  '[x](javascript:alert(1)) ![i](https://evil.example/track.png) <https://evil.example>';
const FENCES = '```` ~~~ `code`';
const TABLE = '| a | b |\n|---|---|\n| 1 | 2 |';
const TERMINAL = '\x1b]0;PWNED\x07\x1b[2J\x1b]52;c;cHduZWQ=\x07\x00\x9b1m';
const SPOOF = 'report\u202Eexe.txt\u202C.txt';
const ALL = `# ${TAGS} ${LINKS} ${FENCES} ${TERMINAL} ${SPOOF}`;

const usage = { promptTokens: 1, completionTokens: 1 };
const session: SessionExport = {
  format: 'memagent-session',
  version: 1,
  exportedAt: '2025-01-01T00:00:00.000Z',
  document: { id: 'd', fileName: SPOOF, title: `${ALL}\n${TABLE}`, format: 'pdf', chars: 10 },
  runs: [
    {
      id: 'r1',
      question: `${ALL}\n${TABLE}\n# second line`,
      status: 'done',
      answer: `${LINKS} ${TAGS} ${TERMINAL}`,
      answerCut: true,
      response: `${ALL}\n${TABLE}\n\`\`\`\`\`\`\`\`\n${TAGS}`,
      model: `model ${TAGS} ${TERMINAL}`,
      backend: { name: `server ${LINKS}`, kind: 'openai', baseUrl: 'https://api.example.com/v1' },
      settings: DEFAULT_RUN_SETTINGS,
      usage,
      createdAt: '2025-01-01T00:00:00.000Z',
      finishedAt: null,
      chunkCount: 2,
      warnings: [{ chunk: 0, code: 'length-cut', message: `cut ${ALL}` }],
      memories: [
        {
          chunk: 0,
          pages: { first: 1, last: 2, firstLabel: TAGS, lastLabel: `${LINKS} ${SPOOF}` },
          section: `${ALL} ${TABLE}`,
          memory: `${ALL}\n${TABLE}\n${FENCES}`,
          kept: false,
          usage,
          ms: 1,
        },
        {
          chunk: 1,
          pages: { first: 3, last: 3, firstLabel: `# ${TERMINAL}`, lastLabel: `# ${TERMINAL}` },
          memory: 'plain',
          kept: true,
          usage,
          ms: 1,
        },
      ],
    },
    {
      id: 'r2',
      question: 'Which passage?',
      status: 'done',
      answer: `${LINKS} ${TAGS}`,
      answerCut: false,
      response: null,
      model: null,
      backend: null,
      settings: DEFAULT_RUN_SETTINGS,
      usage,
      createdAt: '2025-01-01T00:00:00.000Z',
      finishedAt: null,
      chunkCount: 1,
      warnings: [],
      // Quotes, printed page labels and section titles are the document's own text.
      evidence: [
        {
          chunk: 0,
          start: 0,
          end: 10,
          page: 2,
          pageLabel: `${TAGS} ${SPOOF}`,
          section: `${ALL} ${TABLE}`,
          quote: `${ALL}\n${TABLE}`,
          score: 0.9,
          by: 'alignment',
        },
      ],
      memories: [],
    },
  ],
};

interface MdNode {
  type: string;
  value?: string;
  depth?: number;
  children?: MdNode[];
}

async function parseMarkdown(text: string): Promise<MdNode> {
  const parser = markdownPlugin.parsers.markdown;
  return (await parser.parse(text, {} as never)) as MdNode;
}

function nodes(root: MdNode): MdNode[] {
  return [root, ...(root.children ?? []).flatMap(nodes)];
}

/** What a reader sees of a node: its text with the Markdown escapes resolved. */
function textOf(node: MdNode): string {
  return node.value ?? (node.children ?? []).map(textOf).join('');
}

const rawControls = (text: string) =>
  [...text].filter((c) => c !== '\n' && /[\p{Cc}\p{Bidi_Control}]/u.test(c));

describe('exports of hostile document and model text', () => {
  for (const memory of ['final', 'all'] as const)
    it(`Markdown (${memory} memory): no link, image, raw HTML, table or extra heading, whatever the strings hold`, async () => {
      const md = renderSession(session, 'md', { memory, timeZone: 'UTC' });
      const all = nodes(await parseMarkdown(md));
      const types = new Set(all.map((n) => n.type));
      for (const bad of ['link', 'image', 'html', 'table', 'linkReference', 'imageReference'])
        expect(types, `a ${bad} node`).not.toContain(bad);
      // The title, the two questions and the appendix; a trail heading per run. Nothing else,
      // though every string starts with "# " and holds a table.
      const headings = all.filter((n) => n.type === 'heading').map((n) => [n.depth, textOf(n)]);
      expect(headings.map(([depth]) => depth)).toEqual([1, 2, 2, 2, 3, 3]);
      expect(String(headings[0]?.[1])).toBe(
        visibleText(`Questions about ${ALL} ${TABLE}`.replace(/\s+/g, ' ')),
      );
      // The chunks' page labels, read back as the reader sees them, are the document's own text.
      const items = all.filter((n) => n.type === 'listItem').map(textOf);
      expect(items.join('\n')).toContain(
        `Chunk 1 (pp. ${TAGS}-${LINKS} report\\u202eexe.txt\\u202c.txt`,
      );
      expect(
        items.some((item) =>
          item.startsWith(
            'Chunk 2 (p. # \\u001b]0;PWNED\\u0007\\u001b[2J\\u001b]52;c;cHduZWQ=\\u0007\\u0000\\u009b1m): previous memory kept',
          ),
        ),
      ).toBe(true);
      // The answer reads back as the model's own text.
      const paragraphs = all.filter((n) => n.type === 'paragraph').map(textOf);
      expect(paragraphs).toContain(visibleText(`Answer: ${LINKS} ${TAGS}`));
      // The cited passage is a quote of plain text: its quote, page label and section read back
      // as the document's own strings.
      const quotes = all.filter((n) => n.type === 'blockquote').map(textOf);
      expect(quotes).toContain(
        visibleText(
          `“${ALL} ${TABLE}”— p. ${TAGS} ${SPOOF} (PDF page 2) · ${ALL} ${TABLE}`.replace(
            /[ \t]*\n[ \t]*/g,
            ' ',
          ),
        ),
      );
      // Fenced blocks hold the model's text whole: no backtick run inside can close them.
      const code = all.filter((n) => n.type === 'code').map((n) => n.value);
      expect(code).toContain(visibleText(session.runs[0]?.response ?? ''));
      if (memory === 'all') expect(code).toContain(visibleText(`${ALL}\n${TABLE}\n${FENCES}`));
    });

  it('Markdown, HTML and JSON carry no raw control or bidi character', () => {
    for (const format of ['md', 'html', 'json'] as const) {
      const text = renderSession(session, format);
      expect(rawControls(text), format).toEqual([]);
      expect(text, format).toContain('report\\u202eexe.txt\\u202c.txt');
    }
  });

  it('JSON still parses to the exact strings', () => {
    const back = JSON.parse(renderSession(session, 'json')) as SessionExport;
    expect(back).toEqual(session);
  });

  it('HTML has only the page’s own tags and shows the hostile strings as text', () => {
    const html = renderSession(session, 'html');
    const tags = new Set(
      [...html.matchAll(/<\/?([a-z][a-z0-9]*)/gi)].map((m) => m[1]?.toLowerCase()),
    );
    const own =
      'html head meta title style body header nav h1 h2 h3 p ol ul li a span strong em pre details summary section article blockquote div ins del';
    expect([...tags].filter((t) => !own.split(' ').includes(t ?? ''))).toEqual([]);
    expect(html).not.toMatch(/<!--|<\/script|<script/i);
    expect(html).toContain('Chunk 1 · pp. &#60;img src=x onerror=alert(1)&#62;');
    expect(html).toContain('<p class="where">p. &#60;img src=x onerror=alert(1)&#62;');
    // Links are the page's own: the timeline's bars to its own chunks, the contents to its questions.
    const hrefs = [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(hrefs.filter((href) => !/^#[A-Za-z0-9_-]+$/.test(href))).toEqual([]);
  });
});

// One unbroken 6,000-character "word", as an OCR'd table or a base64 blob gives: it must wrap,
// not push the page sideways or off the printed sheet.
const LONG = `${'Q'.repeat(3000)}${'7'.repeat(3000)}`;
const withLong: SessionExport = {
  ...session,
  runs: [
    ...session.runs,
    {
      ...(session.runs[1] as SessionExport['runs'][number]),
      id: 'r3',
      question: 'A long line?',
      answer: LONG,
      evidence: [],
      memories: [{ chunk: 0, memory: `${LONG}\n${TAGS}`, kept: false, usage, ms: 1 }],
    },
  ],
};

describe.skipIf(!fs.existsSync(CHROMIUM))('the PDF and the HTML page of hostile text', () => {
  it.skipIf(NO_PDFTOTEXT !== null)(
    `PDF: the strings are printed literally, links only inside the page, long lines wrapped${skipNote(NO_PDFTOTEXT)}`,
    async () => {
      const pdf = await sessionToPdf(withLong, chromiumPrinter(CHROMIUM), { timeZone: 'UTC' });
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-hostile-pdf-'));
      try {
        const file = path.join(dir, 'hostile.pdf');
        fs.writeFileSync(file, pdf);
        const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
        const flat = text.replace(/\s+/g, ' ');
        const squashed = text.replace(/\s+/g, '');
        expect(flat).toContain('<img src=x onerror=alert(1)></script><script>alert(2)</script>');
        expect(flat).toContain('[x](javascript:alert(1))');
        expect(flat).toContain('report\\u202eexe.txt\\u202c.txt');
        // (Form feeds are pdftotext's page breaks.)
        expect(rawControls(text.replaceAll('\f', ''))).toEqual([]);
        // Wrapped, every character printed (page numbers may fall between its lines).
        expect(squashed.match(/Q/g)?.length).toBeGreaterThanOrEqual(3 * 3000);
        expect(squashed.match(/7/g)?.length).toBeGreaterThanOrEqual(3 * 3000);
        expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThan(200);
        // No link leaves the document: Chromium writes a page's external links as /URI actions.
        expect(Buffer.from(pdf).toString('latin1')).not.toMatch(/\/URI\s*\(/);
        // A session's PDF names the app, as the review's does, not Chromium's user agent: read
        // back from the Info dictionary (the last update's) by a real reader.
        const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
        expect(info).toMatch(/^Creator:\s+MemAgent Desktop$/m);
        expect(info).toMatch(/^Producer:\s+MemAgent Desktop, printed by Chromium$/m);
        expect(info).not.toMatch(/HeadlessChrome|Mozilla|Skia/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
    60_000,
  );

  it('HTML: nothing runs, nothing is fetched, and a long line does not widen the page', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM });
    try {
      const page = await browser.newPage({ viewport: { width: 800, height: 600 } });
      const requests: string[] = [];
      page.on('request', (r) => requests.push(r.url()));
      const dialogs: string[] = [];
      page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      await page.setContent(renderSession(withLong, 'html', { timeZone: 'UTC' }));
      await page.locator('details.trail > summary').last().click();
      expect(dialogs).toEqual([]);
      expect(requests.filter((u) => !u.startsWith('data:') && u !== 'about:blank')).toEqual([]);
      const width = Number(await page.evaluate('document.documentElement.scrollWidth'));
      expect(width).toBeLessThanOrEqual(800);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

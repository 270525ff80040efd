// An imported session whose strings are hostile, exported again in every format from the
// library it was imported into: nothing may become markup, a link, or a terminal or bidi trick.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as markdownPlugin from 'prettier/plugins/markdown';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openStore, type Store } from '../store/store.ts';
import { HOSTILE, hostileSession } from './hostile-session.test-support.ts';
import { buildSessionExport, renderSession, type SessionExport } from './index.ts';
import { importSessionBytes } from './session-import.ts';
import { buildTrajectories, trajectoriesToJsonl, type TrajectoryLine } from './trajectory.ts';

let dir: string;
let store: Store;
const original = hostileSession();
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-hostile-import-'));
  store = openStore(dir);
  importSessionBytes(store, new TextEncoder().encode(renderSession(original, 'json')), 1);
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const again = () => buildSessionExport(store, original.document.id, undefined, 2);
const rawControls = (text: string) =>
  [...text].filter((c) => c !== '\n' && /[\p{Cc}\p{Bidi_Control}]/u.test(c));

interface MdNode {
  type: string;
  children?: MdNode[];
}
const nodes = (root: MdNode): MdNode[] => [root, ...(root.children ?? []).flatMap(nodes)];

describe('a hostile imported session exported again', () => {
  it('JSON parses back to the very strings imported, with no raw control or bidi character', () => {
    const json = renderSession(again(), 'json');
    expect(rawControls(json)).toEqual([]);
    const back = JSON.parse(json) as SessionExport;
    expect(back.document.title).toBe(HOSTILE.title);
    expect(back.runs.map((r) => r.question)).toEqual(original.runs.map((r) => r.question));
    expect(back.runs[0]?.answer).toBe(HOSTILE.answer);
    expect(back.runs[0]?.memories.map((m) => m.memory)).toEqual([HOSTILE.memory, HOSTILE.memory]);
    expect(back.runs[0]?.evidence?.[0]?.quote).toBe(HOSTILE.quote);
  });

  it('Markdown has no link, image, raw HTML or table; the passages it carried are cited as text', async () => {
    const md = renderSession(again(), 'md');
    expect(rawControls(md)).toEqual([]);
    const parser = markdownPlugin.parsers.markdown;
    const root = (await parser.parse(md, {} as never)) as MdNode;
    const types = new Set(nodes(root).map((n) => n.type));
    for (const bad of ['link', 'image', 'html', 'table', 'linkReference', 'imageReference'])
      expect(types, `a ${bad} node`).not.toContain(bad);
    expect(md).toContain('p. vii (PDF page 7)');
    expect(md).toContain('\\u202e\\u2066');
  });

  it('HTML has only the page’s own tags: the hostile strings are escaped text', () => {
    const html = renderSession(again(), 'html');
    expect(rawControls(html)).toEqual([]);
    const tags = new Set(
      [...html.matchAll(/<\/?([a-z][a-z0-9]*)/gi)].map((m) => m[1]?.toLowerCase()),
    );
    const own =
      'html head meta title style body header nav article h1 h2 h3 p ol ul li a span div strong em blockquote pre ins del details summary section';
    expect([...tags].filter((t) => !own.split(' ').includes(t ?? ''))).toEqual([]);
    expect(html).not.toMatch(/<script|<img|<b\b/i);
    // The page's own links go only to places in the page.
    const hrefs = [...html.matchAll(/<a\b[^>]*\bhref="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.filter((h) => !h.startsWith('#'))).toEqual([]);
    expect([...html.matchAll(/<a\b/g)].length).toBe(hrefs.length);
    expect(html).toContain('&#60;script&#62;window.__pwned = 1&#60;/script&#62;');
  });

  it('trajectories: no line is invented without the text; a line with hostile text is inert JSON', () => {
    const { lines, skipped } = buildTrajectories(store, original.document.id, undefined, new Map());
    expect(lines).toEqual([]);
    const reason =
      'It was imported: a session export carries neither the document text nor the replies as received, so its conversations cannot be rebuilt exactly.';
    expect(skipped.map((s) => s.reason)).toEqual([reason, reason]);
    // Not even with a text at hand: the export did not say where its chunks were.
    const text = new Map([[original.document.id, { text: 'x'.repeat(60_000) }]]);
    expect(buildTrajectories(store, original.document.id, undefined, text).lines).toEqual([]);
    const line: TrajectoryLine = {
      format: 'memagent-trajectory',
      version: 1,
      id: 'r',
      document: { id: 'd', title: HOSTILE.title },
      question: HOSTILE.question,
      answer: HOSTILE.answer,
      model: null,
      settings: original.runs[0]?.settings ?? ({} as never),
      status: 'done',
      complete: true,
      conversations: [
        [
          { role: 'user', content: HOSTILE.memory },
          { role: 'assistant', content: `\u001b]52;c;cHduZWQ=\u0007${HOSTILE.answer}` },
        ],
      ],
    };
    const jsonl = trajectoriesToJsonl([line]);
    expect(rawControls(jsonl)).toEqual([]);
    expect(JSON.parse(jsonl)).toEqual(line);
  });
});

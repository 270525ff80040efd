// The review's HTML page parsed back: hostile strings only as text, the summary counted right,
// every cell that did not read everything marked, the CSP of the session exports.
import { DomUtils, parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { visibleText } from '../../../shared/visible-text.ts';
import { HOSTILE, LONG_ANSWER, reviewFixture, rawControls } from './review-fixture.test-support.ts';
import { PARTIAL_MARK, reviewToHtml } from './review-html.ts';
import { summarizeColumns } from '../../../shared/review-summary.ts';

const OPTIONS = {
  timeZone: 'Asia/Tokyo',
  exportedAt: Date.UTC(2026, 0, 7, 3),
  appVersion: '1.2.3',
};

function page(print = false) {
  const html = reviewToHtml(reviewFixture(), { ...OPTIONS, print });
  const doc = parseDocument(html);
  const all = (test: (e: Element) => boolean) => DomUtils.findAll(test, doc.children);
  const text = (e: Element) => DomUtils.textContent(e);
  const byClass = (name: string) => all((e) => (e.attribs.class ?? '').split(' ').includes(name));
  return { html, doc, all, text, byClass };
}

describe('the review as HTML', () => {
  it('is one page with no script, nothing fetched, and the session exports’ CSP', () => {
    const { html, all } = page();
    expect(html).toContain(
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">`,
    );
    const names = new Set(all(() => true).map((e) => e.name));
    for (const forbidden of ['script', 'img', 'iframe', 'object', 'embed', 'link', 'form'])
      expect(names.has(forbidden), forbidden).toBe(false);
    for (const e of all(() => true)) {
      for (const attr of Object.keys(e.attribs)) expect(attr).not.toMatch(/^on/);
      if (e.attribs.href !== undefined) expect(e.attribs.href).toMatch(/^#doc-\d+(-q-\d+)?$/);
    }
  });

  it('shows every hostile string as its text, controls and bidi made visible', () => {
    const { doc } = page();
    const text = DomUtils.textContent(doc);
    for (const value of Object.values(HOSTILE)) expect(text).toContain(visibleText(value).trim());
    expect(rawControls(text)).toEqual([]);
    expect(text).toContain(LONG_ANSWER.trim());
  });

  it('puts the matrix first: documents down, questions across, state and coverage marks', () => {
    const { all, text, byClass } = page();
    const matrix = byClass('matrix')[0];
    expect(matrix).toBeDefined();
    const rows = DomUtils.findAll((e) => e.name === 'tr', matrix ? [matrix] : []);
    expect(rows).toHaveLength(1 + 6);
    const cells = rows.map((r) =>
      r.children
        .filter((c): c is Element => 'name' in c && (c.name === 'td' || c.name === 'th'))
        .map(text),
    );
    expect(cells[0]?.slice(0, 3)).toEqual([
      'Document',
      '1.Who are the parties?',
      '2.What is the effective date?',
    ]);
    expect(cells[1]?.slice(1, 5)).toEqual(['Acme Ltd; Buyer plc', '1 Mar 2024', '3 years', 'Yes']);
    expect(cells[2]?.[6]).toBe('≠New York');
    expect(cells[2]?.[8]).toBe(`Failed${PARTIAL_MARK}`);
    expect(cells[3]?.[5]).toBe(`Not stated${PARTIAL_MARK}`);
    expect(cells[3]?.[4]).toBe('Not stated');
    expect(cells[4]?.slice(7)).toEqual([`Queued${PARTIAL_MARK}`, `Reading 1/3${PARTIAL_MARK}`]);
    // Exactly the cells whose run did not read everything carry the mark, in the matrix.
    const partial = reviewFixture().cells.filter((c) => !c.coverage.complete).length;
    expect(partial).toBe(5);
    expect(all((e) => e.name === 'td' && (e.attribs.class ?? '').includes('partial'))).toHaveLength(
      partial,
    );
    // A long answer is clipped in the matrix, whole in its document's table.
    expect(cells[1]?.[5]).toBe('GBP 5,000,000');
  });

  it('counts each column’s answers and names its outliers', () => {
    const columns = summarizeColumns(reviewFixture());
    const renew = columns[3];
    expect(renew?.counts.map((c) => [c.label, c.count])).toEqual([
      ['Yes', 4],
      ['No', 1],
      ['Not stated', 1],
    ]);
    expect(renew?.majority).toBe('Yes');
    expect(renew?.outliers.map((o) => o.document.title)).toEqual(['Globex master services']);
    const law = columns[5];
    expect(law?.outliers.map((o) => [o.label, o.reason])).toEqual([
      ['New York', 'expected'],
      ['Japan', 'expected'],
    ]);
    expect(columns[6]?.partial).toBe(2);
    // Free text with no majority has no outliers.
    expect(columns[0]?.outliers).toEqual([]);

    const { byClass, text } = page();
    const articles = byClass('column');
    expect(articles).toHaveLength(8);
    const renewText = text(articles[3] as Element);
    expect(renewText).toContain('Yes4No1Not stated1');
    expect(renewText).toContain('Outliers (most say “Yes”): Globex master services (No)');
    expect(text(articles[5] as Element)).toContain(
      'Differ from expected: Globex master services (New York), 供給契約書（東京） (Japan)',
    );
  });

  it('gives per document each answer with the model’s words, quotes, pages and coverage', () => {
    const { all, text } = page();
    const acme = all((e) => e.attribs.id === 'doc-1')[0] as Element;
    const term = DomUtils.findOne((e) => e.attribs.id === 'doc-1-q-3', [acme]) as Element;
    expect(text(term)).toContain('3 years');
    expect(text(term)).toContain("Model's words: Three years");
    expect(text(term)).toContain(
      '“an initial term of three (3) years”p. 149 (PDF page 151) · Clause 2 > Term',
    );
    expect(text(term)).toContain('Read all 42 chunks, pp. 1–300');
    const globexLaw = all((e) => e.attribs.id === 'doc-2-q-6')[0] as Element;
    expect(text(globexLaw)).toContain('Expected “England”.');
    expect(text(globexLaw)).toContain('Earlier: Delaware, 5 Jan 2026, 18:30 GMT+9 with Lab H100');
    const failed = all((e) => e.attribs.id === 'doc-2-q-8')[0] as Element;
    expect(text(failed)).toContain('The LLM server kept rate-limiting the requests (HTTP 429).');
    expect(text(failed)).toContain(
      `${PARTIAL_MARK} Read 3 of 8 chunks, pp. 1–17 — not the whole document`,
    );
    const notStated = all((e) => e.attribs.id === 'doc-3-q-5')[0] as Element;
    expect(text(notStated)).toContain(
      `${PARTIAL_MARK} Read 2 of 5 chunks — not the whole document`,
    );
  });

  it('prints the matrix in bands of six questions, each with the documents', () => {
    const { byClass, text } = page(true);
    const tables = byClass('matrix');
    expect(tables).toHaveLength(2);
    expect(byClass('band-title').map(text)).toEqual(['Questions 1–6 of 8', 'Questions 7–8 of 8']);
    expect(byClass('matrix-scroll')).toHaveLength(0);
  });
});

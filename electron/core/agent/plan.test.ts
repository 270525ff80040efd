import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentText, PageSpan, Section } from '../../../shared/model.ts';
import { o200kTokenizer } from '../tokenize/index.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import { planChunks } from './plan.ts';

let tokenizer: Tokenizer;
beforeAll(() => {
  tokenizer = o200kTokenizer();
});
afterAll(async () => {
  await tokenizer.dispose();
});

/** A 30-page book with a chapter every 10 pages and printed labels. */
function book(): DocumentText {
  const pages: PageSpan[] = [];
  const sections: Section[] = [];
  let text = '';
  for (let n = 1; n <= 30; n += 1) {
    if (n % 10 === 1)
      sections.push({ title: `Chapter ${(n + 9) / 10}`, level: 1, start: text.length, page: n });
    const start = text.length;
    text += `${Array.from({ length: 12 }, (_, i) => `Line ${i} of page ${n} says something about ships and harbours.`).join(' ')}\n\n`;
    pages.push({ number: n, label: String(n + 4), start, end: text.length });
  }
  return { format: 'pdf', title: 'Book', text, pages, sections, warnings: [] };
}

describe('planChunks', () => {
  it('covers the text in order with chunks that know their pages and section', async () => {
    const doc = book();
    const chunks = await planChunks(doc, tokenizer, 600);
    expect(chunks.length).toBeGreaterThan(3);
    expect(chunks.map((c) => doc.text.slice(c.start, c.end)).join('')).toBe(doc.text);
    chunks.forEach((c, i) => {
      expect(c.index).toBe(i);
      expect(c.tokens).toBeGreaterThan(0);
      expect(c.tokens).toBeLessThanOrEqual(600);
      const firstPage = doc.pages!.findLast((p) => p.start <= c.start)!;
      const lastPage = doc.pages!.findLast((p) => p.start <= c.end - 1)!;
      expect(c.pages).toEqual({
        first: firstPage.number,
        last: lastPage.number,
        firstLabel: firstPage.label,
        lastLabel: lastPage.label,
      });
      expect(c.section).toBe(doc.sections!.findLast((s) => s.start <= c.start)?.title);
    });
    expect(chunks.map((c) => c.section)).toEqual(
      expect.arrayContaining(['Chapter 1', 'Chapter 2', 'Chapter 3']),
    );
  });

  it('leaves pages and section out for plain text', async () => {
    const doc: DocumentText = {
      format: 'text',
      title: 't',
      text: 'Just a short note.',
      warnings: [],
    };
    const chunks = await planChunks(doc, tokenizer, 5000);
    expect(chunks).toEqual([
      { index: 0, start: 0, end: doc.text.length, tokens: expect.any(Number) },
    ]);
  });

  it('stops when aborted', async () => {
    await expect(planChunks(book(), tokenizer, 600, AbortSignal.abort())).rejects.toThrow();
  });
});

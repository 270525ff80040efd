// Rows of the virtual reader: paragraphs, page markers and chunk boundaries.
import { describe, expect, test } from 'vitest';
import type { ChunkInfo } from '../../../shared/model.ts';
import { buildRows, pageRowOf, rowAt } from './reader-rows.ts';

describe('reader rows', () => {
  const text =
    'First paragraph.\nSecond paragraph on page one.\n\nPage two starts here.\n' +
    'word '.repeat(1000);
  const p2 = text.indexOf('Page two');
  const pages = [
    { number: 1, start: 0, end: p2 },
    { number: 2, start: p2, end: text.length },
  ];
  const chunks: ChunkInfo[] = [
    { index: 0, start: 0, end: 30, tokens: 8 },
    { index: 1, start: 30, end: text.length, tokens: 1000 },
  ];

  test('paragraphs become rows, with page markers and chunk boundaries where they start', () => {
    const index = buildRows(text, pages, chunks);
    const kinds = index.rows.map((r) => r.kind);
    expect(kinds.slice(0, 3)).toEqual(['chunk', 'page', 'text']);
    expect(index.rows[index.pageRow.get(2)!]).toMatchObject({ kind: 'page', page: 2, start: p2 });
    expect(index.rows[index.chunkRow[1]!]).toMatchObject({ kind: 'chunk', start: 30 });
    // Every character of text is in exactly one text row (blank lines dropped), in order.
    const joined = index.rows
      .filter((r) => r.kind === 'text')
      .map((r) => text.slice(r.start, (r as { end: number }).end))
      .join('');
    expect(joined.replace(/\s/g, '')).toBe(text.replace(/\s/g, ''));
    // Long paragraphs are split (no row longer than 1,200 characters).
    for (const r of index.rows)
      if (r.kind === 'text') expect(r.end - r.start).toBeLessThanOrEqual(1200);
  });

  test('a typed page finds its printed label first, then its page number', () => {
    const labelled = [
      { number: 1, label: 'i', start: 0, end: p2 },
      { number: 2, label: '1', start: p2, end: text.length },
    ];
    const index = buildRows(text, labelled, []);
    expect(index.rows[pageRowOf(index, '1')!]).toMatchObject({ page: 2, label: '1' });
    expect(index.rows[pageRowOf(index, 'I')!]).toMatchObject({ page: 1 });
    expect(index.rows[pageRowOf(index, '2')!]).toMatchObject({ page: 2 });
    expect(pageRowOf(index, '9')).toBeUndefined();
  });

  test('rowAt finds the row holding an offset', () => {
    const index = buildRows(text, pages, chunks);
    const row = index.rows[rowAt(index, p2 + 3)]!;
    expect(row.start).toBeLessThanOrEqual(p2 + 3);
    expect(row.kind === 'text' && row.end).toBeGreaterThan(p2 + 3);
  });

  // How fast this is, is measured by bench/reader-rows.ts, not asserted here.
  test('14 million characters become one row per paragraph', () => {
    const big = ('A sentence of an ordinary book, long enough to wrap. '.repeat(20) + '\n').repeat(
      13_000,
    );
    const index = buildRows(big, [], []);
    expect(index.rows.length).toBe(13_000);
  });
});

describe('reader rows of hard-wrapped text', () => {
  test('joinLines: a row is a paragraph up to a blank line, offsets unchanged', () => {
    const text =
      'The licensee may cure\nthe violation within\nthirty days.\n\nSecond paragraph\nhere.';
    const index = buildRows(text, [], [], { joinLines: true });
    const rows = index.rows.filter((r) => r.kind === 'text');
    expect(rows.map((r) => text.slice(r.start, r.end))).toEqual([
      'The licensee may cure\nthe violation within\nthirty days.',
      'Second paragraph\nhere.',
    ]);
    expect(buildRows(text).rows.filter((r) => r.kind === 'text')).toHaveLength(5);
  });

  test('a heading line stays a row of its own', () => {
    const text =
      'Preamble\nThis agreement is\nbinding.\n\n2. Termination\nEither party may end it.';
    const headings = [0, text.indexOf('2. Termination')];
    const rows = buildRows(text, [], [], { joinLines: true, headings }).rows;
    expect(rows.map((r) => (r.kind === 'text' ? text.slice(r.start, r.end) : r.kind))).toEqual([
      'Preamble',
      'This agreement is\nbinding.',
      '2. Termination',
      'Either party may end it.',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { makePdf } from '../../../scripts/make-fixtures-pdf.ts';
import { extractDocument } from './index.ts';
import { locateSpan } from './locations.ts';
import { dehyphenate, formatRanges } from './pdf-assemble.ts';
import { layoutLines, type RawLine } from './pdf-text.ts';
import { expectKind, fixture } from './test-support.ts';

// A line as PDFium reports it: its text and the union of its character boxes (12 pt type).
const line = (text: string, x: number, y: number, hyphen = false): RawLine => ({
  text,
  box: [x, y - 3, x + text.length * 6, y + 9],
  hyphen,
});

describe('PDF page text', () => {
  it('one line per line, blank line for a paragraph gap, spans of each line with its box', () => {
    const { text, spans } = layoutLines([
      line('Hello world\t', 72, 700),
      line('next line', 72, 686),
      line('same', 72, 650),
    ]);
    expect(text).toBe('Hello world\nnext line\n\nsame');
    expect(text.slice(spans[6], spans[7])).toBe('next line');
    expect([...spans.slice(14, 18)]).toEqual([72, 647, 96, 659]);
  });

  it("turns PDFium's hyphenation mark into a line-end hyphen for dehyphenate", () => {
    const { text } = layoutLines([line('the informa\ufffe', 72, 700, true), line('tion', 72, 686)]);
    expect(text).toBe('the informa-\ntion');
    expect(dehyphenate([text])).toEqual(['the information']);
  });

  it('undoes hyphenation between lowercase letters, keeps compounds the document uses', () => {
    const [page] = dehyphenate([
      'the informa-\ntion we keep is well-\nknown. A well-known fact. Jean-\nPaul and ISO-\n8859.',
    ]);
    expect(page).toBe(
      'the information we keep is well-known. A well-known fact. Jean-\nPaul and ISO-\n8859.',
    );
  });

  it('handles a word broken over three lines and pages without candidates', () => {
    expect(dehyphenate(['a co-\nop-\neration', 'plain text\u00ad\nhere'])).toEqual([
      'a coop-\neration',
      'plain texthere',
    ]);
  });

  it('formats page ranges', () => {
    expect(formatRanges([3, 4, 5, 9, 11, 12])).toBe('3-5, 9, 11-12');
  });
});

describe('PDF extraction', () => {
  it('reads the contract: pages with printed labels, outline sections, hyphenation undone', async () => {
    const progress: number[] = [];
    const doc = await extractDocument(
      { path: fixture('contract.pdf') },
      { onProgress: (p) => progress.push(p.done) },
    );
    expect(doc.format).toBe('pdf');
    expect(doc.title).toBe('Service Agreement');
    expect(doc.pages?.map((p) => [p.number, p.label])).toEqual([
      [1, 'i'],
      [2, 'ii'],
      [3, '1'],
      [4, '2'],
    ]);
    expect(progress.at(-1)).toBe(4);
    expect(doc.text).toContain('sets out the information both parties need');
    expect(doc.text).toContain('consulting work described in Annex A, delivered by the provider');
    // "well-" at a line end, and "well-known" elsewhere in the document: the hyphen stays.
    expect(doc.text).toContain('A well-known supplier');
    expect(doc.text).toContain('The fee is 4,200 euros per month');
    for (const page of doc.pages ?? [])
      expect(doc.text.slice(page.start, page.end)).toBe(
        doc.text.slice(page.start, page.end).trim(),
      );
    expect(doc.sections?.map((s) => [s.title, s.page])).toEqual([
      ['Preamble', 1],
      ['Definitions', 2],
      ['1. Term and Fees', 3],
      ['2. Termination', 4],
    ]);
    // Sections start at their heading on the page.
    const terms = doc.sections?.[2];
    expect(doc.text.slice(terms?.start ?? 0)).toMatch(/^1\. Term and Fees/);
    const fee = doc.text.indexOf('The fee');
    expect(locateSpan(doc, fee, doc.text.indexOf('30 days'))).toEqual({
      pages: { first: 3, last: 4, firstLabel: '1', lastLabel: '2' },
      section: '1. Term and Fees',
    });
    expect(doc.warnings).toEqual([]);
  });

  it('asks for a password, refuses a wrong one and opens with the right one', async () => {
    const path = fixture('encrypted-secret.pdf');
    const required = await expectKind(extractDocument({ path }), 'PasswordRequired');
    expect(required.message).toMatch(/password/);
    await expectKind(extractDocument({ path }, { password: 'wrong' }), 'WrongPassword');
    const doc = await extractDocument({ path }, { password: 'secret' });
    expect(doc.text).toContain('Either party may terminate');
    expect(doc.pages).toHaveLength(4);
  });

  it('opens an owner-password-only PDF without a password', async () => {
    const doc = await extractDocument({ path: fixture('owner-only.pdf') });
    expect(doc.text).toContain('twelve months');
  });

  it('reports textless pages as one warning with ranges', async () => {
    const doc = await extractDocument({ path: fixture('scanned.pdf') });
    expect(doc.text).toBe(doc.text.trim());
    expect(doc.text).toContain('Cover note');
    expect(doc.pages).toHaveLength(4);
    expect(doc.warnings).toEqual([
      'Pages 2-4 are scanned images without text and were not read: read the document with OCR to include them.',
    ]);
  });

  it('skips a damaged page with a warning and keeps the rest', async () => {
    const doc = await extractDocument({ path: fixture('damaged-page.pdf') });
    expect(doc.text).toContain('Minutes of the first meeting.');
    expect(doc.text).not.toContain('unreachable');
    expect(doc.warnings).toContain('Page 2 could not be read (damaged) and was skipped.');
  });

  it('leaves out text drawn outside the page box', async () => {
    const bytes = makePdf({
      title: 'Margins',
      pages: [{ lines: ['Visible minutes of the meeting.'], offPage: 'hidden printer marks' }],
    });
    const doc = await extractDocument({ bytes, name: 'margins.pdf' });
    expect(doc.text).toBe('Visible minutes of the meeting.');
  });

  it.each(['truncated.pdf', 'garbage.pdf'])('Damaged for %s', async (name) => {
    const error = await expectKind(extractDocument({ path: fixture(name) }), 'Damaged');
    expect(error.message).toMatch(/damaged/);
  });

  it('TimeLimit when the deadline passes, Cancelled on abort', async () => {
    await expectKind(
      extractDocument({ path: fixture('contract.pdf') }, { timeLimitMs: 1 }),
      'TimeLimit',
    );
    const controller = new AbortController();
    const running = extractDocument(
      { path: fixture('contract.pdf') },
      { signal: controller.signal },
    );
    controller.abort();
    await expectKind(running, 'Cancelled');
  });
});

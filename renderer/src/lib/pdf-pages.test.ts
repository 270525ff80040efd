import { describe, expect, it } from 'vitest';
import type { DocumentText, PageSpan } from '../../../shared/model.ts';
import { findSelection, pageFromInput, pageName, pageTextNote } from './pdf-pages.ts';

// Three pages printed as i, 1, 2 (a preface, then the body).
const text = 'Preface.\n\nTerms apply\nto all.\n\n\nTerms apply to all copies.';
const pages: PageSpan[] = [
  { number: 1, label: 'i', start: 0, end: 10 },
  { number: 2, label: '1', start: 10, end: 32 },
  { number: 3, label: '2', start: 32, end: text.length },
];

describe('pages of an extracted PDF', () => {
  it('finds the page typed, and names it with its printed label', () => {
    // A printed label wins over a page number ("1" is the second page); case does not matter.
    expect(['i', 'I', '1', '3', ' 2 ', '4', '', 'x'].map((t) => pageFromInput(pages, t))).toEqual([
      1,
      1,
      2,
      3,
      3,
      undefined,
      undefined,
      undefined,
    ]);
    expect(pageName(pages, 2)).toBe('p. 1 (PDF page 2)');
    expect(pageName([{ number: 5, label: '5', start: 0, end: 1 }], 5)).toBe('p. 5');
  });

  it('says when a page has no text layer, or was read by OCR and how surely', () => {
    const doc: DocumentText = {
      format: 'pdf',
      title: 't',
      text: 'Page one.\n\n   \n\nPage three.',
      pages: [
        { number: 1, start: 0, end: 11 },
        { number: 2, start: 11, end: 16 },
        { number: 3, start: 16, end: 27 },
      ],
      warnings: [],
      ocrPages: [{ page: 3, confidence: 87.4 }],
    };
    expect(pageTextNote(doc, 1)).toBeNull();
    expect(pageTextNote(doc, 2)).toMatch(/^This page has no text layer and was not read/);
    expect(pageTextNote(doc, 3)).toMatch(/read by OCR \(87% confidence\)/);
  });

  it('finds a selection of the text view whatever its line breaks, from the place it was made', () => {
    // Selected across two lines of page 2: the browser gives a newline or a space between them.
    expect(findSelection(text, 'Terms apply to all.', 0)).toEqual({ start: 10, end: 29 });
    expect(findSelection(text, 'Terms apply\nto\tall', 0)).toEqual({ start: 10, end: 28 });
    // The same words later on page 3: searched from where the selection was, that one is found.
    expect(findSelection(text, 'Terms apply to all', 28)).toEqual({ start: 32, end: 50 });
    expect(findSelection(text, '  ', 0)).toBeUndefined();
    expect(findSelection(text, 'not in it', 0)).toBeUndefined();
    expect(findSelection('a (b) c', '(b)', 0)).toEqual({ start: 2, end: 5 });
  });
});

import { describe, expect, it } from 'vitest';
import { evidenceLocation, pageName, locationLabel, pagesLabel } from './page-label.ts';

describe('pagesLabel', () => {
  it('writes one page, a range with an en dash, and prefers printed labels', () => {
    expect(pagesLabel({ first: 4, last: 4 })).toBe('p. 4');
    expect(pagesLabel({ first: 3, last: 7 })).toBe('pp. 3–7');
    expect(pagesLabel({ first: 1, last: 3, firstLabel: 'iv', lastLabel: 'vi' })).toBe('pp. iv–vi');
    expect(pagesLabel({ first: 1, last: 2, firstLabel: 'iii', lastLabel: 'iii' })).toBe('p. iii');
    expect(pagesLabel(undefined)).toBe('');
  });

  it('writes the ASCII hyphen when asked (exports)', () => {
    expect(pagesLabel({ first: 12, last: 14 }, { dash: '-' })).toBe('pp. 12-14');
  });
});

describe('locationLabel', () => {
  it('joins pages and section, leaving out what is missing', () => {
    expect(locationLabel({ pages: { first: 212, last: 219 }, section: 'Chapter 7' })).toBe(
      'pp. 212–219 · Chapter 7',
    );
    expect(locationLabel({ section: 'Terms' })).toBe('Terms');
    expect(locationLabel({ pages: { first: 4, last: 4 } })).toBe('p. 4');
    expect(locationLabel({})).toBe('');
  });
});

describe('labels from the document', () => {
  it('show control and bidi characters instead of obeying them', () => {
    const pages = { first: 1, last: 2, firstLabel: 'a\u202Eexe', lastLabel: '\x1b[2Jb' };
    expect(locationLabel({ pages, section: 'Intro\u2066' }, { dash: '-' })).toBe(
      'pp. a\\u202eexe-\\u001b[2Jb · Intro\\u2066',
    );
  });
});

describe('evidenceLocation', () => {
  it('says the printed page, the PDF page when it differs, and the section path', () => {
    const at = (page: number | null, pageLabel: string | null, section: string | null) =>
      evidenceLocation({ page, pageLabel, section });
    expect(at(7, '5', 'Terms > Termination')).toBe('p. 5 (PDF page 7) · Terms > Termination');
    expect(at(7, '7', null)).toBe('p. 7');
    expect(at(7, null, null)).toBe('p. 7');
    expect(at(null, null, 'Chapter 3')).toBe('Chapter 3');
    expect(at(null, null, null)).toBe('');
    expect(at(2, 'ii\u202E', '\x1b[2J')).toBe('p. ii\\u202e (PDF page 2) · \\u001b[2J');
  });
});

describe('pageName', () => {
  it('puts the printed label first and the PDF page in brackets only when it differs', () => {
    expect(pageName(177, '149')).toBe('p. 149 (PDF page 177)');
    expect(pageName(177, '177')).toBe('p. 177');
    expect(pageName(177, null)).toBe('p. 177');
    expect(pageName(177)).toBe('p. 177');
    expect(pageName(4, 'iv')).toBe('p. iv (PDF page 4)');
    expect(pageName(604, '580', { of: 1151 })).toBe('p. 580 (PDF page 604 of 1151)');
    expect(pageName(604, undefined, { of: 1151 })).toBe('p. 604 of 1151');
  });
});

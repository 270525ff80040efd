import { describe, expect, it } from 'vitest';
import type { DocumentText } from '../../../shared/model.ts';
import { locationLabel } from '../../../shared/page-label.ts';
import { locateSpan } from './locations.ts';

const doc: DocumentText = {
  format: 'pdf',
  title: 't',
  text: 'x'.repeat(400),
  pages: Array.from({ length: 10 }, (_, i) => ({
    number: i + 1,
    label: i < 2 ? ['i', 'ii'][i] : String(i - 1),
    start: i * 40,
    end: i * 40 + 38,
  })),
  sections: [
    { title: 'Front', level: 1, start: 0 },
    { title: 'Chapter 1', level: 1, start: 85 },
    { title: 'Chapter 1.1', level: 2, start: 130 },
  ],
  warnings: [],
};

describe('locateSpan', () => {
  it('finds the first and last page touched and the section in force at the start', () => {
    expect(locateSpan(doc, 90, 170)).toEqual({
      pages: { first: 3, last: 5, firstLabel: '1', lastLabel: '3' },
      section: 'Chapter 1',
    });
    expect(locateSpan(doc, 0, 40)).toEqual({
      pages: { first: 1, last: 1, firstLabel: 'i', lastLabel: 'i' },
      section: 'Front',
    });
    expect(locateSpan(doc, 395, 400).pages?.last).toBe(10);
    expect(locateSpan(doc, 130, 131).section).toBe('Chapter 1.1');
  });

  it('omits what the document does not have', () => {
    expect(locateSpan({ format: 'text', title: 't', text: 'abc', warnings: [] }, 0, 3)).toEqual({});
    const early = { ...doc, sections: [{ title: 'Late', level: 1, start: 100 }] };
    expect(locateSpan(early, 0, 10).section).toBeUndefined();
  });

  it('describes a location for display', () => {
    expect(locationLabel(locateSpan(doc, 90, 170), { dash: '-' })).toBe('pp. 1-3 · Chapter 1');
    expect(locationLabel({ pages: { first: 4, last: 4 } })).toBe('p. 4');
  });
});

import { describe, expect, it } from 'vitest';
import { documentLabels, type NamedDocument } from './document-label.ts';

const doc = (id: string, title: string, fileName: string, more: Partial<NamedDocument> = {}) => ({
  id,
  title,
  fileName,
  ...more,
});

describe('document labels', () => {
  it('names a document by its title where no other shares it, by its file name without one', () => {
    const labels = documentLabels([
      doc('a1', 'Annual report', 'r.pdf'),
      doc('b2', '', 'notes.txt'),
    ]);
    expect([...labels.values()]).toEqual(['Annual report', 'notes.txt']);
  });

  it('tells two documents of one title apart by their file names, and only those two', () => {
    const labels = documentLabels([
      doc('a1', 'Debian FAQ', 'debian-faq.pdf'),
      doc('b2', 'debian faq', 'debian-faq.epub'),
      doc('c3', 'Reference manual', 'manual.pdf'),
    ]);
    expect(labels.get('a1')).toBe('Debian FAQ (debian-faq.pdf)');
    expect(labels.get('b2')).toBe('debian faq (debian-faq.epub)');
    expect(labels.get('c3')).toBe('Reference manual');
  });

  it('uses the folder, then the pages, then the hash where the file names are the same too', () => {
    const labels = documentLabels([
      doc('a1aaaaaaaa', 'Minutes', 'minutes.pdf', {
        path: '/home/ada/Work/minutes.pdf',
        pageCount: 6,
      }),
      doc('b2bbbbbbbb', 'Minutes', 'minutes.pdf', {
        path: '/home/ada/Club/minutes.pdf',
        pageCount: 6,
      }),
      doc('c3cccccccc', 'Notes', 'notes.pdf', { pageCount: 3 }),
      doc('d4dddddddd', 'Notes', 'notes.pdf', { pageCount: 9 }),
      doc('e5eeeeeeee', 'Draft', 'draft.txt'),
      doc('f6ffffffff', 'Draft', 'draft.txt'),
    ]);
    expect(labels.get('a1aaaaaaaa')).toBe('Minutes (in Work)');
    expect(labels.get('b2bbbbbbbb')).toBe('Minutes (in Club)');
    expect(labels.get('c3cccccccc')).toBe('Notes (3 pages)');
    expect(labels.get('d4dddddddd')).toBe('Notes (9 pages)');
    expect(labels.get('e5eeeeeeee')).toBe('Draft (id e5eeeeee)');
    expect(labels.get('f6ffffffff')).toBe('Draft (id f6ffffff)');
  });

  it('never repeats the name as its own qualifier', () => {
    const labels = documentLabels([
      doc('a1', '', 'report.pdf', { path: '/x/A/report.pdf' }),
      doc('b2', 'report.pdf', 'report.pdf', { path: '/x/B/report.pdf' }),
    ]);
    expect(labels.get('a1')).toBe('report.pdf (in A)');
    expect(labels.get('b2')).toBe('report.pdf (in B)');
  });
});

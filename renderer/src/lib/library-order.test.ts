import { describe, expect, it } from 'vitest';
import type { DocumentInfo } from '../../../shared/model.ts';
import { libraryRows } from './library-order.ts';

const doc = (
  id: string,
  title: string,
  fileName: string,
  openedAt: number,
  tokens?: number,
): DocumentInfo => ({
  id,
  title,
  fileName,
  format: 'pdf',
  chars: 4000,
  openedAt,
  warnings: [],
  ...(tokens === undefined ? {} : { tokenCount: tokens }),
});

const docs = [
  doc('gpl', 'GNU General Public License', 'gpl-3.0.pdf', 3, 9000),
  doc('fhs', 'Filesystem Hierarchy Standard', 'fhs-3.0.docx', 1, 40_000),
  doc('ja', 'Debian Live マニュアル', 'live-manual.ja.epub', 2),
  doc('cafe', 'Café notes', 'café.txt', 4, 10),
];
const ids = (list: DocumentInfo[]) => list.map((d) => d.id);

describe('library rows', () => {
  it('sorts by last opened, name or size', () => {
    expect(ids(libraryRows(docs, '', 'opened'))).toEqual(['cafe', 'gpl', 'ja', 'fhs']);
    expect(ids(libraryRows(docs, '', 'name'))).toEqual(['cafe', 'ja', 'fhs', 'gpl']);
    // The EPUB without a token count is sized by its characters (4000 / 4).
    expect(ids(libraryRows(docs, '', 'size'))).toEqual(['fhs', 'gpl', 'ja', 'cafe']);
  });

  it('finds by title or file name, every word, ignoring case and accents', () => {
    expect(ids(libraryRows(docs, 'gpl', 'opened'))).toEqual(['gpl']);
    expect(ids(libraryRows(docs, 'public gnu', 'opened'))).toEqual(['gpl']);
    expect(ids(libraryRows(docs, 'cafe', 'opened'))).toEqual(['cafe']);
    expect(ids(libraryRows(docs, 'マニュアル', 'opened'))).toEqual(['ja']);
    expect(ids(libraryRows(docs, '3.0', 'name'))).toEqual(['fhs', 'gpl']);
    expect(libraryRows(docs, 'nothing like it', 'opened')).toEqual([]);
  });
});

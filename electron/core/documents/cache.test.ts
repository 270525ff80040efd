import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentText } from '../../../shared/model.ts';
import { gzipSync } from 'node:zlib';
import { sha256Hex } from '../hash.ts';
import { createDocumentCache } from './cache.ts';
import { attachGeometry, geometryOf, rectsForSpan } from './geometry.ts';

const doc: DocumentText = {
  format: 'pdf',
  title: 'Book',
  text: '第一章 text',
  pages: [{ number: 1, label: 'i', start: 0, end: 9 }],
  sections: [{ title: '第一章', level: 1, start: 0, page: 1 }],
  warnings: ['w'],
};

describe('document cache', () => {
  const sha = sha256Hex(new TextEncoder().encode('book bytes'));

  it('returns what was put, from a fresh cache over the same folder, leaving no temp files', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memagent-cache-'));
    expect(await createDocumentCache(dir).get(sha)).toBeUndefined();
    await createDocumentCache(dir).put(sha, doc);
    expect(await createDocumentCache(dir).get(sha)).toEqual(doc);
    expect(readdirSync(dir)).toEqual([`${sha}.json.gz`]);
  });

  it('ignores a corrupt entry and rewrites it on the next put', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memagent-cache-'));
    const cache = createDocumentCache(dir);
    writeFileSync(join(dir, `${sha}.json.gz`), 'not gzip at all');
    expect(await cache.get(sha)).toBeUndefined();
    await cache.put(sha, doc);
    expect(await cache.get(sha)).toEqual(doc);
    await cache.remove(sha);
    expect(await cache.get(sha)).toBeUndefined();
  });

  it('refuses keys that are not SHA-256 digests', async () => {
    const cache = createDocumentCache(mkdtempSync(join(tmpdir(), 'memagent-cache-')));
    await expect(cache.put('../../etc/passwd', doc)).rejects.toThrow(/SHA-256/);
  });

  it('stores the line geometry with the text and gives it back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memagent-cache-'));
    const withGeometry: DocumentText = { ...doc, pages: [...(doc.pages ?? [])] };
    attachGeometry(withGeometry, {
      spans: Int32Array.from([1, 0, 3, 1, 4, 9]),
      boxes: Float32Array.from([72, 700, 110, 712, 72, 680, 130, 692]),
      pageBoxes: Float32Array.from([0, 0, 612, 792]),
    });
    await createDocumentCache(dir).put(sha, withGeometry);
    const fresh = createDocumentCache(dir);
    const back = await fresh.get(sha);
    expect(back).toEqual(doc);
    const geometry = back === undefined ? undefined : geometryOf(back);
    expect(geometry && rectsForSpan(geometry, 4, 9)).toEqual([
      { page: 1, x0: 72, y0: 680, x1: 130, y1: 692 },
    ]);
    expect((await fresh.geometryFor(sha))?.pageBoxes).toEqual(Float32Array.from([0, 0, 612, 792]));
  });

  it('treats an entry written by the previous extractor version as a miss', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'memagent-cache-'));
    writeFileSync(
      join(dir, `${sha}.json.gz`),
      gzipSync(JSON.stringify({ version: 1, sha256: sha, doc })),
    );
    expect(await createDocumentCache(dir).get(sha)).toBeUndefined();
  });
});

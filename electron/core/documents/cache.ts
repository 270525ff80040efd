import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { z } from 'zod';
import type { DocumentText } from '../../../shared/model.ts';
import { documentTextSchema } from '../../../shared/schemas.ts';
import {
  attachGeometry,
  decodeGeometry,
  encodeGeometry,
  geometryOf,
  type TextGeometry,
} from './geometry.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Bumped whenever extraction output changes (hyphenation rule, table layout...), so entries
 * written by an older extractor are ignored and replaced instead of served. 2: PDFium, and PDF
 * entries carry their line geometry. 3: scanned PDF pages are recognised by OCR.
 */
export const EXTRACTOR_VERSION = 3;

const entrySchema = z.object({
  version: z.literal(EXTRACTOR_VERSION),
  sha256: z.string(),
  doc: documentTextSchema,
  /** `encodeGeometry` of the document's line geometry (PDF). */
  geometry: z.string().optional(),
});

/** Extracted documents on disk, one gzipped JSON file per content hash. */
export interface DocumentCache {
  /**
   * The cached document, or undefined when absent, unreadable, corrupt or from another extractor
   * version. Its geometry, if stored, is attached (`geometryOf`).
   */
  get(sha: string): Promise<DocumentText | undefined>;
  /** The line geometry stored with a document (PDF), or undefined. */
  geometryFor(sha: string): Promise<TextGeometry | undefined>;
  /**
   * Stores atomically (temp file + rename): a crash never leaves a half-written entry. The
   * document's attached geometry is stored with it.
   */
  put(sha: string, doc: DocumentText): Promise<void>;
  remove(sha: string): Promise<void>;
}

function checkSha(sha: string): string {
  // The hash becomes a file name: refuse anything that is not one (no path tricks).
  if (!/^[0-9a-f]{64}$/.test(sha)) throw new Error(`not a SHA-256 hex digest: ${sha.slice(0, 80)}`);
  return sha;
}

/** A cache in `dir` (created on first write). */
export function createDocumentCache(dir: string): DocumentCache {
  const file = (sha: string): string => join(dir, `${checkSha(sha)}.json.gz`);
  const read = async (sha: string): Promise<DocumentText | undefined> => {
    let raw: Buffer;
    try {
      raw = await readFile(file(sha));
    } catch {
      return undefined;
    }
    try {
      const parsed = entrySchema.safeParse(JSON.parse((await gunzipAsync(raw)).toString('utf8')));
      if (!parsed.success || parsed.data.sha256 !== sha) return undefined;
      const doc = parsed.data.doc as DocumentText;
      const geometry =
        parsed.data.geometry === undefined ? undefined : decodeGeometry(parsed.data.geometry);
      if (geometry !== undefined) attachGeometry(doc, geometry);
      return doc;
    } catch {
      // Corrupt entry: treat as a miss; the next put rewrites it.
      return undefined;
    }
  };
  return {
    get: read,
    async geometryFor(sha) {
      const doc = await read(sha);
      return doc === undefined ? undefined : geometryOf(doc);
    },
    async put(sha, doc) {
      const target = file(sha);
      await mkdir(dir, { recursive: true });
      const geometry = geometryOf(doc);
      const entry = {
        version: EXTRACTOR_VERSION,
        sha256: sha,
        doc,
        ...(geometry === undefined ? {} : { geometry: encodeGeometry(geometry) }),
      };
      const body = await gzipAsync(Buffer.from(JSON.stringify(entry), 'utf8'));
      const temp = `${target}.${randomBytes(6).toString('hex')}.tmp`;
      try {
        await writeFile(temp, body);
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async remove(sha) {
      await rm(file(sha), { force: true });
    },
  };
}

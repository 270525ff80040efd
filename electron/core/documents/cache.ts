import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import { z } from 'zod';
import type { DocumentText } from '../../../shared/model.ts';
import { documentTextSchema } from '../../../shared/schemas.ts';

const gzipAsync = promisify(gzip);
const gunzipAsync = promisify(gunzip);

/**
 * Bumped whenever extraction output changes (hyphenation rule, table layout...), so entries
 * written by an older extractor are ignored and replaced instead of served.
 */
export const EXTRACTOR_VERSION = 1;

const entrySchema = z.object({
  version: z.literal(EXTRACTOR_VERSION),
  sha256: z.string(),
  doc: documentTextSchema,
});

/** Hex SHA-256 of bytes: the identity of a document's content. */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Extracted documents on disk, one gzipped JSON file per content hash. */
export interface DocumentCache {
  /** The cached document, or undefined when absent, unreadable, corrupt or from another extractor version. */
  get(sha: string): Promise<DocumentText | undefined>;
  /** Stores atomically (temp file + rename): a crash never leaves a half-written entry. */
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
  return {
    async get(sha) {
      let raw: Buffer;
      try {
        raw = await readFile(file(sha));
      } catch {
        return undefined;
      }
      try {
        const parsed = entrySchema.safeParse(JSON.parse((await gunzipAsync(raw)).toString('utf8')));
        if (!parsed.success || parsed.data.sha256 !== sha) return undefined;
        return parsed.data.doc as DocumentText;
      } catch {
        // Corrupt entry: treat as a miss; the next put rewrites it.
        return undefined;
      }
    },
    async put(sha, doc) {
      const target = file(sha);
      await mkdir(dir, { recursive: true });
      const body = await gzipAsync(
        Buffer.from(JSON.stringify({ version: EXTRACTOR_VERSION, sha256: sha, doc }), 'utf8'),
      );
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

import type { DocumentInfo, DocumentText } from '../../../shared/model.ts';
import { createDocumentCache, sha256Hex as documentId } from '../documents/cache.ts';
import { extractDocument } from '../documents/index.ts';
import { readInput } from '../documents/read-input.ts';
import { CoreError } from '../errors.ts';

/** How many extracted texts stay in memory for runs and the reader (a 3.5M-token book is ~14 MB). */
const MEMORY_SLOTS = 4;

/**
 * The extracted text of library documents: recent ones in memory, all of them in the on-disk
 * cache (keyed by content hash), and as a last resort extracted again from the original file
 * when its bytes still hash to the same id.
 */
export interface DocumentTexts {
  remember(id: string, doc: DocumentText): Promise<void>;
  cached(id: string): Promise<boolean>;
  /** `signal` stops a re-extraction (the text was in no cache) that nobody waits for any more. */
  load(info: DocumentInfo, signal?: AbortSignal): Promise<DocumentText>;
  forget(id: string): Promise<void>;
}

export function createDocumentTexts(cacheDir: string, maxBytes: number): DocumentTexts {
  const cache = createDocumentCache(cacheDir);
  const recent = new Map<string, DocumentText>();
  const keep = (id: string, doc: DocumentText) => {
    recent.delete(id);
    recent.set(id, doc);
    while (recent.size > MEMORY_SLOTS) recent.delete(recent.keys().next().value as string);
  };

  return {
    async remember(id, doc) {
      keep(id, doc);
      await cache.put(id, doc);
    },
    async cached(id) {
      return recent.has(id) || (await cache.get(id)) !== undefined;
    },
    async load(info, signal) {
      const hit = recent.get(info.id) ?? (await cache.get(info.id));
      if (hit) {
        keep(info.id, hit);
        return hit;
      }
      if (info.path === undefined) throw gone(info);
      let bytes: Uint8Array;
      try {
        bytes = (await readInput({ path: info.path }, maxBytes)).bytes;
      } catch {
        throw gone(info);
      }
      if (documentId(bytes) !== info.id)
        throw gone(info, 'The file has changed since it was opened.');
      const doc = await extractDocument(
        { bytes, name: info.fileName },
        signal ? { maxBytes, signal } : { maxBytes },
      );
      keep(info.id, doc);
      await cache.put(info.id, doc);
      return doc;
    },
    async forget(id) {
      recent.delete(id);
      await cache.remove(id);
    },
  };
}

function gone(info: DocumentInfo, why?: string): CoreError {
  return new CoreError('NotFound', why ?? `The text of ${info.fileName} is no longer available.`, {
    hint: 'Open the file again.',
  });
}

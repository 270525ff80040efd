import type { DocumentInfo, DocumentText, Reading } from '../../../shared/model.ts';
import { createDocumentCache } from '../documents/cache.ts';
import { sha256Hex as documentId } from '../hash.ts';
import { extractDocument, type ExtractOptions } from '../documents/index.ts';
import { readInput } from '../documents/read-input.ts';
import { CoreError } from '../errors.ts';
import type { OcrService } from './ocr-service.ts';

/** How many extracted texts stay in memory for runs and the reader (a 3.5M-token book is ~14 MB). */
const MEMORY_SLOTS = 4;

/**
 * The extracted texts of library documents by text key (text-keys.ts): recent ones in memory,
 * all of them in the on-disk cache, and as a last resort extracted again, with the reading that
 * gave the key, from the original file when its bytes still hash to the document's id.
 */
export interface DocumentTexts {
  remember(textKey: string, doc: DocumentText): Promise<void>;
  /** The text if it is in memory or in the cache (never extracted). */
  cached(textKey: string): Promise<DocumentText | undefined>;
  /**
   * Text `textKey` (default: the document's current one) of `info`. `signal` stops a
   * re-extraction (the text was in no cache) that nobody waits for any more.
   */
  load(
    info: DocumentInfo,
    options?: { textKey?: string; signal?: AbortSignal },
  ): Promise<DocumentText>;
  forget(textKeys: readonly string[]): Promise<void>;
}

export interface DocumentTextsDeps {
  cacheDir: string;
  maxBytes: number;
  /** The reading that gave a document's text key; undefined when the document never had it. */
  readingFor: (documentId: string, textKey: string) => Reading | undefined;
  ocr: OcrService;
}

export function createDocumentTexts(deps: DocumentTextsDeps): DocumentTexts {
  const cache = createDocumentCache(deps.cacheDir);
  const recent = new Map<string, DocumentText>();
  const keep = (key: string, doc: DocumentText) => {
    recent.delete(key);
    recent.set(key, doc);
    while (recent.size > MEMORY_SLOTS) recent.delete(recent.keys().next().value as string);
  };
  const cached = async (key: string) => recent.get(key) ?? (await cache.get(key));

  return {
    async remember(key, doc) {
      keep(key, doc);
      await cache.put(key, doc);
    },
    cached,
    async load(info, options = {}) {
      const key = options.textKey ?? info.textKey ?? info.id;
      const reading = deps.readingFor(info.id, key);
      if (reading === undefined)
        throw new CoreError('NotFound', `This text of ${info.fileName} does not exist.`);
      const hit = await cached(key);
      if (hit) {
        keep(key, hit);
        return hit;
      }
      const bytes = await readOriginal(info, deps.maxBytes);
      const extract: ExtractOptions = { maxBytes: deps.maxBytes };
      if (options.signal) extract.signal = options.signal;
      const ocr = deps.ocr.extraction(reading);
      if (ocr) extract.ocr = ocr;
      const doc = await extractDocument({ bytes, name: info.fileName }, extract);
      keep(key, doc);
      await cache.put(key, doc);
      return doc;
    },
    async forget(keys) {
      for (const key of keys) {
        recent.delete(key);
        await cache.remove(key);
      }
    },
  };
}

/**
 * The bytes of a library document's file, read again from its path. Throws NotFound when there
 * is no path, the file is gone, or its bytes no longer hash to the document's id.
 */
export async function readOriginal(info: DocumentInfo, maxBytes: number): Promise<Uint8Array> {
  if (info.path === undefined) throw gone(info);
  let bytes: Uint8Array;
  try {
    bytes = (await readInput({ path: info.path }, maxBytes)).bytes;
  } catch {
    throw gone(info);
  }
  if (documentId(bytes) !== info.id)
    throw gone(info, `The file ${info.fileName} has changed since it was opened.`);
  return bytes;
}

function gone(info: DocumentInfo, why?: string): CoreError {
  return new CoreError('NotFound', why ?? `The text of ${info.fileName} is no longer available.`, {
    hint: 'Open the file again.',
  });
}

import type { DocumentInfo, DocumentText, Reading } from '../../../shared/model.ts';
import { createDocumentCache } from '../documents/cache.ts';
import { sha256Hex as documentId } from '../hash.ts';
import { extractDocument, type ExtractOptions } from '../documents/index.ts';
import { readInput } from '../documents/read-input.ts';
import { CoreError } from '../errors.ts';
import { documentTextBytes, textCacheBytes } from './cache-budget.ts';
import type { OcrService } from '../documents/ocr-service.ts';
import { createPromiseCache } from './promise-cache.ts';

/**
 * The extracted texts of library documents by text key (text-keys.ts): recent ones in memory
 * within a byte budget (cache-budget.ts), all of them in the on-disk cache, and as a last resort
 * extracted again, with the reading that gave the key, from the original file when its bytes
 * still hash to the document's id. Concurrent loads of one text are one load.
 */
export interface DocumentTexts {
  remember(textKey: string, doc: DocumentText): Promise<void>;
  /** The text if it is in memory or in the cache (never extracted). */
  cached(textKey: string): Promise<DocumentText | undefined>;
  /**
   * Text `textKey` (default: the document's current one) of `info`. `signal` ends this caller's
   * wait; a re-extraction (the text was in no cache) stops once nobody waits for it any more.
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
  /** Bytes of text kept in memory (default: `textCacheBytes()`). */
  memoryBytes?: number;
  /** Extracts a document (default `extractDocument`; a test counts the calls). */
  extract?: typeof extractDocument;
}

export function createDocumentTexts(deps: DocumentTextsDeps): DocumentTexts {
  const cache = createDocumentCache(deps.cacheDir);
  const extract = deps.extract ?? extractDocument;
  const recent = createPromiseCache<DocumentText>({
    maxBytes: deps.memoryBytes ?? textCacheBytes(),
    sizeOf: documentTextBytes,
  });
  const cached = async (key: string) => recent.peek(key) ?? (await cache.get(key));

  /** From the disk cache, else extracted again from the original file (and cached). */
  async function read(info: DocumentInfo, key: string, reading: Reading, signal: AbortSignal) {
    const hit = await cache.get(key);
    if (hit) return hit;
    const bytes = await readOriginal(info, deps.maxBytes);
    const options: ExtractOptions = { maxBytes: deps.maxBytes, signal };
    const ocr = deps.ocr.extraction(reading);
    if (ocr) options.ocr = ocr;
    const doc = await extract({ bytes, name: info.fileName }, options);
    await cache.put(key, doc);
    return doc;
  }

  return {
    async remember(key, doc) {
      recent.set(key, doc);
      await cache.put(key, doc);
    },
    cached,
    async load(info, options = {}) {
      const key = options.textKey ?? info.textKey ?? info.id;
      const reading = deps.readingFor(info.id, key);
      if (reading === undefined)
        throw new CoreError('NotFound', `This text of ${info.fileName} does not exist.`);
      return recent.get(key, (signal) => read(info, key, reading, signal), options.signal ?? NEVER);
    },
    async forget(keys) {
      for (const key of keys) {
        recent.delete(key);
        await cache.remove(key);
      }
    },
  };
}

/** A wait nobody cancels. */
const NEVER = new AbortController().signal;

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

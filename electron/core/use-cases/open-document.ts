// Opening a document: the app's "Open" and `memagent ask FILE` enter a file in the library the
// same way. A document is known by the SHA-256 of its bytes; its text is read once per reading
// (OCR mode and languages) and kept in the extracted-text cache, so neither ever reads it again.
import {
  DEFAULT_READING,
  type DocumentInfo,
  type DocumentText,
  type Reading,
} from '../../../shared/model.ts';
import { sha256Hex } from '../hash.ts';
import { textKeyOf } from '../caches/text-keys.ts';
import type { Store } from '../store/store.ts';
import { writeTransaction } from '../store/write-transaction.ts';

/** Where extracted texts are kept by text key (the app's DocumentTexts, the CLI's cache). */
export interface TextCache {
  cached(textKey: string): Promise<DocumentText | undefined>;
  remember(textKey: string, doc: DocumentText): Promise<void>;
}

export interface OpenDocumentParts {
  store: Store;
  texts: TextCache;
  now: () => number;
}

export interface OpenDocumentRequest {
  bytes: Uint8Array;
  /** The file's name as shown. */
  name: string;
  /** Where the file is (none for bytes dropped on the window). */
  path: string | undefined;
  /** How to read it (the CLI's flags); default: as it was read before, else the default. */
  reading?: Reading;
  /** Extracts the text with the caller's progress, OCR and cancel: only when none is cached. */
  extract(reading: Reading): Promise<DocumentText>;
}

export interface OpenedDocument {
  info: DocumentInfo;
  doc: DocumentText;
  /** False when the text came from the cache. */
  extracted: boolean;
}

/** The id of a document: the SHA-256 of its bytes, hashed from the very bytes that are read. */
export function documentIdOf(bytes: Uint8Array): string {
  return sha256Hex(bytes);
}

/**
 * Enters the document in the library: a new entry with its reading and text key, or the known
 * one touched (path, name, time). Known content whose text is cached for this reading is not
 * read again; a known document read another way (other OCR flags) gets that reading as its
 * current text, as "Read again" does in the app. The text is cached either way.
 */
export async function openDocument(
  parts: OpenDocumentParts,
  request: OpenDocumentRequest,
): Promise<OpenedDocument> {
  const { store, texts, now } = parts;
  const id = documentIdOf(request.bytes);
  const known = store.documents.get(id);
  const reading = request.reading ?? known?.reading ?? DEFAULT_READING;
  if (known) {
    const key = textKeyOf(id, known.format === 'pdf' ? reading : undefined);
    const cached = await texts.cached(key);
    if (cached) {
      enter(store, known, describeDocument(id, request.name, request.path, cached, now(), reading));
      return { info: store.documents.get(id) as DocumentInfo, doc: cached, extracted: false };
    }
  }
  const doc = await request.extract(reading);
  const info = describeDocument(id, request.name, request.path, doc, now(), reading);
  await texts.remember(info.textKey ?? id, doc);
  enter(store, store.documents.get(id), info);
  return { info: store.documents.get(id) as DocumentInfo, doc, extracted: true };
}

/** New, or the same text again (its token count kept), or another reading made current. */
function enter(store: Store, known: DocumentInfo | undefined, info: DocumentInfo): void {
  if (!known || known.textKey === info.textKey) {
    store.documents.upsert(info);
    return;
  }
  writeTransaction(store.db, () => {
    store.documents.touch(info.id, info.openedAt, info.path, info.fileName);
    store.documents.setText(info.id, {
      title: info.title,
      chars: info.chars,
      pageCount: info.pageCount,
      warnings: info.warnings,
      ocrPageCount: info.ocrPageCount,
      reading: info.reading ?? DEFAULT_READING,
      textKey: info.textKey ?? info.id,
    });
  })();
}

/** A library entry for `doc`; PDFs carry their reading and how many pages OCR read. */
export function describeDocument(
  id: string,
  fileName: string,
  path: string | undefined,
  doc: DocumentText,
  openedAt: number,
  reading: Reading,
): DocumentInfo {
  const pdf = doc.format === 'pdf';
  const info: DocumentInfo = {
    id,
    fileName,
    format: doc.format,
    title: doc.title,
    chars: doc.text.length,
    openedAt,
    warnings: doc.warnings,
    textKey: textKeyOf(id, pdf ? reading : undefined),
  };
  if (path !== undefined) info.path = path;
  if (doc.pages !== undefined) info.pageCount = doc.pages.length;
  if (pdf) {
    info.reading = reading;
    info.ocrPageCount = doc.ocrPages?.length ?? 0;
  }
  return info;
}

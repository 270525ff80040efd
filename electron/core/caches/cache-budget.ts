import os from 'node:os';
import type { ChunkInfo, DocumentText } from '../../../shared/model.ts';

const MB = 1024 * 1024;

/**
 * Bytes of extracted document text kept in memory for runs, estimates and the reader: 1/32 of
 * the machine's memory, at least 64 MB and at most 256 MB (a collection of dozens of reports, or
 * about nine 3.5-million-token books). Past it the least recently used texts are read again
 * from the on-disk cache, which keeps every one.
 */
export function textCacheBytes(totalMemory = os.totalmem()): number {
  return Math.min(256 * MB, Math.max(64 * MB, Math.floor(totalMemory / 32)));
}

/** Bytes of chunk plans kept: an eighth of the text budget (a plan is ~1% of its text's size). */
export function chunkPlanCacheBytes(totalMemory = os.totalmem()): number {
  return Math.floor(textCacheBytes(totalMemory) / 8);
}

/**
 * What a document's text holds in memory, counted high: two bytes a character (V8 keeps ASCII
 * in one, other text in two) plus its page and section spans.
 */
export function documentTextBytes(doc: DocumentText): number {
  const spans = (doc.pages?.length ?? 0) + (doc.sections?.length ?? 0);
  return 2 * (doc.text.length + doc.title.length) + 64 * spans + 256;
}

/** What a chunk plan holds in memory: a small object per chunk, its section's name and pages. */
export function chunkPlanBytes(chunks: readonly ChunkInfo[]): number {
  let bytes = 64;
  for (const c of chunks) bytes += 96 + 2 * (c.section?.length ?? 0) + (c.pages ? 48 : 0);
  return bytes;
}

import { DEFAULT_READING, type Reading } from '../../../shared/model.ts';
import { sha256Hex } from '../hash.ts';

/** Whether two readings give the same text (languages in order: the first is the most likely). */
export function sameReading(a: Reading, b: Reading): boolean {
  return (
    a.ocr === b.ocr &&
    a.languages.length === b.languages.length &&
    a.languages.every((code, i) => code === b.languages[i])
  );
}

/**
 * The key of the text a reading of document `documentId` gives: the document id itself for the
 * default reading (and for formats without readings), so texts cached before readings existed
 * keep their key; otherwise a SHA-256 of the id and the reading, a valid cache file name.
 */
export function textKeyOf(documentId: string, reading: Reading | undefined): string {
  if (reading === undefined || sameReading(reading, DEFAULT_READING)) return documentId;
  const canonical = JSON.stringify({ ocr: reading.ocr, languages: reading.languages });
  return sha256Hex(new TextEncoder().encode(`${documentId}\n${canonical}`));
}

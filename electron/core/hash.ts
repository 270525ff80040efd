import { createHash } from 'node:crypto';

/** Hex SHA-256 of bytes: the identity of a document's content (cache entries, library rows). */
export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

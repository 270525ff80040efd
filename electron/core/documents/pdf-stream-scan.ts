import { constants, inflateSync } from 'node:zlib';
import { PartTooLargeError } from './limits.ts';

// How far back from `stream` the stream's dictionary is looked for.
const DICT_WINDOW = 4096;

/**
 * Deflate's largest possible expansion: a 258-byte match coded in 2 bits (zlib's FAQ). A stream
 * shorter than the limit divided by this cannot inflate past the limit, so it is not inflated.
 */
export const MAX_DEFLATE_RATIO = 1032;

/**
 * Refuses a PDF (TooLarge) with a FlateDecode stream that inflates to more than `maxPartBytes`,
 * before any PDF engine sees the file: pdf.js inflates streams into buffers outside the heap
 * limit, with no limit of its own. Every `stream ... endstream` whose dictionary names
 * FlateDecode is inflated by zlib with `maxOutputLength`, one at a time, output discarded.
 * Image streams are skipped: text extraction never decodes them, and a scan's flate images may
 * be large. Streams too short to reach the limit at deflate's largest ratio are not inflated
 * either: in a book that is all but a handful, so the scan costs milliseconds where inflating
 * every stream cost 0.1 s. Streams the scan cannot inflate (encrypted, other filters, damaged)
 * are left to the memory watchdog. Independent of the engine, so it stays when PDFium replaces
 * pdf.js.
 */
export function checkPdfStreams(bytes: Uint8Array, maxPartBytes: number): void {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = buf.indexOf('stream');
  while (at >= 0) {
    let start = at + 6;
    const isEnd = at >= 3 && buf.toString('latin1', at - 3, at) === 'end';
    if (buf[start] === 0x0d) start++;
    if (isEnd || (buf[start] !== 0x0a && buf[start - 1] !== 0x0d)) {
      at = buf.indexOf('stream', at + 6);
      continue;
    }
    if (buf[start] === 0x0a) start++;
    let end = buf.indexOf('endstream', start);
    if (end < 0) end = buf.length;
    if ((end - start) * MAX_DEFLATE_RATIO > maxPartBytes && isTextFlate(buf, at)) {
      try {
        inflateSync(buf.subarray(start, end), {
          maxOutputLength: maxPartBytes,
          finishFlush: constants.Z_SYNC_FLUSH,
        });
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
          throw new PartTooLargeError('A PDF stream', maxPartBytes);
        // Damaged or not zlib: the engine copes with it (or the watchdog does).
      }
    }
    at = buf.indexOf('stream', end + 9);
  }
}

/** Whether the dictionary before the `stream` keyword at `at` names FlateDecode and no image. */
function isTextFlate(buf: Buffer, at: number): boolean {
  const head = buf.toString('latin1', Math.max(0, at - DICT_WINDOW), at);
  const dict = head.slice(Math.max(0, head.lastIndexOf('obj')));
  return dict.includes('/FlateDecode') && !/\/Subtype\s*\/Image\b/.test(dict);
}

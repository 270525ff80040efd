import { basename } from 'node:path';
import { CoreError } from '../errors.ts';
import { openUserFile } from '../user-file.ts';
import { DEFAULT_EXTRACTION_LIMITS, textTooLarge } from './limits.ts';
import { sniffKind } from './sniff.ts';

/** Bytes and a display name for an extraction input, after the size check. */
export interface InputBytes {
  bytes: Uint8Array;
  name: string;
}

export function tooLarge(size: number, maxBytes: number): CoreError {
  const mb = (n: number): string => `${Math.round(n / (1024 * 1024))} MB`;
  return new CoreError(
    'TooLarge',
    `This file is too large to read (${mb(size)}; the limit is ${mb(maxBytes)}).`,
    {
      hint: 'Split the document into smaller files (for example by chapter) and open them one by one.',
    },
  );
}

// Enough of a file's start for `sniffKind` to tell text from every binary format it knows.
const SNIFF_BYTES = 4096;

/** Throws TooLarge for a file read as text over `maxTextBytes`, judged by its first bytes. */
function checkTextSize(head: Uint8Array, size: number, maxTextBytes: number): void {
  if (size > maxTextBytes && sniffKind(head) === 'text') throw textTooLarge(size, maxTextBytes);
}

/**
 * Reads a path (opened without blocking, checked to be a regular file, its size checked before
 * reading: see `openUserFile`) or takes the given bytes. A file that would be read as text
 * (plain text, Markdown, HTML) is refused over `maxTextBytes` from its first bytes, before the
 * rest is read.
 */
export async function readInput(
  input: { path: string } | { bytes: Uint8Array; name?: string },
  maxBytes: number,
  maxTextBytes: number = DEFAULT_EXTRACTION_LIMITS.maxTextBytes,
): Promise<InputBytes> {
  if ('bytes' in input) {
    const size = input.bytes.byteLength;
    if (size > maxBytes) throw tooLarge(size, maxBytes);
    checkTextSize(input.bytes.subarray(0, SNIFF_BYTES), size, maxTextBytes);
    return { bytes: input.bytes, name: input.name ?? 'document' };
  }
  const { handle, stat } = await openUserFile(input.path, {
    notFileHint: 'Choose a document file.',
  });
  try {
    if (stat.size > maxBytes) throw tooLarge(stat.size, maxBytes);
    if (stat.size > maxTextBytes) {
      // Read at position 0 (pread): the file position stays where readFile starts.
      const head = new Uint8Array(SNIFF_BYTES);
      const { bytesRead } = await handle.read(head, 0, SNIFF_BYTES, 0);
      checkTextSize(head.subarray(0, bytesRead), stat.size, maxTextBytes);
    }
    const bytes = await handle.readFile();
    return {
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      name: basename(input.path),
    };
  } finally {
    await handle.close();
  }
}

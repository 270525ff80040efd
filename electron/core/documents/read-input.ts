import { basename } from 'node:path';
import { CoreError } from '../errors.ts';
import { openUserFile } from '../user-file.ts';

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

/**
 * Reads a path (opened without blocking, checked to be a regular file and its size checked
 * before reading: see `openUserFile`) or takes the given bytes.
 */
export async function readInput(
  input: { path: string } | { bytes: Uint8Array; name?: string },
  maxBytes: number,
): Promise<InputBytes> {
  if ('bytes' in input) {
    if (input.bytes.byteLength > maxBytes) throw tooLarge(input.bytes.byteLength, maxBytes);
    return { bytes: input.bytes, name: input.name ?? 'document' };
  }
  const { handle, stat } = await openUserFile(input.path, {
    notFileHint: 'Choose a document file.',
  });
  try {
    if (stat.size > maxBytes) throw tooLarge(stat.size, maxBytes);
    const bytes = await handle.readFile();
    return {
      bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      name: basename(input.path),
    };
  } finally {
    await handle.close();
  }
}

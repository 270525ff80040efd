import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { CoreError } from '../errors.ts';

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

/** Reads a path (size checked before reading) or takes the given bytes. */
export async function readInput(
  input: { path: string } | { bytes: Uint8Array; name?: string },
  maxBytes: number,
): Promise<InputBytes> {
  if ('bytes' in input) {
    if (input.bytes.byteLength > maxBytes) throw tooLarge(input.bytes.byteLength, maxBytes);
    return { bytes: input.bytes, name: input.name ?? 'document' };
  }
  let handle;
  try {
    handle = await open(input.path, 'r');
  } catch (error) {
    const code = (error as { code?: string }).code;
    const detail = error instanceof Error ? error.message : String(error);
    if (code === 'EACCES' || code === 'EPERM') {
      throw new CoreError(
        'NotFound',
        `The file ${basename(input.path)} cannot be read: permission denied.`,
        { detail },
      );
    }
    throw new CoreError('NotFound', `The file ${input.path} does not exist.`, {
      hint: 'Check the path.',
      detail,
    });
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile())
      throw new CoreError('NotFound', `${input.path} is not a file.`, {
        hint: 'Choose a document file.',
      });
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

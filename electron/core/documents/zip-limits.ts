import { unzipSync } from 'fflate';
import { CoreError } from '../errors.ts';

/** Limits against zip bombs: entry count, size of one entry and of all entries uncompressed. */
export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

export const DEFAULT_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20_000,
  maxEntryBytes: 256 * 1024 * 1024,
  maxTotalBytes: 1024 * 1024 * 1024,
};

function zipBomb(detail: string): CoreError {
  return new CoreError(
    'TooLarge',
    'This document unpacks to more data than allowed: it may be a zip bomb.',
    { detail },
  );
}

/** Damaged-zip error with the library's message as detail. */
export function damagedZip(error: unknown): CoreError {
  if (error instanceof CoreError) return error;
  return new CoreError(
    'Damaged',
    'This document could not be read: its ZIP container is damaged.',
    {
      hint: 'The file may be truncated; try downloading or exporting it again.',
      detail: error instanceof Error ? error.message : String(error),
    },
  );
}

/**
 * Unpacks the entries `want` selects, after checking the central directory against the limits.
 * A declared size cannot be exceeded: fflate inflates into a buffer of the declared size.
 */
export function unzipLimited(
  bytes: Uint8Array,
  want: (name: string) => boolean,
  limits: ZipLimits = DEFAULT_ZIP_LIMITS,
): Record<string, Uint8Array> {
  let entries = 0;
  let total = 0;
  try {
    return unzipSync(bytes, {
      filter: (file) => {
        entries++;
        if (entries > limits.maxEntries) throw zipBomb(`more than ${limits.maxEntries} entries`);
        if (!want(file.name)) return false;
        if (file.originalSize > limits.maxEntryBytes)
          throw zipBomb(`${file.name}: ${file.originalSize} bytes`);
        total += file.originalSize;
        if (total > limits.maxTotalBytes)
          throw zipBomb(`more than ${limits.maxTotalBytes} bytes in total`);
        // Only stored and deflated entries exist in real DOCX/EPUB; fflate throws on others.
        return file.compression === 0 || file.compression === 8;
      },
    });
  } catch (error) {
    throw damagedZip(error);
  }
}

/** Checks the limits without unpacking anything (for libraries that unzip by themselves). */
export function checkZipLimits(bytes: Uint8Array, limits: ZipLimits = DEFAULT_ZIP_LIMITS): void {
  let entries = 0;
  let total = 0;
  try {
    unzipSync(bytes, {
      filter: (file) => {
        entries++;
        total += file.originalSize;
        if (entries > limits.maxEntries) throw zipBomb(`more than ${limits.maxEntries} entries`);
        if (file.originalSize > limits.maxEntryBytes)
          throw zipBomb(`${file.name}: ${file.originalSize} bytes`);
        if (total > limits.maxTotalBytes)
          throw zipBomb(`more than ${limits.maxTotalBytes} bytes in total`);
        return false;
      },
    });
  } catch (error) {
    throw damagedZip(error);
  }
}

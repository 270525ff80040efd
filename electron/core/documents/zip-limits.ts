import { inflateRawSync } from 'node:zlib';
import { CoreError } from '../errors.ts';
import {
  DEFAULT_EXTRACTION_LIMITS,
  mb,
  PartTooLargeError,
  tooManyEntries,
  unpackedTooLarge,
  type ExtractionLimits,
} from './limits.ts';

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

interface Entry {
  method: number;
  encrypted: boolean;
  compressedSize: number;
  headerOffset: number;
}

/**
 * A ZIP container read lazily under a budget: `read` inflates one entry when asked, counting
 * the bytes that really come out (zlib's `maxOutputLength`), never the sizes the archive
 * declares. The budget is per entry (`maxPartBytes`) and for all reads together
 * (`maxUnpackedBytes`), so only what a parser actually uses is ever in memory.
 */
export interface BoundedZip {
  readonly names: readonly string[];
  has(name: string): boolean;
  /** The entry's bytes; undefined when absent. Throws TooLarge (PartTooLargeError) or Damaged. */
  read(name: string): Uint8Array | undefined;
  /** Decompressed bytes handed out so far. */
  readonly unpacked: number;
}

const EOCD = 0x06054b50;
const EOCD64_LOCATOR = 0x07064b50;
const EOCD64 = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const MAX32 = 0xffffffff;

function fail(message: string): never {
  throw new Error(message);
}

/** Parses the central directory (ZIP64 included) of `bytes` into entries by name. */
function centralDirectory(bytes: Uint8Array, maxEntries: number): Map<string, Entry> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number): number => view.getUint16(at, true);
  const u32 = (at: number): number => view.getUint32(at, true);
  const u64 = (at: number): number => Number(view.getBigUint64(at, true));
  let eocd = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 65535); at--) {
    if (u32(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) fail('no end of central directory');
  let count = u16(eocd + 10);
  let offset = u32(eocd + 16);
  if ((count === 0xffff || offset === MAX32) && eocd >= 20 && u32(eocd - 20) === EOCD64_LOCATOR) {
    const at = u64(eocd - 12);
    if (at + 56 > bytes.length || u32(at) !== EOCD64) fail('bad ZIP64 end of central directory');
    count = u64(at + 32);
    offset = u64(at + 48);
  }
  if (count > maxEntries) throw tooManyEntries(count, maxEntries);
  const utf8 = new TextDecoder();
  const entries = new Map<string, Entry>();
  let at = offset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > bytes.length || u32(at) !== CENTRAL) fail(`bad central directory entry ${i}`);
    const flags = u16(at + 8);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const nameBytes = bytes.subarray(at + 46, at + 46 + nameLength);
    const name = flags & 0x800 ? utf8.decode(nameBytes) : String.fromCharCode(...nameBytes);
    let uncompressed = u32(at + 24);
    let compressedSize = u32(at + 20);
    let headerOffset = u32(at + 42);
    // ZIP64: the fields that overflowed are in the 0x0001 extra field, in this order.
    for (let e = at + 46 + nameLength; e + 4 <= at + 46 + nameLength + extraLength;) {
      const id = u16(e);
      const size = u16(e + 2);
      if (id === 1) {
        let f = e + 4;
        const next = (): number => {
          const value = f + 8 <= bytes.length ? u64(f) : MAX32;
          f += 8;
          return value;
        };
        if (uncompressed === MAX32) uncompressed = next();
        if (compressedSize === MAX32) compressedSize = next();
        if (headerOffset === MAX32) headerOffset = next();
      }
      e += 4 + size;
    }
    entries.set(name, {
      method: u16(at + 10),
      encrypted: (flags & 1) !== 0,
      compressedSize,
      headerOffset,
    });
    at += 46 + nameLength + extraLength + u16(at + 32);
  }
  return entries;
}

/**
 * The entry names of a ZIP, for sniffing (is it a DOCX, an EPUB?): from the central directory,
 * with nothing inflated; when that is damaged or over the entry limit, from the local file
 * headers in the first MB ("PK\x03\x04", name length at +26, name at +30), so a truncated DOCX
 * is still known as one and its reader can say it is damaged.
 */
export function zipEntryNames(
  bytes: Uint8Array,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): string[] {
  try {
    const names = [...centralDirectory(bytes, limits.maxEntries).keys()];
    if (names.length > 0) return names;
  } catch {
    // Damaged or too many entries: the local headers below.
  }
  const names: string[] = [];
  const limit = Math.min(bytes.length, 1 << 20);
  for (let i = 0; i + 30 < limit; i++) {
    if (bytes[i] === 0x50 && bytes[i + 1] === 0x4b && bytes[i + 2] === 3 && bytes[i + 3] === 4) {
      const length = (bytes[i + 26] ?? 0) | ((bytes[i + 27] ?? 0) << 8);
      names.push(String.fromCharCode(...bytes.subarray(i + 30, i + 30 + length)));
    }
  }
  return names;
}

/** Opens `bytes` as a ZIP under `limits`; throws Damaged or TooLarge (too many entries). */
export function openZip(
  bytes: Uint8Array,
  limits: ExtractionLimits = DEFAULT_EXTRACTION_LIMITS,
): BoundedZip {
  let entries: Map<string, Entry>;
  try {
    entries = centralDirectory(bytes, limits.maxEntries);
  } catch (error) {
    throw damagedZip(error);
  }
  let unpacked = 0;
  const data = (name: string, entry: Entry): Uint8Array => {
    const at = entry.headerOffset;
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    if (at + 30 > bytes.length || view.getUint32(at, true) !== LOCAL)
      fail(`${name}: bad local header`);
    const start = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    return bytes.subarray(start, start + entry.compressedSize);
  };
  return {
    names: [...entries.keys()],
    has: (name) => entries.has(name),
    get unpacked() {
      return unpacked;
    },
    read(name) {
      const entry = entries.get(name);
      if (entry === undefined) return undefined;
      const left = limits.maxUnpackedBytes - unpacked;
      const cap = Math.min(limits.maxPartBytes, left);
      const over = (): CoreError =>
        cap === limits.maxPartBytes
          ? new PartTooLargeError(name, limits.maxPartBytes)
          : unpackedTooLarge(`the document unpacks to more than ${mb(limits.maxUnpackedBytes)}`);
      let out: Uint8Array;
      try {
        if (entry.encrypted) fail(`${name} is encrypted`);
        const raw = data(name, entry);
        if (entry.method === 0) {
          if (raw.length > cap) throw over();
          out = raw.slice();
        } else if (entry.method === 8) {
          // The cap is on real output: an entry declaring 1 KB stops here all the same.
          out = inflateRawSync(raw, { maxOutputLength: Math.max(1, cap) });
        } else {
          fail(`${name}: compression method ${entry.method} is not supported`);
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw over();
        throw damagedZip(error);
      }
      unpacked += out.length;
      return out;
    },
  };
}

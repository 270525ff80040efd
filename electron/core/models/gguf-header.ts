// A bounded reader of a GGUF file's header (ggml's docs/gguf.md, versions 2 and 3): the metadata
// key/values and the tensor infos, read front to back in 1 MiB windows. Every count and length is
// checked against the bytes the file has left before anything is read or allocated, so a hostile
// file (a string of 2^40 bytes, 2^62 entries, a file cut short) costs at most a few windows of
// memory and ends with one reason. node-llama-cpp's readGgufFileInfo was tried first: past the
// end of a file it reads zeros and succeeds, and it allocates whatever a string's length claims.
import type { FileHandle } from 'node:fs/promises';
import { ggmlType } from './ggml-types.ts';

/** Why a header cannot be loaded; `kind` says whether the file is damaged or only too new. */
export class GgufFault extends Error {
  readonly kind: 'Damaged' | 'Unsupported';
  constructor(problem: string, kind: 'Damaged' | 'Unsupported' = 'Damaged') {
    super(problem);
    this.kind = kind;
  }
}

/** A metadata value as far as the checks need it: numbers and short strings kept, arrays counted. */
export type GgufMeta =
  | { type: 'int'; value: bigint }
  | { type: 'float'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'str'; value: string | undefined }
  | { type: 'arr'; of: number; length: number };

export interface GgufTensor {
  name: string;
  /** Offset of its data from the start of the data section. */
  offset: bigint;
  bytes: bigint;
}

export interface GgufHeader {
  metadata: Map<string, GgufMeta>;
  tensors: GgufTensor[];
  alignment: number;
  /** Where the tensor data starts: the end of the header, aligned. */
  dataOffset: bigint;
}

const WINDOW = 1 << 20;
/** Real headers hold a vocabulary of up to a few hundred thousand tokens: tens of MB. */
export const MAX_HEADER_BYTES = 256 * 2 ** 20;
/** ggml's GGML_MAX_NAME (64) with its terminating zero, and GGML_MAX_DIMS. */
const MAX_TENSOR_NAME = 63;
const MAX_DIMS = 4;
/** Short strings are kept (architecture, names); longer ones (templates) are skipped. */
const KEPT_STRING = 1024;
const MAX_KEY = 65_535;
/** Smallest encodings: a key/value (empty key, one byte) and a tensor info (empty name, 1 dim). */
const MIN_KV_BYTES = 8 + 4 + 1;
const MIN_TENSOR_BYTES = 8 + 4 + 8 + 4 + 8;
const DEFAULT_ALIGNMENT = 32;
export const MAX_METADATA = 65_536;
export const MAX_TENSORS = 262_144;

/** GGUF value type ids and their sizes (0 for a string, which carries its own length). */
const SCALAR_BYTES: Record<number, number> = {
  0: 1,
  1: 1,
  2: 2,
  3: 2,
  4: 4,
  5: 4,
  6: 4,
  7: 1,
  8: 0,
  10: 8,
  11: 8,
  12: 8,
};
const STRING = 8;
const ARRAY = 9;

const count = (n: bigint | number): string => n.toLocaleString('en-US');
/** A key or name from the file, quoted short: it is data and may be anything. */
const quoted = (s: string): string => (s.length > 64 ? `${s.slice(0, 64)}…` : s);

const CUT_SHORT = 'it ends inside its header (it may be cut short)';

/**
 * A header that claims `bytes` more than the file has left: a file cut short when the claim is
 * one a real header could make, else a hostile or garbled number (`claim` says which).
 */
function beyondEnd(bytes: bigint, claim: string): GgufFault {
  return new GgufFault(
    bytes <= BigInt(MAX_HEADER_BYTES) ? CUT_SHORT : `${claim}, more than the file holds`,
  );
}

/** Reads forward through the file; never past its end, never past MAX_HEADER_BYTES. */
class Cursor {
  private window = Buffer.alloc(0);
  private windowAt = 0;
  pos = 0;
  private readonly handle: FileHandle;
  readonly size: number;

  constructor(handle: FileHandle, size: number) {
    this.handle = handle;
    this.size = size;
  }

  get left(): number {
    return this.size - this.pos;
  }

  /** Makes `n` (small) bytes at `pos` readable from the window. */
  async need(n: number): Promise<void> {
    if (this.pos + n > this.size) throw new GgufFault(CUT_SHORT);
    if (this.pos + n > MAX_HEADER_BYTES)
      throw new GgufFault(`its header is larger than ${count(MAX_HEADER_BYTES / 2 ** 20)} MB`);
    if (this.has(n)) return;
    const length = Math.min(Math.max(WINDOW, n), this.size - this.pos);
    const window = Buffer.alloc(length);
    const { bytesRead } = await this.handle.read(window, 0, length, this.pos);
    // The file shrank while being read: the same as one cut short.
    if (bytesRead < n) throw new GgufFault(CUT_SHORT);
    this.window = window.subarray(0, bytesRead);
    this.windowAt = this.pos;
  }

  /** Skips `n` strings (a vocabulary's tokens): a plain loop over the window, no await per token. */
  async skipStrings(n: number): Promise<void> {
    for (let i = 0; i < n; i++) {
      if (!this.has(8)) await this.need(8);
      const length = this.window.readBigUInt64LE(this.at());
      this.pos += 8;
      if (length > BigInt(this.left))
        throw beyondEnd(length, `it declares a text of ${count(length)} bytes`);
      this.pos += Number(length);
    }
  }

  private has(n: number): boolean {
    return this.pos >= this.windowAt && this.pos + n <= this.windowAt + this.window.length;
  }

  skip(n: bigint | number): void {
    if (BigInt(this.pos) + BigInt(n) > BigInt(this.size)) throw new GgufFault(CUT_SHORT);
    this.pos += Number(n);
  }

  private at(): number {
    return this.pos - this.windowAt;
  }
  async u32(): Promise<number> {
    await this.need(4);
    const v = this.window.readUInt32LE(this.at());
    this.pos += 4;
    return v;
  }
  async u64(): Promise<bigint> {
    await this.need(8);
    const v = this.window.readBigUInt64LE(this.at());
    this.pos += 8;
    return v;
  }
  async scalar(type: number): Promise<GgufMeta> {
    const bytes = SCALAR_BYTES[type] ?? 0;
    await this.need(bytes);
    const b = this.window;
    const i = this.at();
    this.pos += bytes;
    switch (type) {
      case 0:
        return { type: 'int', value: BigInt(b.readUInt8(i)) };
      case 1:
        return { type: 'int', value: BigInt(b.readInt8(i)) };
      case 2:
        return { type: 'int', value: BigInt(b.readUInt16LE(i)) };
      case 3:
        return { type: 'int', value: BigInt(b.readInt16LE(i)) };
      case 4:
        return { type: 'int', value: BigInt(b.readUInt32LE(i)) };
      case 5:
        return { type: 'int', value: BigInt(b.readInt32LE(i)) };
      case 6:
        return { type: 'float', value: b.readFloatLE(i) };
      case 7:
        return { type: 'bool', value: b.readUInt8(i) !== 0 };
      case 10:
        return { type: 'int', value: b.readBigUInt64LE(i) };
      case 11:
        return { type: 'int', value: b.readBigInt64LE(i) };
      default:
        return { type: 'float', value: b.readDoubleLE(i) };
    }
  }
  /** A string: its text when at most `keep` bytes, else skipped (undefined). */
  async string(keep: number): Promise<string | undefined> {
    const length = await this.u64();
    if (length > BigInt(this.left))
      throw beyondEnd(length, `it declares a text of ${count(length)} bytes`);
    const n = Number(length);
    if (n > keep) {
      this.skip(n);
      return undefined;
    }
    await this.need(n);
    const text = this.window.toString('utf8', this.at(), this.at() + n);
    this.pos += n;
    return text;
  }
}

/** Reads one metadata value of `type` (the key's name for the sentences). */
async function readValue(c: Cursor, type: number, key: string): Promise<GgufMeta> {
  if (type === STRING) return { type: 'str', value: await c.string(KEPT_STRING) };
  if (type !== ARRAY) {
    if (SCALAR_BYTES[type] === undefined)
      throw new GgufFault(`its metadata entry ${quoted(key)} has an unknown value type ${type}`);
    return c.scalar(type);
  }
  const of = await c.u32();
  const length = await c.u64();
  const each = of === STRING ? 8 : SCALAR_BYTES[of];
  if (each === undefined || of === ARRAY)
    throw new GgufFault(`its metadata entry ${quoted(key)} holds values of an unknown type ${of}`);
  if (length * BigInt(each) > BigInt(c.left))
    throw beyondEnd(
      length * BigInt(each),
      `its metadata entry ${quoted(key)} declares ${count(length)} values`,
    );
  if (of !== STRING) c.skip(length * BigInt(each));
  else await c.skipStrings(Number(length));
  return { type: 'arr', of, length: Number(length) };
}

async function readTensor(c: Cursor): Promise<GgufTensor> {
  const name = (await c.string(MAX_TENSOR_NAME)) ?? '';
  if (name === '' || Buffer.byteLength(name) > MAX_TENSOR_NAME)
    throw new GgufFault('one of its tensors has no name or a name longer than 63 bytes');
  const dims = await c.u32();
  if (dims < 1 || dims > MAX_DIMS)
    throw new GgufFault(`its tensor ${quoted(name)} has ${count(dims)} dimensions`);
  let values = 1n;
  let row = 0n;
  for (let d = 0; d < dims; d++) {
    const n = await c.u64();
    if (d === 0) row = n;
    values *= n;
  }
  // ggml counts values in int64; a product past it is no real tensor.
  if (values >= 2n ** 63n)
    throw new GgufFault(`its tensor ${quoted(name)} declares ${count(values)} values`);
  const typeId = await c.u32();
  const type = ggmlType(typeId);
  if (type === undefined)
    throw new GgufFault(
      `its tensor ${quoted(name)} has the type ${typeId}, which this llama.cpp does not know`,
      'Unsupported',
    );
  if (row % BigInt(type.blockValues) !== 0n)
    throw new GgufFault(
      `its tensor ${quoted(name)} has rows of ${count(row)} values, which its type cannot hold`,
    );
  const offset = await c.u64();
  return { name, offset, bytes: (values / BigInt(type.blockValues)) * BigInt(type.blockBytes) };
}

/**
 * Reads the header of the GGUF file open as `handle` (`size` bytes; the caller has checked the
 * magic and version). Throws GgufFault with the first thing found wrong.
 */
export async function readGgufHeader(handle: FileHandle, size: number): Promise<GgufHeader> {
  const c = new Cursor(handle, size);
  c.skip(8);
  const tensorCount = await c.u64();
  const kvCount = await c.u64();
  // Caps well above real files (about 40 entries; 1,200 tensors for DeepSeek-V3, a few thousand
  // with unmerged experts) keep a hostile header from filling memory with tiny entries.
  if (kvCount > BigInt(MAX_METADATA))
    throw new GgufFault(`it declares ${count(kvCount)} metadata entries`);
  if (tensorCount > BigInt(MAX_TENSORS))
    throw new GgufFault(`it declares ${count(tensorCount)} tensors`);
  if (kvCount * BigInt(MIN_KV_BYTES) > BigInt(c.left))
    throw beyondEnd(
      kvCount * BigInt(MIN_KV_BYTES),
      `it declares ${count(kvCount)} metadata entries`,
    );
  if (tensorCount * BigInt(MIN_TENSOR_BYTES) > BigInt(c.left))
    throw beyondEnd(
      tensorCount * BigInt(MIN_TENSOR_BYTES),
      `it declares ${count(tensorCount)} tensors`,
    );
  const metadata = new Map<string, GgufMeta>();
  for (let i = 0n; i < kvCount; i++) {
    const key = await c.string(MAX_KEY);
    if (key === undefined) throw new GgufFault('one of its metadata keys is longer than 64 KB');
    metadata.set(key, await readValue(c, await c.u32(), key));
  }
  const alignment = alignmentOf(metadata.get('general.alignment'));
  const tensors: GgufTensor[] = [];
  for (let i = 0n; i < tensorCount; i++) tensors.push(await readTensor(c));
  const end = BigInt(c.pos);
  const a = BigInt(alignment);
  return { metadata, tensors, alignment, dataOffset: ((end + a - 1n) / a) * a };
}

function alignmentOf(meta: GgufMeta | undefined): number {
  if (meta === undefined) return DEFAULT_ALIGNMENT;
  const value = meta.type === 'int' ? meta.value : -1n;
  if (value <= 0n || value > 2n ** 31n || (value & (value - 1n)) !== 0n)
    throw new GgufFault('its data alignment (general.alignment) is not a power of two');
  return Number(value);
}

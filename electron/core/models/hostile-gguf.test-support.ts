// Damaged and hostile GGUF files for the header check's tests: the tiny model with one thing wrong
// each, from a vocabulary of 0 to a string that claims a terabyte.
import { tinyGguf } from '../llm/builtin/tiny-gguf.test-support.ts';

export interface HostileGguf {
  /** What is wrong, as a test's name. */
  kind: string;
  bytes: Buffer;
  /** What the one sentence says after "The model file X is damaged: ". */
  problem: string | RegExp;
}

/** Writes the little-endian uint64 `value` at `offset` of a copy of `bytes`. */
function patchU64(bytes: Buffer, offset: number, value: bigint): Buffer {
  const copy = Buffer.from(bytes);
  copy.writeBigUInt64LE(value, offset);
  return copy;
}

/** Byte offsets of the GGUF v3 header: magic, version, tensor count, metadata count, first key. */
const TENSOR_COUNT_AT = 8;
const METADATA_COUNT_AT = 16;
const FIRST_KEY_LENGTH_AT = 24;

/** One file per kind of damage, each wrong in that one way only. */
export function hostileGgufs(): HostileGguf[] {
  const tiny = tinyGguf();
  return [
    {
      kind: 'a vocabulary of 0 tokens',
      bytes: tinyGguf({ metadata: { 'tokenizer.ggml.tokens': { type: 'str[]', value: [] } } }),
      problem: 'its vocabulary (tokenizer.ggml.tokens) is empty',
    },
    {
      kind: 'a billion layers',
      bytes: tinyGguf({ metadata: { 'llama.block_count': { type: 'u32', value: 1e9 } } }),
      problem: 'it declares 1,000,000,000 layers',
    },
    {
      kind: 'more layers than it has tensors for',
      bytes: tinyGguf({ metadata: { 'llama.block_count': { type: 'u32', value: 3 } } }),
      problem: 'it declares 3 layers but holds the tensors of 2',
    },
    {
      kind: 'no architecture',
      bytes: tinyGguf({ metadata: { 'general.architecture': null } }),
      problem: 'it does not name its architecture (general.architecture)',
    },
    {
      kind: 'a file cut in half',
      bytes: tiny.subarray(0, Math.floor(tiny.length / 2)),
      problem:
        /^its tensor \S+ ends at byte [\d,]+ but the file has only [\d,]+ bytes \(it may be cut short\)$/,
    },
    {
      kind: 'a file cut inside its header',
      bytes: tiny.subarray(0, 1000),
      problem: 'it ends inside its header (it may be cut short)',
    },
    {
      kind: 'a file cut inside its tensor infos',
      bytes: tiny.subarray(0, tiny.indexOf('output_norm.weight')),
      problem: 'it ends inside its header (it may be cut short)',
    },
    {
      kind: 'a tensor placed beyond the end of the file',
      bytes: tinyGguf({ lastTensorOffsetShift: 2 ** 40 }),
      problem:
        /^its tensor blk\.1\.ffn_down\.weight ends at byte 1,099,5[\d,]+ but the file has only [\d,]+ bytes \(it may be cut short\)$/,
    },
    {
      kind: 'a metadata count of 2^62',
      bytes: patchU64(tiny, METADATA_COUNT_AT, 2n ** 62n),
      problem: 'it declares 4,611,686,018,427,387,904 metadata entries',
    },
    {
      kind: 'a tensor count of 2^40',
      bytes: patchU64(tiny, TENSOR_COUNT_AT, 2n ** 40n),
      problem: 'it declares 1,099,511,627,776 tensors',
    },
    {
      kind: 'a tensor count of 100,000 (within the cap, beyond the file)',
      bytes: patchU64(tiny, TENSOR_COUNT_AT, 100_000n),
      problem: 'it ends inside its header (it may be cut short)',
    },
    {
      kind: 'a string length of 2^40',
      bytes: patchU64(tiny, FIRST_KEY_LENGTH_AT, 2n ** 40n),
      problem: 'it declares a text of 1,099,511,627,776 bytes, more than the file holds',
    },
  ];
}

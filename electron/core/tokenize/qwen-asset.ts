import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gunzip, gunzipSync } from 'node:zlib';
import { CoreError } from '../errors.ts';

/**
 * Layout of `assets/tokenizers/qwen2.5-bpe.bin.gz` (gzip of, little-endian):
 * magic `MABPE1\n\0`, u32 vocabulary size V, u32 merge count M,
 * V × (u8 length, bytes) — token id i's bytes, in id order,
 * M × (u32 left id, u32 right id, u32 merged id) — merges in priority order.
 */
export const ASSET_MAGIC = 'MABPE1\n\0';
export const QWEN_ASSET_FILE = 'qwen2.5-bpe.bin.gz';

export interface BpeVocabulary {
  /** Bytes of each token, indexed by id. */
  tokens: Uint8Array[];
  /** Merges as (left, right, merged) id triples, rank = index. */
  merges: Uint32Array;
}

let assetDir: string | undefined;

/**
 * Where the shipped tokenizer assets live. Defaults to the repository's `assets/tokenizers`;
 * a packaged app (whose sources are bundled elsewhere) sets its resources folder here.
 */
export function setTokenizerAssetDir(dir: string): void {
  assetDir = dir;
}

export function tokenizerAssetDir(): string {
  if (assetDir) return assetDir;
  const fromEnv = process.env['MEMAGENT_TOKENIZER_DIR'];
  if (fromEnv) return fromEnv;
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/tokenizers');
}

/** Reads and parses the shipped Qwen vocabulary (about 60 ms). */
export function loadQwenVocabulary(dir = tokenizerAssetDir()): BpeVocabulary {
  const file = path.join(dir, QWEN_ASSET_FILE);
  let packed: Buffer;
  try {
    packed = gunzipSync(readFileSync(file));
  } catch (error) {
    throw new CoreError(
      'Internal',
      'The Qwen tokenizer vocabulary shipped with the app could not be read.',
      {
        hint: 'Reinstall the app; the file assets/tokenizers/qwen2.5-bpe.bin.gz is missing or damaged.',
        detail: `${file}: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      },
    );
  }
  return parseVocabulary(packed, file);
}

/** Like {@link loadQwenVocabulary}, reading and unpacking off the calling thread. */
export async function loadQwenVocabularyAsync(dir = tokenizerAssetDir()): Promise<BpeVocabulary> {
  const file = path.join(dir, QWEN_ASSET_FILE);
  let packed: Buffer;
  try {
    packed = await promisify(gunzip)(await readFile(file));
  } catch (error) {
    throw new CoreError(
      'Internal',
      'The Qwen tokenizer vocabulary shipped with the app could not be read.',
      {
        hint: 'Reinstall the app; the file assets/tokenizers/qwen2.5-bpe.bin.gz is missing or damaged.',
        detail: `${file}: ${error instanceof Error ? error.message : String(error)}`,
        cause: error,
      },
    );
  }
  return parseVocabulary(packed, file);
}

function parseVocabulary(buf: Buffer, file: string): BpeVocabulary {
  if (buf.toString('latin1', 0, 8) !== ASSET_MAGIC) {
    throw new CoreError(
      'Internal',
      'The Qwen tokenizer vocabulary shipped with the app is damaged.',
      { detail: file },
    );
  }
  const vocabSize = buf.readUInt32LE(8);
  const mergeCount = buf.readUInt32LE(12);
  const tokens = new Array<Uint8Array>(vocabSize);
  let o = 16;
  for (let id = 0; id < vocabSize; id++) {
    const len = buf[o]!;
    tokens[id] = buf.subarray(o + 1, o + 1 + len);
    o += 1 + len;
  }
  // Copy: the merge table must be 4-byte aligned for a Uint32Array view.
  const merges = new Uint32Array(mergeCount * 3);
  Buffer.from(merges.buffer).set(buf.subarray(o, o + merges.byteLength));
  if (o + merges.byteLength !== buf.length) {
    throw new CoreError(
      'Internal',
      'The Qwen tokenizer vocabulary shipped with the app is damaged.',
      { detail: file },
    );
  }
  return { tokens, merges };
}

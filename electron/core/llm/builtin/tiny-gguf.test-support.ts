// A tiny llama-architecture GGUF written by test code, so the built-in backend runs for real on
// machines where no model weights can be downloaded. Format: the GGUF v3 spec (ggml's
// docs/gguf.md): header, metadata key/values, tensor infos, padding, aligned tensor data.
import fs from 'node:fs';
import path from 'node:path';
import { seededRandom } from '../../seeded-random.test-support.ts';

const ALIGNMENT = 32;
/** GGUF metadata value types (the spec's `gguf_metadata_value_type`). */
const ValueType = { UInt32: 4, Int32: 5, Float32: 6, Bool: 7, String: 8, Array: 9 } as const;
const GGML_F32 = 0;

/** A metadata value as the writer knows them. */
export type GgufValue =
  | { type: 'u32'; value: number }
  | { type: 'f32'; value: number }
  | { type: 'bool'; value: boolean }
  | { type: 'str'; value: string }
  | { type: 'str[]'; value: readonly string[] }
  | { type: 'i32[]'; value: readonly number[] };

/** Byte writer growing as needed; little-endian as GGUF is. */
class Bytes {
  private buf = Buffer.alloc(1 << 16);
  length = 0;

  private room(n: number): void {
    if (this.length + n <= this.buf.length) return;
    const next = Buffer.alloc(Math.max(this.buf.length * 2, this.length + n));
    this.buf.copy(next, 0, 0, this.length);
    this.buf = next;
  }
  u32(v: number): void {
    this.room(4);
    this.length = this.buf.writeUInt32LE(v, this.length);
  }
  i32(v: number): void {
    this.room(4);
    this.length = this.buf.writeInt32LE(v, this.length);
  }
  u64(v: number): void {
    this.room(8);
    this.length = this.buf.writeBigUInt64LE(BigInt(v), this.length);
  }
  f32(v: number): void {
    this.room(4);
    this.length = this.buf.writeFloatLE(v, this.length);
  }
  u8(v: number): void {
    this.room(1);
    this.length = this.buf.writeUInt8(v, this.length);
  }
  str(s: string): void {
    const b = Buffer.from(s, 'utf8');
    this.u64(b.length);
    this.room(b.length);
    this.length += b.copy(this.buf, this.length);
  }
  pad(alignment: number): void {
    while (this.length % alignment !== 0) this.u8(0);
  }
  bytes(): Buffer {
    return this.buf.subarray(0, this.length);
  }
}

function writeValue(out: Bytes, v: GgufValue): void {
  switch (v.type) {
    case 'u32':
      out.u32(ValueType.UInt32);
      out.u32(v.value);
      return;
    case 'f32':
      out.u32(ValueType.Float32);
      out.f32(v.value);
      return;
    case 'bool':
      out.u32(ValueType.Bool);
      out.u8(v.value ? 1 : 0);
      return;
    case 'str':
      out.u32(ValueType.String);
      out.str(v.value);
      return;
    case 'str[]':
      out.u32(ValueType.Array);
      out.u32(ValueType.String);
      out.u64(v.value.length);
      for (const s of v.value) out.str(s);
      return;
    case 'i32[]':
      out.u32(ValueType.Array);
      out.u32(ValueType.Int32);
      out.u64(v.value.length);
      for (const n of v.value) out.i32(n);
      return;
  }
}

/** GPT-2's byte-to-unicode table: every byte gets a printable character (space → Ġ). */
function byteToUnicode(): string[] {
  const printable: number[] = [];
  for (let b = 33; b <= 126; b++) printable.push(b);
  for (let b = 161; b <= 172; b++) printable.push(b);
  for (let b = 174; b <= 255; b++) printable.push(b);
  const table = new Array<string>(256);
  let extra = 0;
  for (let b = 0; b < 256; b++) {
    table[b] = String.fromCodePoint(printable.includes(b) ? b : 256 + extra++);
  }
  return table;
}

/** Merges (GPT-2 form "a b") whose results join the vocabulary after the byte tokens. */
const MERGES = ['Ġ t', 'h e', 'i n', 'e r', 'Ġ a', 'Ġt he', 'o n', 'r e'];
export const CHATML_SPECIALS = ['<|endoftext|>', '<|im_start|>', '<|im_end|>'] as const;

/** A ChatML template as Qwen2.5 models carry (without their default system prompt). */
export const CHATML_TEMPLATE =
  "{%- for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{%- endfor %}{%- if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{%- endif %}";

export interface TinyGgufOptions {
  /** `general.name` (default "tiny-test-llama"). */
  name?: string;
  /** Seed of the random weights (default 1). */
  seed?: number;
  /** `llama.context_length` (default 8192). */
  contextLength?: number;
  /**
   * Whether the model may end its reply: 'never' (default) makes end-of-turn tokens all but
   * impossible so replies run to max_tokens; 'always' makes `<|im_end|>` its first token.
   */
  ends?: 'never' | 'always';
  /** Leave out `tokenizer.chat_template`. */
  noTemplate?: boolean;
  /** Metadata to replace or add (by key), or to leave out (`null`): damaged files for tests. */
  metadata?: Record<string, GgufValue | null>;
  /** Added to the last tensor's data offset (its data stays where it is): a damaged file. */
  lastTensorOffsetShift?: number;
}

/**
 * The bytes of a 2-layer, 64-dimension llama model with random F32 weights, a byte-level `gpt2`
 * vocabulary (256 byte tokens, a few merges, the ChatML specials; `tokenizer.ggml.pre` qwen2)
 * and a ChatML chat template: about 300 KB that node-llama-cpp loads and generates noise with.
 */
export function tinyGguf(options: TinyGgufOptions = {}): Buffer {
  const nEmbd = 64;
  const nFf = 128;
  const nLayer = 2;
  const nHead = 4;
  const bytes = byteToUnicode();
  const merged = MERGES.map((m) => m.replace(' ', ''));
  const tokens = [...bytes, ...merged, ...CHATML_SPECIALS];
  const types = tokens.map((_, i) => (i >= bytes.length + merged.length ? 3 : 1)); // 3: control
  const vocab = tokens.length;
  const special = (t: (typeof CHATML_SPECIALS)[number]): number => tokens.indexOf(t);

  const kv: [string, GgufValue][] = [
    ['general.architecture', { type: 'str', value: 'llama' }],
    ['general.name', { type: 'str', value: options.name ?? 'tiny-test-llama' }],
    ['general.alignment', { type: 'u32', value: ALIGNMENT }],
    ['llama.context_length', { type: 'u32', value: options.contextLength ?? 8192 }],
    ['llama.embedding_length', { type: 'u32', value: nEmbd }],
    ['llama.block_count', { type: 'u32', value: nLayer }],
    ['llama.feed_forward_length', { type: 'u32', value: nFf }],
    ['llama.attention.head_count', { type: 'u32', value: nHead }],
    ['llama.attention.head_count_kv', { type: 'u32', value: nHead }],
    ['llama.rope.dimension_count', { type: 'u32', value: nEmbd / nHead }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'f32', value: 1e-5 }],
    ['llama.vocab_size', { type: 'u32', value: vocab }],
    ['tokenizer.ggml.model', { type: 'str', value: 'gpt2' }],
    ['tokenizer.ggml.pre', { type: 'str', value: 'qwen2' }],
    ['tokenizer.ggml.tokens', { type: 'str[]', value: tokens }],
    ['tokenizer.ggml.token_type', { type: 'i32[]', value: types }],
    ['tokenizer.ggml.merges', { type: 'str[]', value: MERGES }],
    ['tokenizer.ggml.bos_token_id', { type: 'u32', value: special('<|endoftext|>') }],
    ['tokenizer.ggml.eos_token_id', { type: 'u32', value: special('<|im_end|>') }],
    ['tokenizer.ggml.padding_token_id', { type: 'u32', value: special('<|endoftext|>') }],
    ['tokenizer.ggml.add_bos_token', { type: 'bool', value: false }],
  ];
  if (!options.noTemplate)
    kv.push(['tokenizer.chat_template', { type: 'str', value: CHATML_TEMPLATE }]);
  for (const [key, value] of Object.entries(options.metadata ?? {})) {
    const at = kv.findIndex(([k]) => k === key);
    if (at >= 0) kv.splice(at, 1);
    if (value !== null) kv.splice(at >= 0 ? at : kv.length, 0, [key, value]);
  }

  const uniform = seededRandom(options.seed ?? 1);
  const rand = () => uniform() * 2 - 1; // [-1, 1)
  const noise = (n: number, scale: number): Float32Array =>
    Float32Array.from({ length: n }, () => rand() * scale);
  const ones = (n: number): Float32Array => new Float32Array(n).fill(1);

  // Every embedding carries a large constant in dimension 0, which stays dominant through the
  // small random layers; the output rows of the special tokens weigh that dimension, so their
  // logits sit far below (never) or far above (always) the others' near-uniform noise.
  const embd = noise(nEmbd * vocab, 0.02);
  for (let t = 0; t < vocab; t++) embd[t * nEmbd] = 4;
  const output = noise(nEmbd * vocab, 0.02);
  for (let t = 0; t < vocab; t++) output[t * nEmbd] = 0;
  for (const s of CHATML_SPECIALS) output[special(s) * nEmbd] = -2;
  if (options.ends === 'always') output[special('<|im_end|>') * nEmbd] = 2;

  // ggml lists dimensions innermost first: a [n_in, n_out] matrix has n_out rows of n_in.
  const tensors: { name: string; dims: number[]; data: Float32Array }[] = [
    { name: 'token_embd.weight', dims: [nEmbd, vocab], data: embd },
    { name: 'output_norm.weight', dims: [nEmbd], data: ones(nEmbd) },
    { name: 'output.weight', dims: [nEmbd, vocab], data: output },
  ];
  for (let i = 0; i < nLayer; i++) {
    const blk = `blk.${i}.`;
    tensors.push(
      { name: `${blk}attn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) },
      { name: `${blk}attn_q.weight`, dims: [nEmbd, nEmbd], data: noise(nEmbd * nEmbd, 0.02) },
      { name: `${blk}attn_k.weight`, dims: [nEmbd, nEmbd], data: noise(nEmbd * nEmbd, 0.02) },
      { name: `${blk}attn_v.weight`, dims: [nEmbd, nEmbd], data: noise(nEmbd * nEmbd, 0.02) },
      { name: `${blk}attn_output.weight`, dims: [nEmbd, nEmbd], data: noise(nEmbd * nEmbd, 0.02) },
      { name: `${blk}ffn_norm.weight`, dims: [nEmbd], data: ones(nEmbd) },
      { name: `${blk}ffn_gate.weight`, dims: [nEmbd, nFf], data: noise(nEmbd * nFf, 0.02) },
      { name: `${blk}ffn_up.weight`, dims: [nEmbd, nFf], data: noise(nEmbd * nFf, 0.02) },
      { name: `${blk}ffn_down.weight`, dims: [nFf, nEmbd], data: noise(nFf * nEmbd, 0.02) },
    );
  }

  const out = new Bytes();
  out.u32(0x46554747); // "GGUF"
  out.u32(3);
  out.u64(tensors.length);
  out.u64(kv.length);
  for (const [key, value] of kv) {
    out.str(key);
    writeValue(out, value);
  }
  let offset = 0;
  const aligned = (n: number): number => Math.ceil(n / ALIGNMENT) * ALIGNMENT;
  for (const [i, t] of tensors.entries()) {
    out.str(t.name);
    out.u32(t.dims.length);
    for (const d of t.dims) out.u64(d);
    out.u32(GGML_F32);
    out.u64(offset + (i === tensors.length - 1 ? (options.lastTensorOffsetShift ?? 0) : 0));
    offset = aligned(offset + t.data.byteLength);
  }
  out.pad(ALIGNMENT);
  for (const t of tensors) {
    for (const v of t.data) out.f32(v);
    out.pad(ALIGNMENT);
  }
  return out.bytes();
}

/** Writes `tinyGguf(options)` to `dir/name` and returns its path. */
export function writeTinyGguf(
  dir: string,
  name = 'tiny.gguf',
  options: TinyGgufOptions = {},
): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, tinyGguf(options));
  return file;
}

// What a GGUF header must hold before llama.cpp is given the file: llama.cpp trusts these numbers
// and aborts its whole process on some of them (a vocabulary of 0, a billion layers), so they are
// checked here, in the app's process, where a bad file is one sentence and not a crash.
import type { GgufHeader, GgufMeta } from './gguf-header.ts';

/**
 * llama.cpp's LLAMA_MAX_LAYERS: a file declaring more makes it fail an assertion, which aborts
 * the whole process (released models have under 200).
 */
export const MAX_LAYERS = 512;
/** Larger than any released vocabulary (Gemma's 262,144 tokens). */
export const MAX_VOCABULARY = 4_194_304;
const STRING = 8;

const count = (n: bigint | number): string => n.toLocaleString('en-US');

function integer(meta: GgufMeta | undefined): bigint | undefined {
  return meta?.type === 'int' ? meta.value : undefined;
}

/** The first thing wrong with the model `header` describes in a file of `size` bytes, or null. */
export function ggufContentProblem(header: GgufHeader, size: number): string | null {
  const { metadata } = header;
  const arch = metadata.get('general.architecture');
  if (arch?.type !== 'str' || arch.value === undefined || arch.value.trim() === '')
    return 'it does not name its architecture (general.architecture)';

  const layersKey = `${arch.value}.block_count`;
  const layers = integer(metadata.get(layersKey));
  if (layers === undefined) return `it does not say how many layers it has (${layersKey})`;
  if (layers < 1n || layers > BigInt(MAX_LAYERS)) return `it declares ${count(layers)} layers`;

  const tokens = metadata.get('tokenizer.ggml.tokens');
  if (tokens?.type !== 'arr' || tokens.of !== STRING)
    return 'it holds no vocabulary (tokenizer.ggml.tokens)';
  if (tokens.length === 0) return 'its vocabulary (tokenizer.ggml.tokens) is empty';
  if (tokens.length > MAX_VOCABULARY)
    return `its vocabulary declares ${count(tokens.length)} tokens`;
  // llama.cpp reads the scores and types of token i without checking their arrays' lengths.
  for (const key of ['tokenizer.ggml.scores', 'tokenizer.ggml.token_type']) {
    const per = metadata.get(key);
    if (per !== undefined && (per.type !== 'arr' || per.length !== tokens.length))
      return `it has ${count(tokens.length)} tokens but ${per.type === 'arr' ? count(per.length) : 'no list of'} ${key === 'tokenizer.ggml.scores' ? 'scores' : 'token types'}`;
  }

  for (const t of header.tensors) {
    const end = header.dataOffset + t.offset + t.bytes;
    if (t.offset % BigInt(header.alignment) !== 0n)
      return `its tensor ${t.name} is not aligned to ${header.alignment} bytes`;
    if (end > BigInt(size))
      return `its tensor ${t.name} ends at byte ${count(end)} but the file has only ${count(size)} bytes (it may be cut short)`;
  }

  // Every layer's tensors are named blk.N.*: llama.cpp needs them for each declared layer, but
  // for the multi-token-prediction layers at the end (<arch>.nextn_predict_layers), which may
  // have been left out of the file.
  let held = 0;
  for (const t of header.tensors) {
    const m = /^blk\.(\d+)\./.exec(t.name);
    if (m !== null) held = Math.max(held, Number(m[1]) + 1);
  }
  const optional = integer(metadata.get(`${arch.value}.nextn_predict_layers`)) ?? 0n;
  if (BigInt(held) > layers || BigInt(held) < layers - optional)
    return `it declares ${count(layers)} layers but holds the tensors of ${count(held)}`;
  return null;
}

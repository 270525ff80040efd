import type * as O200kBase from 'gpt-tokenizer/encoding/o200k_base';
import { createRequire } from 'node:module';
import { ByteLevelBpe } from './byte-level-bpe.ts';
import { loadQwenVocabulary, loadQwenVocabularyAsync } from './qwen-asset.ts';

/** A synchronous tokenizer engine: what runs on one thread (the caller's or a worker's). */
export interface TokenEngine {
  readonly id: string;
  encode(text: string): number[];
  count(text: string): number;
  decode(ids: readonly number[]): string;
}

export type EngineName = 'qwen' | 'o200k';

/**
 * Qwen2's pre-tokenizer split pattern, translated from the Rust/Oniguruma form in tokenizer.json:
 * `(?i:'s|'t|'re|'ve|'m|'ll|'d)` has its cases spelled out (JavaScript has no inline `(?i:)`;
 * case folding also maps U+017F ſ to s), and `\s` is Unicode White_Space, which unlike
 * JavaScript's `\s` excludes U+FEFF and includes U+0085.
 */
export const QWEN_SPLIT =
  /'(?:[sSſ]|[tT]|[rR][eE]|[vV][eE]|[mM]|[lL][lL]|[dD])|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\p{White_Space}\p{L}\p{N}]+[\r\n]*|\p{White_Space}*[\r\n]+|\p{White_Space}+(?!\P{White_Space})|\p{White_Space}+/gu;

/** Qwen2.5 / Qwen3 / RL-MemoryAgent: NFC, the split pattern above, byte-level BPE; no added tokens. */
export class QwenEngine implements TokenEngine {
  readonly id = 'qwen2.5';
  private readonly bpe: ByteLevelBpe;
  // ignoreBOM: a leading U+FEFF is text (token 61519 is BOM + newline), not a marker to drop.
  private readonly decoder = new TextDecoder('utf-8', { ignoreBOM: true });

  constructor(bpe = new ByteLevelBpe(loadQwenVocabulary())) {
    this.bpe = bpe;
  }

  // One pattern object per engine: an engine is used by one thread, synchronously.
  private readonly split = new RegExp(QWEN_SPLIT);

  encode(text: string): number[] {
    const out: number[] = [];
    const split = this.split;
    split.lastIndex = 0;
    const normalized = text.normalize('NFC');
    for (let m = split.exec(normalized); m !== null; m = split.exec(normalized))
      this.bpe.encodeWord(m[0], out);
    return out;
  }

  count(text: string): number {
    let n = 0;
    const split = this.split;
    split.lastIndex = 0;
    const normalized = text.normalize('NFC');
    for (let m = split.exec(normalized); m !== null; m = split.exec(normalized))
      n += this.bpe.countWord(m[0]);
    return n;
  }

  decode(ids: readonly number[]): string {
    let size = 0;
    for (const id of ids) size += this.bytesOf(id).length;
    const bytes = new Uint8Array(size);
    let o = 0;
    for (const id of ids) {
      const b = this.bytesOf(id);
      bytes.set(b, o);
      o += b.length;
    }
    return this.decoder.decode(bytes);
  }

  private bytesOf(id: number): Uint8Array {
    const b = this.bpe.tokenBytes(id);
    if (!b)
      throw new RangeError(
        `Token id ${id} is not in the Qwen vocabulary (special tokens are never produced).`,
      );
    return b;
  }
}

// Document text may contain `<|endoftext|>` and friends: it is text, never a control token.
const PLAIN_TEXT = { disallowedSpecial: new Set<string>() };

type O200kModule = typeof O200kBase;
let o200kModule: O200kModule | undefined;
// Loaded on first use (parsing its ranks takes about half a second), so threads that only
// count Qwen tokens never pay for it.
function o200k(): O200kModule {
  o200kModule ??= createRequire(import.meta.url)(
    'gpt-tokenizer/cjs/encoding/o200k_base',
  ) as O200kModule;
  return o200kModule;
}

/**
 * OpenAI's o200k_base (GPT-4o, GPT-4.1, GPT-5, o1/o3/o4), via gpt-tokenizer. Its merge loop is
 * quadratic in the length of a pre-token, so a run of more than 1,024 non-space characters (a
 * base64 blob, a CJK paragraph without punctuation) is encoded in 256-character slices: a few
 * tokens differ inside such runs, and a 200,000-character run takes milliseconds, not minutes.
 */
export class O200kEngine implements TokenEngine {
  readonly id = 'o200k_base';

  encode(text: string): number[] {
    const slices = sliceLongRuns(text);
    if (slices.length === 1) return o200k().encode(text, PLAIN_TEXT);
    return slices.flatMap((s) => o200k().encode(s, PLAIN_TEXT));
  }

  count(text: string): number {
    let n = 0;
    for (const s of sliceLongRuns(text)) n += o200k().countTokens(s, PLAIN_TEXT);
    return n;
  }

  decode(ids: readonly number[]): string {
    return o200k().decode(ids);
  }
}

const engines = new Map<EngineName, TokenEngine>();

let qwenLoading: Promise<TokenEngine> | undefined;

/**
 * The engine of this thread if it can be used without blocking: Qwen once its vocabulary has
 * been loaded in the background (started by the first call), o200k never (its module takes half
 * a second to load, synchronously). Undefined means: use the worker pool for now.
 */
export function engineIfReady(name: EngineName): TokenEngine | undefined {
  const ready = engines.get(name);
  if (ready || name !== 'qwen') return ready;
  qwenLoading ??= loadQwenVocabularyAsync()
    .then((vocab) => ByteLevelBpe.createAsync(vocab))
    .then((bpe) => {
      const e = engines.get('qwen') ?? new QwenEngine(bpe);
      engines.set('qwen', e);
      return e;
    });
  // A failure here shows up where it matters: when the workers load the same file.
  qwenLoading.catch(() => undefined);
  return undefined;
}

/** The engine of this thread, created once (the Qwen one reads its vocabulary, about 0.1 s). */
export function engine(name: EngineName): TokenEngine {
  let e = engines.get(name);
  if (!e) {
    e = name === 'qwen' ? new QwenEngine() : new O200kEngine();
    engines.set(name, e);
  }
  return e;
}

const LONG_RUN = /\S{1025,}/g;
const SLICE = 256;

/** `text` cut inside runs of more than 1,024 non-space characters (never inside a surrogate pair). */
export function sliceLongRuns(text: string): string[] {
  LONG_RUN.lastIndex = 0;
  if (!LONG_RUN.test(text)) return [text];
  const out: string[] = [];
  let start = 0;
  LONG_RUN.lastIndex = 0;
  for (let m = LONG_RUN.exec(text); m !== null; m = LONG_RUN.exec(text)) {
    const end = m.index + m[0].length;
    for (let cut = m.index + SLICE; cut < end; cut += SLICE) {
      const at = isLowSurrogate(text.charCodeAt(cut)) ? cut + 1 : cut;
      out.push(text.slice(start, at));
      start = at;
    }
  }
  out.push(text.slice(start));
  return out;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

import type { Tokenizer } from './tokenizer.ts';
import { engine, engineIfReady, type EngineName } from './engines.ts';
import { splitAtLineBreaks } from './split-pieces.ts';
import { defaultPoolSize, TokenizerWorkerPool } from './worker-pool.ts';

/**
 * Below this many characters work runs on the calling thread (a few milliseconds at most),
 * once that thread has the engine without blocking (see engineIfReady); else on the pool.
 */
const SYNC_CHARS = 8 * 1024;
/** Long texts are cut at line breaks into pieces of about this size for the workers. */
const PIECE_CHARS = 128 * 1024;

interface SharedPool {
  pool: TokenizerWorkerPool;
  refs: number;
}
const pools = new Map<string, SharedPool>();

export interface LocalTokenizerOptions {
  /** Worker threads for long texts (default: the cores there are, at most 4). */
  workers?: number;
}

/**
 * A tokenizer that runs in this process: the Qwen vocabulary shipped with the app or o200k.
 * Short texts are tokenized on the calling thread; long ones are cut at line breaks (where
 * the result is provably the same) and spread over a worker pool shared by all instances of
 * the same engine, released when the last instance is disposed.
 */
export class LocalTokenizer implements Tokenizer {
  readonly id: string;
  readonly additiveAtLineBreaks = true;
  private readonly name: EngineName;
  private readonly poolKey: string;
  private shared: SharedPool | undefined;
  private disposed = false;

  constructor(name: EngineName, options: LocalTokenizerOptions = {}) {
    this.name = name;
    this.id = name === 'qwen' ? 'qwen2.5' : 'o200k_base';
    const size = options.workers ?? defaultPoolSize();
    this.poolKey = `${name}:${size}`;
    let shared = pools.get(this.poolKey);
    if (!shared) {
      shared = { pool: new TokenizerWorkerPool(name, size), refs: 0 };
      pools.set(this.poolKey, shared);
    }
    shared.refs++;
    this.shared = shared;
  }

  async encode(text: string, signal?: AbortSignal): Promise<number[]> {
    signal?.throwIfAborted();
    const local = text.length <= SYNC_CHARS ? engineIfReady(this.name) : undefined;
    if (local) return local.encode(text);
    const parts = await this.pool().encode(splitAtLineBreaks(text, PIECE_CHARS), signal);
    const out: number[] = [];
    for (const p of parts) for (const id of p) out.push(id);
    return out;
  }

  async countMany(texts: readonly string[], signal?: AbortSignal): Promise<number[]> {
    signal?.throwIfAborted();
    let chars = 0;
    for (const t of texts) chars += t.length;
    const local = chars <= SYNC_CHARS ? engineIfReady(this.name) : undefined;
    if (local) return texts.map((t) => local.count(t));
    // Long texts become several pieces so one book keeps every worker busy; sums are exact.
    const pieces: string[] = [];
    const owners: number[] = [];
    texts.forEach((t, i) => {
      for (const p of t.length > PIECE_CHARS ? splitAtLineBreaks(t, PIECE_CHARS) : [t]) {
        pieces.push(p);
        owners.push(i);
      }
    });
    const counts = await this.pool().count(pieces, signal);
    const out = new Array<number>(texts.length).fill(0);
    counts.forEach((n, k) => {
      out[owners[k]!]! += n;
    });
    return out;
  }

  /** Text of token ids (calling thread). */
  decode(ids: readonly number[]): string {
    return engine(this.name).decode(ids);
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    const shared = this.shared!;
    this.shared = undefined;
    if (--shared.refs === 0) {
      pools.delete(this.poolKey);
      await shared.pool.close();
    }
  }

  private pool(): TokenizerWorkerPool {
    if (!this.shared) throw new Error('The tokenizer was used after it was disposed.');
    return this.shared.pool;
  }
}

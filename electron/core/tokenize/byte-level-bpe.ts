import type { BpeVocabulary } from './qwen-asset.ts';

/** Words up to this many bytes are merged with a simple scan; longer ones use a heap. */
const SHORT_WORD = 48;
const CACHE_LIMIT = 200_000;

/**
 * Byte-level BPE with Hugging Face `tokenizers` semantics: a pre-token's UTF-8 bytes start as
 * single-byte tokens and the adjacent pair with the lowest merge rank is merged first (leftmost
 * on ties) until no pair has a merge. Exact merges by pair, not by the merged string, so no
 * assumption about the vocabulary's order is needed.
 */
export class ByteLevelBpe {
  private readonly tokens: Uint8Array[];
  private readonly merges: Uint32Array;
  private readonly byteIds = new Int32Array(256);
  // Open-addressed hash table (left, right) -> (rank, merged id).
  private readonly mask: number;
  private readonly keyLeft: Int32Array;
  private readonly keyRight: Int32Array;
  private readonly rankOf: Int32Array;
  private readonly mergedOf: Int32Array;
  private readonly cache = new Map<string, number | number[]>();
  private readonly encoder = new TextEncoder();
  private scratch = new Uint8Array(1024);

  /** Builds the tables; `mergeLimit` < all defers the rest to {@link addMerges}. */
  constructor(vocab: BpeVocabulary, mergeLimit = vocab.merges.length / 3) {
    this.tokens = vocab.tokens;
    this.byteIds.fill(-1);
    vocab.tokens.forEach((t, id) => {
      if (t.length === 1) this.byteIds[t[0]!] = id;
    });
    if (this.byteIds.includes(-1)) throw new Error('The vocabulary lacks single-byte tokens.');
    const mergeCount = vocab.merges.length / 3;
    let size = 1;
    while (size < mergeCount * 3) size <<= 1;
    this.mask = size - 1;
    this.keyLeft = new Int32Array(size).fill(-1);
    this.keyRight = new Int32Array(size);
    this.rankOf = new Int32Array(size);
    this.mergedOf = new Int32Array(size);
    this.merges = vocab.merges;
    this.addMerges(0, mergeLimit);
  }

  /**
   * Builds a tokenizer a slice at a time, yielding to the event loop in between, so loading
   * the vocabulary on the app's main thread never stalls it.
   */
  static async createAsync(vocab: BpeVocabulary): Promise<ByteLevelBpe> {
    const bpe = new ByteLevelBpe(vocab, 0);
    const total = vocab.merges.length / 3;
    for (let from = 0; from < total; from += 16_384) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      bpe.addMerges(from, Math.min(total, from + 16_384));
    }
    return bpe;
  }

  /** Inserts merges of ranks [from, to) into the pair table. */
  addMerges(from: number, to: number): void {
    const merges = this.merges;
    for (let rank = from; rank < to; rank++) {
      const a = merges[rank * 3]!;
      const b = merges[rank * 3 + 1]!;
      let h = hash(a, b) & this.mask;
      while (this.keyLeft[h] !== -1) {
        if (this.keyLeft[h] === a && this.keyRight[h] === b) break; // keep the first (best) rank
        h = (h + 1) & this.mask;
      }
      if (this.keyLeft[h] === -1) {
        this.keyLeft[h] = a;
        this.keyRight[h] = b;
        this.rankOf[h] = rank;
        this.mergedOf[h] = merges[rank * 3 + 2]!;
      }
    }
  }

  get vocabularySize(): number {
    return this.tokens.length;
  }

  /** Appends the ids of one pre-token to `out`. */
  encodeWord(word: string, out: number[]): void {
    const hit = this.cache.get(word);
    if (hit !== undefined) {
      if (typeof hit === 'number') out.push(hit);
      else for (const id of hit) out.push(id);
      return;
    }
    const ids = this.mergeWord(word);
    this.remember(word, ids);
    for (const id of ids) out.push(id);
  }

  /** Number of tokens of one pre-token. */
  countWord(word: string): number {
    const hit = this.cache.get(word);
    if (hit !== undefined) return typeof hit === 'number' ? 1 : hit.length;
    const ids = this.mergeWord(word);
    this.remember(word, ids);
    return ids.length;
  }

  /** The bytes of a token id, or undefined for ids outside the vocabulary. */
  tokenBytes(id: number): Uint8Array | undefined {
    return this.tokens[id];
  }

  private remember(word: string, ids: number[]): void {
    if (this.cache.size >= CACHE_LIMIT) this.cache.clear();
    this.cache.set(word, ids.length === 1 ? ids[0]! : ids);
  }

  private lookup(a: number, b: number): number {
    let h = hash(a, b) & this.mask;
    for (;;) {
      const left = this.keyLeft[h]!;
      if (left === -1) return -1;
      if (left === a && this.keyRight[h] === b) return h;
      h = (h + 1) & this.mask;
    }
  }

  private utf8(word: string): Uint8Array {
    if (word.length * 3 > this.scratch.length) this.scratch = new Uint8Array(word.length * 3);
    const { written } = this.encoder.encodeInto(word, this.scratch);
    return this.scratch.subarray(0, written);
  }

  private mergeWord(word: string): number[] {
    const bytes = this.utf8(word);
    const n = bytes.length;
    const syms: number[] = new Array<number>(n);
    for (let i = 0; i < n; i++) syms[i] = this.byteIds[bytes[i]!]!;
    if (n < 2) return syms;
    return n <= SHORT_WORD ? this.mergeShort(syms) : this.mergeLong(syms);
  }

  // Quadratic but allocation-free in practice: most pre-tokens are a few bytes long.
  private mergeShort(syms: number[]): number[] {
    for (;;) {
      let bestRank = 0x7fffffff;
      let bestAt = -1;
      let bestSlot = -1;
      for (let i = 0; i < syms.length - 1; i++) {
        const slot = this.lookup(syms[i]!, syms[i + 1]!);
        if (slot !== -1 && this.rankOf[slot]! < bestRank) {
          bestRank = this.rankOf[slot]!;
          bestAt = i;
          bestSlot = slot;
        }
      }
      if (bestAt === -1) return syms;
      syms[bestAt] = this.mergedOf[bestSlot]!;
      syms.splice(bestAt + 1, 1);
    }
  }

  // O(n log n) for long pre-tokens (a 200,000-letter "word"): a linked list of symbols and a
  // heap of candidate merges ordered by (rank, position), stale entries skipped when popped.
  private mergeLong(syms: number[]): number[] {
    const n = syms.length;
    const id = Int32Array.from(syms);
    const next = new Int32Array(n);
    const prev = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      next[i] = i + 1 < n ? i + 1 : -1;
      prev[i] = i - 1;
    }
    const heap = new MergeHeap();
    const push = (pos: number): void => {
      const right = next[pos]!;
      if (right === -1) return;
      const slot = this.lookup(id[pos]!, id[right]!);
      if (slot !== -1) heap.push(this.rankOf[slot]!, pos, id[pos]!, id[right]!);
    };
    for (let i = 0; i < n - 1; i++) push(i);
    while (heap.size > 0) {
      const [, pos, left, rightId] = heap.pop();
      const right = next[pos]!;
      if (id[pos] !== left || right === -1 || id[right] !== rightId) continue; // stale
      const slot = this.lookup(left, rightId);
      id[pos] = this.mergedOf[slot]!;
      id[right] = -1;
      const after = next[right]!;
      next[pos] = after;
      if (after !== -1) prev[after] = pos;
      if (prev[pos]! !== -1) push(prev[pos]!);
      push(pos);
    }
    const out: number[] = [];
    for (let i = 0; i !== -1; i = next[i]!) out.push(id[i]!);
    return out;
  }
}

function hash(a: number, b: number): number {
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x632be5ab, 0x85ebca6b)) >>> 0;
}

/** A binary min-heap of (rank, position, left id, right id). */
class MergeHeap {
  private readonly items: [number, number, number, number][] = [];

  get size(): number {
    return this.items.length;
  }

  push(rank: number, pos: number, left: number, right: number): void {
    const items = this.items;
    items.push([rank, pos, left, right]);
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!less(items[i]!, items[parent]!)) break;
      [items[i], items[parent]] = [items[parent]!, items[i]!];
      i = parent;
    }
  }

  pop(): [number, number, number, number] {
    const items = this.items;
    const top = items[0]!;
    const last = items.pop()!;
    if (items.length > 0) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && less(items[l]!, items[m]!)) m = l;
        if (r < items.length && less(items[r]!, items[m]!)) m = r;
        if (m === i) break;
        [items[i], items[m]] = [items[m]!, items[i]!];
        i = m;
      }
    }
    return top;
  }
}

function less(x: readonly number[], y: readonly number[]): boolean {
  return x[0]! < y[0]! || (x[0] === y[0] && x[1]! < y[1]!);
}

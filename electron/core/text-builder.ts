// Text that grows by many small pieces (a streamed reply, a token at a time). `s += piece` keeps
// every piece behind its own cons-string node until the text is used whole, and a reply lives
// for seconds, so each token's two objects outlive V8's young-generation collections: over a
// job of thousands of chunks that survival alone made V8 double its young generation twice
// more than a short job did (bench/job-scale.ts). Joined every `PIECES_PER_JOIN` pieces, the
// text is a few flat strings plus at most that many pending pieces.

const PIECES_PER_JOIN = 64;

/** A string built from appended pieces, equal at every moment to their concatenation. */
export class TextBuilder {
  #done = '';
  #pending: string[] = [];
  #length = 0;

  /** Characters so far (UTF-16 units, as `String.length`). */
  get length(): number {
    return this.#length;
  }

  append(piece: string): void {
    if (piece === '') return;
    this.#pending.push(piece);
    this.#length += piece.length;
    if (this.#pending.length >= PIECES_PER_JOIN) this.#join();
  }

  clear(): void {
    this.#done = '';
    this.#pending = [];
    this.#length = 0;
  }

  /** The text so far. */
  toString(): string {
    if (this.#pending.length > 0) this.#join();
    return this.#done;
  }

  #join(): void {
    this.#done += this.#pending.join('');
    this.#pending = [];
  }
}

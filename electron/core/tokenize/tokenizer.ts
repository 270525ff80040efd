/**
 * A tokenizer of the served model. Implementations: the Qwen vocabulary shipped with the app
 * (exact for RL-MemoryAgent and Qwen2.5/3), o200k (OpenAI models), and vLLM's /tokenize.
 * Document text is encoded without special tokens: `<|endoftext|>` in a book is just text.
 */
export interface Tokenizer {
  /** Stable identifier stored with counts, e.g. `qwen2.5`, `o200k_base`, `server:<model>`. */
  readonly id: string;
  /** Token ids of `text` (no special tokens). */
  encode(text: string, signal?: AbortSignal): Promise<number[]>;
  /** Token counts of several texts, in order; may run in worker threads. */
  countMany(texts: readonly string[], signal?: AbortSignal): Promise<number[]>;
  /** Releases worker threads or connections. */
  dispose(): Promise<void>;
  /**
   * True when counts add up across a cut just after the last line break of a whitespace run
   * (true of the local Qwen and o200k tokenizers; unknown for a server's): the chunker then
   * needs no recount of chunks made of whole paragraphs.
   */
  readonly additiveAtLineBreaks?: boolean;
}

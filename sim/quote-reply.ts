// The simulator's reply to the quote check's prompt (electron/core/agent/templates.ts
// TEMPLATE_QUOTE): the section's sentence sharing the most words with the answer, copied as a
// model copies it (line breaks as spaces), or NONE. A test instrument, like the rest of sim-llm.
import { contentWords, sentences } from './memory-agent.ts';

const ANSWER_OPEN = '\n</problem>\n\n<answer>\n';
const SECTION_OPEN = '\n</answer>\n\n<section>\n';
const TAIL = '\n</section>\n\nSupporting sentences:\n';
const PROBLEM_OPEN = '<problem> \n';

/** The problem, answer and section of a quote prompt; undefined for any other prompt. */
export function parseQuotePrompt(
  prompt: string,
): { problem: string; answer: string; section: string } | undefined {
  if (!prompt.endsWith(TAIL)) return undefined;
  const p0 = prompt.indexOf(PROBLEM_OPEN);
  const a0 = prompt.indexOf(ANSWER_OPEN, p0);
  const s0 = prompt.indexOf(SECTION_OPEN, a0);
  if (p0 < 0 || a0 < 0 || s0 < 0) return undefined;
  return {
    problem: prompt.slice(p0 + PROBLEM_OPEN.length, a0),
    answer: prompt.slice(a0 + ANSWER_OPEN.length, s0),
    section: prompt.slice(s0 + SECTION_OPEN.length, prompt.length - TAIL.length),
  };
}

/**
 * The reply to a quote prompt: `fixed` when given (tests script paraphrases, NONE or a sentence
 * of another chunk with it), else the best supporting sentence of the section, else NONE.
 * Undefined when `prompt` is not a quote prompt.
 */
export function quoteReply(prompt: string, fixed?: string): string | undefined {
  const parsed = parseQuotePrompt(prompt);
  if (parsed === undefined) return undefined;
  if (fixed !== undefined) return fixed;
  const question = contentWords(parsed.problem);
  const wanted = [...contentWords(parsed.answer)].filter((w) => !question.has(w));
  let best: { text: string; hits: number } | undefined;
  for (const text of sentences(parsed.section)) {
    const words = contentWords(text);
    const hits = wanted.filter((w) => words.has(w)).length;
    if (hits > 0 && (best === undefined || hits > best.hits)) best = { text, hits };
  }
  return best?.text ?? 'NONE';
}

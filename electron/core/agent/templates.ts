import type { FinalPrompt } from '../../../shared/model.ts';

// The prompts the RL-MemoryAgent models were trained on, byte for byte (../shared/MEMAGENT.md).
// Written as joined lines so no editor or formatter can eat the space after `<problem>` or the
// single trailing newline.

/** The per-chunk prompt: `{prompt}`, `{memory}` and `{chunk}` are placeholders. */
export const TEMPLATE = [
  'You are presented with a problem, a section of an article that may contain the answer to the problem, and a previous memory. Please read the provided section carefully and update the memory with the new information that helps to answer the problem. Be sure to retain all relevant details from the previous memory while adding any new, useful information.',
  '',
  '<problem> ',
  '{prompt}',
  '</problem>',
  '',
  '<memory>',
  '{memory}',
  '</memory>',
  '',
  '<section>',
  '{chunk}',
  '</section>',
  '',
  'Updated memory:',
  '',
].join('\n');

// The two final prompts differ only in their instruction line.
const finalTemplate = (instruction: string): string =>
  [
    instruction,
    '',
    '<problem> ',
    '{prompt}',
    '</problem>',
    '',
    '<memory>',
    '{memory}',
    '</memory>',
    '',
    'Your answer:',
    '',
  ].join('\n');

/** The final prompt asking for the answer in `\boxed{}`. */
export const TEMPLATE_FINAL_BOXED = finalTemplate(
  'You are presented with a problem and a previous memory. Please answer the problem based on the previous memory and put the answer in \\boxed{}.',
);

/** The final prompt of the upstream RULER evaluation ("Therefore, the answer is ..."). */
export const TEMPLATE_FINAL_TEXT = finalTemplate(
  'You are presented with a problem and a previous memory. Please answer the problem based on the previous memory and format your response as follows "Therefore, the answer is (insert answer here)".',
);

/**
 * The quote check's prompt (ours, not MemAgent's): asked once per cited chunk after the answer.
 * `{prompt}` is the question, `{answer}` the answer, `{chunk}` the chunk's text. A reply counts
 * only where it is found word for word in the chunk (shared/quote-match.ts).
 */
export const TEMPLATE_QUOTE = [
  'You are presented with a problem, an answer to it, and a section of an article. Copy word for word the sentence or sentences of the section that support the answer, one per line, exactly as they are written in the section. Do not explain, shorten or rephrase. If no sentence of the section supports the answer, reply NONE.',
  '',
  '<problem> ',
  '{prompt}',
  '</problem>',
  '',
  '<answer>',
  '{answer}',
  '</answer>',
  '',
  '<section>',
  '{chunk}',
  '</section>',
  '',
  'Supporting sentences:',
  '',
].join('\n');

/** The quote check's reply budget: a sentence or three, and NONE. */
export const QUOTE_MAX_TOKENS = 200;

type Slot = 'prompt' | 'memory' | 'chunk' | 'answer';

/** A template cut at its placeholders once, so filling is plain concatenation. */
interface CompiledTemplate {
  parts: string[];
  slots: Slot[];
}

function compile(template: string): CompiledTemplate {
  const parts: string[] = [];
  const slots: Slot[] = [];
  const pattern = /\{(prompt|memory|chunk|answer)\}/g;
  let last = 0;
  for (const match of template.matchAll(pattern)) {
    parts.push(template.slice(last, match.index));
    slots.push(match[1] as Slot);
    last = match.index + match[0].length;
  }
  parts.push(template.slice(last));
  return { parts, slots };
}

// Filling is one pass over the template's own text: values are inserted verbatim, so `$&`,
// braces or a literal "{memory}" inside a document or a question are never interpreted
// (the same semantics as Python's str.format used upstream).
function fill(compiled: CompiledTemplate, values: Record<Slot, string>): string {
  let out = compiled.parts[0] ?? '';
  for (let i = 0; i < compiled.slots.length; i += 1) {
    out += values[compiled.slots[i] as Slot] + (compiled.parts[i + 1] ?? '');
  }
  return out;
}

const compiledMemory = compile(TEMPLATE);
const compiledBoxed = compile(TEMPLATE_FINAL_BOXED);
const compiledText = compile(TEMPLATE_FINAL_TEXT);

/** The user message that asks the model to read `chunk` and overwrite `memory`. */
export function fillMemoryPrompt(question: string, memory: string, chunk: string): string {
  return fill(compiledMemory, { prompt: question, memory, chunk, answer: '' });
}

/** The user message that asks for the final answer from `memory`. */
export function fillFinalPrompt(final: FinalPrompt, question: string, memory: string): string {
  return fill(final === 'boxed' ? compiledBoxed : compiledText, {
    prompt: question,
    memory,
    chunk: '',
    answer: '',
  });
}

// The per-chunk prompt cut before `<section>`: the part that depends on the question and the
// memory, and the part that depends on the chunk alone. `</memory>\n\n` ends a pre-token in the
// Qwen and o200k splitters, so the two parts' token counts add up to the whole prompt's, and a
// chunk's part can be counted once per chunking whatever the question.
const SECTION_AT = TEMPLATE.indexOf('<section>');
const compiledHead = compile(TEMPLATE.slice(0, SECTION_AT));
const compiledSection = compile(TEMPLATE.slice(SECTION_AT));

/** The per-chunk prompt up to `<section>`: instruction, question and memory. */
export function memoryPromptHead(question: string, memory: string): string {
  return fill(compiledHead, { prompt: question, memory, chunk: '', answer: '' });
}

/** The per-chunk prompt from `<section>` on: the chunk and the closing instruction. */
export function memoryPromptSection(chunk: string): string {
  return fill(compiledSection, { prompt: '', memory: '', chunk, answer: '' });
}

const compiledQuote = compile(TEMPLATE_QUOTE);

/** The user message that asks the model to quote the sentences of `chunk` supporting `answer`. */
export function fillQuotePrompt(question: string, answer: string, chunk: string): string {
  return fill(compiledQuote, { prompt: question, answer, chunk, memory: '' });
}

// The simulator's deterministic stand-in for RL-MemoryAgent: it keeps the sentences of each
// section that share words with the question, merges them with the previous memory within the
// token budget, and answers the final prompt from the best sentence of the memory. It is a test
// instrument: it lets tests and benchmarks check that a fact ("needle") travels from a chunk
// through the memory into the answer, not a model of language.

export type ParsedPrompt =
  | { kind: 'update'; problem: string; memory: string; section: string }
  | { kind: 'final'; problem: string; memory: string; style: 'boxed' | 'text' }
  | { kind: 'other' };

const PROBLEM_OPEN = '<problem> \n';
const PROBLEM_CLOSE = '\n</problem>\n\n<memory>\n';
const UPDATE_TAIL = '\n</section>\n\nUpdated memory:\n';
const SECTION_OPEN = '\n</memory>\n\n<section>\n';
const FINAL_TAIL = '\n</memory>\n\nYour answer:\n';
export const NO_PREVIOUS_MEMORY = 'No previous memory';
export const NOTHING_YET = 'No relevant information found yet.';

/** Recognises MemAgent's TEMPLATE and final templates by their markers (MEMAGENT.md). */
export function parseMemAgentPrompt(prompt: string): ParsedPrompt {
  const p0 = prompt.indexOf(PROBLEM_OPEN);
  const p1 = p0 < 0 ? -1 : prompt.indexOf(PROBLEM_CLOSE, p0 + PROBLEM_OPEN.length);
  if (p1 < 0) return { kind: 'other' };
  const problem = prompt.slice(p0 + PROBLEM_OPEN.length, p1);
  const memoryStart = p1 + PROBLEM_CLOSE.length;
  if (prompt.endsWith(UPDATE_TAIL)) {
    const m1 = prompt.indexOf(SECTION_OPEN, memoryStart);
    if (m1 < 0) return { kind: 'other' };
    const section = prompt.slice(m1 + SECTION_OPEN.length, prompt.length - UPDATE_TAIL.length);
    return { kind: 'update', problem, memory: prompt.slice(memoryStart, m1), section };
  }
  if (prompt.endsWith(FINAL_TAIL)) {
    const memory = prompt.slice(memoryStart, prompt.length - FINAL_TAIL.length);
    const style = prompt.slice(0, p0).includes('\\boxed{}') ? 'boxed' : 'text';
    return { kind: 'final', problem, memory, style };
  }
  return { kind: 'other' };
}

const STOPWORDS = new Set(
  (
    'a an the and or but if of in on at to for from by with about as into over after before ' +
    'is are was were be been being am do does did has have had having can could will would ' +
    'shall should may might must what which who whom whose when where why how that this these ' +
    'those it its he she they them his her their there here we you your our my me i not no ' +
    'than then so such any all each some one ones per via also only just did does according ' +
    'mentioned text article document section passage name named called give tell'
  ).split(/\s+/),
);

/** Lower-cased content words of `text` (letters or digits; stopwords and 1-letter words dropped). */
export function contentWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const match of text.toLowerCase().matchAll(/[\p{L}\p{N}]+/gu)) {
    const w = match[0];
    if (STOPWORDS.has(w)) continue;
    if (w.length < 2 && !/\p{N}/u.test(w)) continue;
    words.add(w);
  }
  return words;
}

/**
 * Sentences of `text`: cut after . ! ? (and their CJK forms) followed by space, and at blank lines
 * (paragraph ends, headings). A single line break is a wrapped line (PDF text has one every 80
 * characters or so): it becomes a space inside the sentence.
 */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[.!?。！？])\s+|\n[^\S\n]*\n\s*/u)
    .map((s) => s.replace(/\s+/gu, ' ').trim())
    .filter((s) => s.length > 0);
}

/**
 * Counts the distinct question words in `sentence`. One regex over the question's words (built
 * once per prompt) is far cheaper than tokenizing every sentence of a 5,000-token section.
 */
type Scorer = (sentence: string) => number;

function scorer(question: Set<string>): Scorer {
  if (question.size === 0) return () => 0;
  const alternatives = [...question].map((w) => w.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')).join('|');
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'gu');
  return (sentence) => {
    const found = sentence.toLowerCase().match(pattern);
    return found === null ? 0 : new Set(found).size;
  };
}

/** A sentence is relevant when it shares 2 content words with the question (1 for short questions). */
function threshold(question: Set<string>): number {
  return question.size <= 2 ? 1 : 2;
}

export interface ReplyContext {
  /** The request's max_tokens: the memory is kept within it. */
  maxTokens: number;
  seed: number;
  countTokens: (text: string) => number;
}

/** The new memory for an update prompt: relevant sentences of old memory and section, bounded. */
export function updateMemory(
  problem: string,
  memory: string,
  section: string,
  ctx: ReplyContext,
): string {
  const question = contentWords(problem);
  const min = threshold(question);
  const score = scorer(question);
  const old = memory.trim() === NO_PREVIOUS_MEMORY ? [] : sentences(memory);
  const seen = new Set<string>();
  const candidates: { text: string; score: number; order: number }[] = [];
  for (const text of [...old, ...sentences(section)]) {
    if (seen.has(text)) continue;
    seen.add(text);
    const s = score(text);
    if (s >= min) candidates.push({ text, score: s, order: candidates.length });
  }
  // Best first (older first among equals), until the budget is spent; then back in reading order.
  const ranked = [...candidates].sort((a, b) => b.score - a.score || a.order - b.order);
  const kept: typeof candidates = [];
  let used = 0;
  for (const c of ranked) {
    const cost = ctx.countTokens(c.text) + 1;
    if (used + cost > ctx.maxTokens) continue;
    kept.push(c);
    used += cost;
  }
  if (kept.length === 0) return NOTHING_YET;
  // One sentence a paragraph, so the next update reads them back as the same sentences.
  return kept
    .sort((a, b) => a.order - b.order)
    .map((c) => c.text)
    .join('\n\n');
}

const LEADS = ['Based on the memory, ', 'According to the memory, ', 'From the memory: '];

/** A small deterministic hash (FNV-1a) to pick wording from the seed and the question. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The part of `sentence` that answers: after the last is/are/was/were/":", else its new words. */
export function answerFromSentence(sentence: string, problem: string): string {
  const question = contentWords(problem);
  const body = sentence.replace(/[.!?。！？"'”’\s]+$/u, '');
  const cut = [...body.matchAll(/\s(?:is|are|was|were)\s|:\s/gi)].pop();
  if (cut !== undefined) {
    const tail = body.slice(cut.index + cut[0].length).trim();
    const tailWords = contentWords(tail);
    if (tail.length > 0 && [...tailWords].some((w) => !question.has(w))) return tail;
  }
  const fresh = body.split(/\s+/).filter((w) => {
    const words = contentWords(w);
    return words.size > 0 && ![...words].every((x) => question.has(x));
  });
  return fresh.length > 0 ? fresh.join(' ') : body;
}

/** The reply to a final prompt: the best memory sentence and the answer drawn from it. */
export function finalAnswer(
  problem: string,
  memory: string,
  style: 'boxed' | 'text',
  seed: number,
): string {
  const question = contentWords(problem);
  const score = scorer(question);
  let best: { text: string; score: number } | undefined;
  for (const text of sentences(memory)) {
    const s = score(text);
    if (s >= threshold(question) && (best === undefined || s > best.score))
      best = { text, score: s };
  }
  if (best === undefined) {
    return 'The memory does not contain information that answers the problem, so the answer cannot be determined.';
  }
  const lead = LEADS[hash(`${seed}\n${problem}`) % LEADS.length] ?? LEADS[0];
  const answer = answerFromSentence(best.text, problem);
  const tail = style === 'boxed' ? `\\boxed{${answer}}` : answer;
  return `${lead}${best.text}\n\nTherefore, the answer is ${tail}.`;
}

/** The simulator's reply to any prompt. Deterministic in (prompt, maxTokens, seed); temperature plays no part. */
export function simulateReply(prompt: string, ctx: ReplyContext): string {
  const parsed = parseMemAgentPrompt(prompt);
  if (parsed.kind === 'update')
    return updateMemory(parsed.problem, parsed.memory, parsed.section, ctx);
  if (parsed.kind === 'final')
    return finalAnswer(parsed.problem, parsed.memory, parsed.style, ctx.seed);
  return `sim-llm received a prompt of ${prompt.length} characters that is not a MemAgent prompt.`;
}

// Evidence: the sentences of the document an answer rests on, found from the run's own record
// (its chunks, the memory each chunk produced, the answer) and the text it read. Pure: used by
// the renderer, the exports and the CLI alike.
//
// 1. The answer's content words (no stop-words, no words of the question) are followed back
//    through the memory states: the chunk whose new memory first held a word that then stayed to
//    the end is where the document supplied it.
// 2. Within those chunks, each sentence is scored by how well it aligns with the answer and with
//    the memory text that chunk added, terms weighted by their rarity among the chunk's sentences.
// 3. Only a clear winner is returned: a wrong highlight misleads more than none. Lines of a
//    table of contents (shared/evidence-outline.ts) rank below body text: they are considered
//    only when no body sentence reaches the threshold.
// 4. Quotes the model gave when asked (the optional quote check), already found word for word in
//    their chunks, confirm an aligned sentence (`both`, first) or stand on their own (`model`).
import { contentTerms, isNumber, phrasePairs, termSet, tokens } from './evidence-terms.ts';
import { inOutline, outlineSpans } from './evidence-outline.ts';
import { quoteOf, sentenceSpans, type Span } from './evidence-sentences.ts';
import { QUOTE_CHECK_CHUNKS } from './quote-check.ts';
import type { ChunkInfo, Evidence, MemoryState, ModelQuote, PageSpan, Section } from './schemas.ts';
import { pageAt, sectionPath } from './text-location.ts';

export interface EvidenceInput {
  question: string;
  answer: string;
  /** The memory after each chunk, in chunk order (missing entries: not read). */
  memories: readonly (MemoryState | undefined)[];
  chunks: readonly ChunkInfo[];
  /** The text the run read, with its location map. */
  document: {
    text: string;
    pages?: readonly PageSpan[] | undefined;
    sections?: readonly Section[] | undefined;
  };
  /** The model's quotes verified in their chunks (the quote check); none: alignment alone. */
  quotes?: readonly ModelQuote[];
}

/** Chunks examined: those that brought the most answer words in. */
const MAX_CHUNKS = 4;
const MAX_ITEMS = 5;
/** The lowest score shown at all, and how far below the best a further passage may be. */
const THRESHOLD = 0.5;
const KEEP_RATIO = 0.85;
/** A runner-up this close to the best (another sentence) makes the best a guess: show none. */
const MARGIN = 0.04;

const WEIGHTS = { answer: 0.45, added: 0.25, phrase: 0.15, question: 0.15 };

interface Candidate extends Span {
  chunk: number;
  score: number;
  by: Evidence['by'];
  /** A line of a table of contents ("2.1 Sources . . . 5"): ranked below body text. */
  outline?: boolean;
}

type TrailInput = Pick<EvidenceInput, 'question' | 'answer' | 'memories'>;

/** The memory trail of an answer: which states brought which answer terms in, most terms first. */
function trail(input: TrailInput) {
  const question = termSet(input.question);
  const answerTokens = tokens(input.answer);
  const wanted = answerTerms(answerTokens, question);
  const states = input.memories
    .filter((m): m is MemoryState => m !== undefined)
    .sort((a, b) => a.chunk - b.chunk);
  const ranked =
    wanted.length === 0 || states.length === 0
      ? []
      : [...enteringStates(wanted, states).entries()].sort(
          (a, b) => b[1].length - a[1].length || b[0] - a[0],
        );
  return { question, answerTokens, wanted, states, ranked };
}

/**
 * The chunks the memory trail cites for `answer` (those whose memory update brought the most
 * answer words in), best first, at most `QUOTE_CHECK_CHUNKS`: the chunks the quote check asks
 * the model about.
 */
export function candidateChunks(input: TrailInput): number[] {
  const { states, ranked } = trail(input);
  return ranked.slice(0, QUOTE_CHECK_CHUNKS).map(([k]) => (states[k] as MemoryState).chunk);
}

/**
 * The passages supporting `answer`, best first; empty when none is found with confidence
 * (no highlight beats a wrong one). With `quotes`, a sentence the model quoted and alignment
 * chose ranks first (`both`), then quoted sentences alignment did not choose (`model`), then
 * the alignment's own (`alignment`); without them the result is alignment's alone.
 */
export function findEvidence(input: EvidenceInput): Evidence[] {
  const { question, answerTokens, wanted, states, ranked: all } = trail(input);
  if (all.length === 0) return [];
  const ranked = all.slice(0, MAX_CHUNKS);
  const pairs = phrasePairs(answerTokens);
  const candidates: Candidate[] = [];
  for (const [k, terms] of ranked) {
    const state = states[k] as MemoryState;
    const chunk = input.chunks.find((c) => c.index === state.chunk);
    if (chunk === undefined) continue;
    const added = addedTerms(state.memory, states[k - 1]?.memory, terms, question);
    // One by one: a long chunk's sentences may be more than a spread's arguments.
    for (const c of scoreSentences(input.document.text, chunk, {
      entered: terms,
      answer: wanted,
      added,
      question,
      pairs,
    }))
      candidates.push(c);
  }
  const answerSet = new Set(wanted);
  const picked = pick(candidates);
  const chosen =
    input.quotes === undefined || input.quotes.length === 0
      ? picked
      : withQuotes(picked, candidates, input.quotes, input);
  return chosen.map((c) => located(c, input.document, answerSet));
}

/**
 * The evidence once the model's verified quotes are in. A quote stands for the sentences it
 * overlaps; one that overlaps a sentence alignment scored over the threshold makes it `both`
 * (a verified quote settles what alignment alone called a tie); others are `model`, scored as
 * alignment scored them but no lower than the threshold alignment itself needs.
 */
function withQuotes(
  picked: readonly Candidate[],
  candidates: readonly Candidate[],
  quotes: readonly ModelQuote[],
  input: EvidenceInput,
): Candidate[] {
  const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
  const quoted: Candidate[] = [];
  for (const q of quotes) {
    const chunk = input.chunks.find((c) => c.index === q.chunk);
    if (chunk === undefined || q.start < chunk.start || q.end > chunk.end) continue;
    const inside = sentenceSpans(input.document.text, chunk.start, chunk.end).filter((s) =>
      overlaps(s, q),
    );
    const first = inside[0];
    const last = inside.at(-1);
    if (first === undefined || last === undefined) continue;
    const span = { start: first.start, end: last.end };
    if (quoted.some((c) => overlaps(c, span))) continue;
    const aligned = candidates.filter((c) => c.chunk === q.chunk && overlaps(c, span));
    const score = aligned.reduce((best, c) => Math.max(best, c.score), 0);
    const by = score >= THRESHOLD ? 'both' : 'model';
    quoted.push({ chunk: q.chunk, ...span, score: Math.max(score, THRESHOLD), by });
  }
  const rest = picked.filter((c) => !quoted.some((q) => overlaps(q, c)));
  const both = quoted.filter((c) => c.by === 'both').sort((a, b) => b.score - a.score);
  const model = quoted.filter((c) => c.by === 'model');
  return [...both, ...model, ...rest].slice(0, MAX_ITEMS);
}

/**
 * The answer's content terms not in the question. Numbers alone are noise (page numbers, list
 * items) unless the answer is a number; beside words, only numbers of two digits or more count.
 */
function answerTerms(answerTokens: readonly string[], question: Set<string>): string[] {
  const terms = contentTerms(answerTokens).filter((t) => !question.has(t));
  const words = terms.some((t) => !isNumber(t));
  return [...new Set(terms.filter((t) => !isNumber(t) || !words || t.length >= 2))];
}

/** For each term in the final memory: the first state of the run of states ending there. */
function enteringStates(wanted: readonly string[], states: readonly MemoryState[]) {
  const bags: (Set<string> | undefined)[] = [];
  const has = (k: number, t: string) => (bags[k] ??= termSet(states[k]?.memory ?? '')).has(t);
  const entered = new Map<number, string[]>();
  const last = states.length - 1;
  for (const term of wanted) {
    if (!has(last, term)) continue;
    let k = last;
    while (k > 0 && has(k - 1, term)) k -= 1;
    entered.set(k, [...(entered.get(k) ?? []), term]);
  }
  return entered;
}

/**
 * What the chunk's memory update added about the answer: the content terms of the memory's
 * sentences that hold an answer term, less those already in the previous memory and the question.
 */
function addedTerms(
  memory: string,
  previous: string | undefined,
  answer: readonly string[],
  question: Set<string>,
): string[] {
  const before = termSet(previous ?? '');
  const added = new Set<string>();
  for (const line of memory.split(/(?<=[.!?。！？])\s+|\n+/u)) {
    const terms = termSet(line);
    if (!answer.some((t) => terms.has(t))) continue;
    for (const t of terms) if (!before.has(t) && !question.has(t)) added.add(t);
  }
  for (const t of answer) added.delete(t);
  return [...added];
}

interface Wanted {
  /** The answer terms this chunk's memory update brought in: a sentence must hold one. */
  entered: readonly string[];
  answer: readonly string[];
  added: readonly string[];
  question: Set<string>;
  pairs: Set<string>;
}

function scoreSentences(text: string, chunk: ChunkInfo, wanted: Wanted): Candidate[] {
  const sentences = sentenceSpans(text, chunk.start, chunk.end).map((span) => {
    const list = tokens(text.slice(span.start, span.end));
    return { span, terms: new Set(contentTerms(list)), pairs: phrasePairs(list) };
  });
  const n = sentences.length;
  const outline = outlineSpans(text, chunk.start, chunk.end);
  const idfCache = new Map<string, number>();
  const idf = (t: string) => {
    let value = idfCache.get(t);
    if (value === undefined) {
      const df = sentences.reduce((sum, s) => sum + (s.terms.has(t) ? 1 : 0), 0);
      value = Math.log(1 + n / Math.max(df, 0.5));
      idfCache.set(t, value);
    }
    return value;
  };
  const coverage = (terms: Iterable<string>, has: Set<string>): number | undefined => {
    let total = 0;
    let found = 0;
    for (const t of terms) {
      const w = idf(t);
      total += w;
      if (has.has(t)) found += w;
    }
    return total === 0 ? undefined : found / total;
  };
  const out: Candidate[] = [];
  for (const s of sentences) {
    if (!wanted.entered.some((t) => s.terms.has(t))) continue;
    const answer = coverage(wanted.answer, s.terms) ?? 0;
    const added = coverage(wanted.added, s.terms) ?? answer;
    const phrase = wanted.pairs.size === 0 ? answer : shared(wanted.pairs, s.pairs);
    const question = coverage(wanted.question, s.terms) ?? answer;
    const score =
      WEIGHTS.answer * answer +
      WEIGHTS.added * added +
      WEIGHTS.phrase * phrase +
      WEIGHTS.question * question;
    const candidate: Candidate = {
      chunk: chunk.index,
      start: s.span.start,
      end: s.span.end,
      score,
      by: 'alignment',
    };
    if (inOutline(text, s.span, outline)) candidate.outline = true;
    out.push(candidate);
  }
  return out;
}

function shared(wanted: Set<string>, has: Set<string>): number {
  let found = 0;
  for (const p of wanted) if (has.has(p)) found += 1;
  return found / wanted.size;
}

/**
 * The clear winners among body sentences; lines of a table of contents only when no body
 * sentence reaches the threshold. An outline line repeats a heading's words, so it ties with
 * (or beats) the sentence that answers under that heading: it must neither win nor, as a
 * runner-up, turn a clear body winner into a tie.
 */
function pick(candidates: Candidate[]): Candidate[] {
  const body = candidates.filter((c) => c.outline !== true);
  if (body.some((c) => c.score >= THRESHOLD)) return clearWinners(body);
  return clearWinners(candidates.filter((c) => c.outline === true));
}

/** The clear winners: above the threshold, near the best, and the best well ahead of the rest. */
function clearWinners(candidates: Candidate[]): Candidate[] {
  const sorted = candidates.sort((a, b) => b.score - a.score || a.start - b.start);
  const best = sorted[0];
  if (best === undefined || best.score < THRESHOLD) return [];
  const runnerUp = sorted[1];
  if (runnerUp !== undefined && best.score - runnerUp.score < MARGIN) return [];
  return sorted
    .filter((c) => c.score >= THRESHOLD && c.score >= best.score * KEEP_RATIO)
    .slice(0, MAX_ITEMS);
}

function located(
  c: Candidate,
  document: EvidenceInput['document'],
  answer: ReadonlySet<string>,
): Evidence {
  const page = pageAt(document.pages, c.start);
  return {
    chunk: c.chunk,
    start: c.start,
    end: c.end,
    page: page?.number ?? null,
    pageLabel: page?.label ?? null,
    section: sectionPath(document.sections, c.start),
    quote: quoteOf(document.text, c, (term) => answer.has(term)),
    score: Math.min(1, Math.max(0, Number(c.score.toFixed(4)))),
    by: c.by,
  };
}

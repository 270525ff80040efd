// Where a memory state's change came from: the sentences of its chunk that carry the words the
// memory gained with it (words not in the previous memory nor in the question). The memory is
// written freely, so this is an alignment, not a pointer: a few sentences, each covering a good
// share of what was gained, or none when no sentence does.
import { quoteOf, sentenceSpans, type Span } from '../../../shared/evidence-sentences.ts';
import { termSet } from '../../../shared/evidence-terms.ts';
import type { ChunkInfo } from '../../../shared/model.ts';

const MAX = 3;
/** A sentence must hold this share of the gained words' weight, and two of them at least. */
const MIN_SHARE = 0.15;
const MIN_TERMS = 2;

export interface Passage extends Span {
  quote: string;
}

/** Sentences of `chunk` in `text` that the change from `previous` to `memory` came from, in order. */
export function changeSources(
  text: string,
  chunk: Pick<ChunkInfo, 'start' | 'end'>,
  memory: string,
  previous: string,
  question: string,
): Passage[] {
  const before = termSet(previous);
  const asked = termSet(question);
  const gained = [...termSet(memory)].filter((t) => !before.has(t) && !asked.has(t));
  if (gained.length === 0) return [];
  const sentences = sentenceSpans(text, chunk.start, chunk.end).map((span) => ({
    span,
    terms: termSet(text.slice(span.start, span.end)),
  }));
  // Words rare in the chunk say more about which sentence was read than common ones.
  const weight = new Map<string, number>();
  for (const t of gained) {
    const df = sentences.reduce((n, s) => n + (s.terms.has(t) ? 1 : 0), 0);
    if (df > 0) weight.set(t, Math.log(1 + sentences.length / df));
  }
  const total = [...weight.values()].reduce((a, b) => a + b, 0);
  const left = new Set(weight.keys());
  const picked: Span[] = [];
  while (picked.length < MAX && left.size > 0) {
    let best: { span: Span; terms: string[]; share: number } | null = null;
    for (const s of sentences) {
      const terms = [...left].filter((t) => s.terms.has(t));
      const share = terms.reduce((a, t) => a + (weight.get(t) ?? 0), 0) / total;
      if (!best || share > best.share) best = { span: s.span, terms, share };
    }
    if (!best || best.terms.length < MIN_TERMS || best.share < MIN_SHARE) break;
    picked.push(best.span);
    for (const t of best.terms) left.delete(t);
  }
  return picked
    .sort((a, b) => a.start - b.start)
    .map((span) => ({ ...span, quote: quoteOf(text, span) }));
}

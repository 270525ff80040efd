// How much a memory changed from the previous one, in words added and removed: THE count of the
// app (timeline list and chart, the compare view) and of the exports (Markdown, HTML, PDF).
//
// The definition: words added to the memory, not words of the diff. A word is a run of letters
// and digits ("7-ALPHA-42" is three), compared case-blind as a bag: `added` is the words of the
// new memory that the previous one did not hold (counted with repeats), `removed` the reverse.
// A sentence the model moved or re-ordered adds nothing: it brought nothing new in, though a
// word diff marks it deleted in one place and inserted in another (the marked diff a user
// reads beside the count may therefore mark more words than the count says). It is linear in
// the text, so a 700-chunk timeline computes in milliseconds and a run of 10⁶ chunks exports
// without a diff's cost cap, where an over-long diff used to count the whole memory as
// rewritten. The first state is counted from an empty memory: "No previous memory", the
// prompt's placeholder, is not memory content. Counts, not shares: a chunk that only wrote
// "No relevant information found yet." changed a few words and draws a low bar.
import type { MemoryState } from './model.ts';
import { wordBag as bag } from './word-bags.ts';

export interface WordChange {
  added: number;
  removed: number;
}

/** Words of `b` not in `a` and of `a` not in `b`, counted with repeats. */
export function wordChange(a: string, b: string): WordChange {
  const A = bag(a);
  const B = bag(b);
  let added = 0;
  let removed = 0;
  for (const [w, n] of A) removed += Math.max(0, n - (B.get(w) ?? 0));
  for (const [w, n] of B) added += Math.max(0, n - (A.get(w) ?? 0));
  return { added, removed };
}

const NONE: WordChange = { added: 0, removed: 0 };
const cache = new WeakMap<object, WordChange>();

/** A memory state as the app and the exports hold it (a stored state, an exported one). */
export type ChangedState = Pick<MemoryState, 'memory' | 'kept'>;

/**
 * The change `state` made to the memory before it (`previous`; undefined for the first state
 * read, counted from an empty memory). A kept memory (the reply had none) changed nothing.
 */
export function stateChange(previous: string | undefined, state: ChangedState): WordChange {
  let c = cache.get(state);
  if (c === undefined) {
    c = state.kept ? NONE : wordChange(previous ?? '', state.memory);
    cache.set(state, c);
  }
  return c;
}

/** Change of each state against the one read before it; null where a chunk was not read. */
export function changesOf(memories: readonly (ChangedState | undefined)[]): (WordChange | null)[] {
  const out: (WordChange | null)[] = [];
  let prev: string | undefined;
  for (const m of memories) {
    if (!m) {
      out.push(null);
      continue;
    }
    out.push(stateChange(prev, m));
    prev = m.memory;
  }
  return out;
}

/** Words added plus removed. */
export const changeSize = (c: WordChange | null | undefined): number =>
  c ? c.added + c.removed : 0;

/** "+12 −3 words", or "+12 −3" where the unit is said around it; "no change" when none. */
export function changeLabel(c: WordChange, unit = true): string {
  if (c.added === 0 && c.removed === 0) return 'no change';
  return `+${c.added} −${c.removed}${unit ? ' words' : ''}`;
}

/**
 * The first chunk after `from` (before it with `step` −1) whose memory text differs from the
 * previous chunk's, so the pair (chunk − 1, chunk) shows a change; null when there is none.
 */
export function nextChange(
  memories: readonly (MemoryState | undefined)[],
  from: number,
  step: 1 | -1,
): number | null {
  for (let i = from + step; i >= 1 && i < memories.length; i += step) {
    const a = memories[i - 1];
    const b = memories[i];
    if (a && b && a.memory !== b.memory) return i;
  }
  return null;
}

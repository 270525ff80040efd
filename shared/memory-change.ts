// How much a memory changed from the previous one, in words added and removed: a bag-of-words
// count, linear in the text, so a 700-chunk timeline computes in milliseconds (the exact word
// diff is shown only for the two states a user compares). Counts, not shares: a chunk that only
// turned "No previous memory" into "No relevant information found yet." changed a few words and
// draws a low bar, where a share of the memory would draw it as tall as any.
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
const cache = new WeakMap<MemoryState, WordChange>();

/** Change of each state against its predecessor (the first against the initial memory). */
export function changesOf(
  memories: readonly (MemoryState | undefined)[],
  initial: string,
): (WordChange | null)[] {
  const out: (WordChange | null)[] = [];
  let prev = initial;
  for (let i = 0; i < memories.length; i += 1) {
    const m = memories[i];
    if (!m) {
      out.push(null);
      continue;
    }
    let c = cache.get(m);
    if (c === undefined) {
      c = m.kept ? NONE : wordChange(prev, m.memory);
      cache.set(m, c);
    }
    out.push(c);
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

// How much a memory changed from the previous one: a cheap bag-of-words measure, linear in
// the text, so a 700-chunk timeline computes in milliseconds (the exact word diff is shown
// only for the two states a user compares).
import type { MemoryState } from '../../../shared/model.ts';
import { wordBag as bag } from './word-bags.ts';

/** Share of words added or removed between `a` and `b`, from 0 (same) to 1 (all new). */
export function wordChange(a: string, b: string): number {
  const A = bag(a);
  const B = bag(b);
  let diff = 0;
  let total = 0;
  for (const [w, n] of A) {
    diff += Math.abs(n - (B.get(w) ?? 0));
    total += n;
  }
  for (const [w, n] of B) {
    if (!A.has(w)) diff += n;
    total += n;
  }
  return total === 0 ? 0 : Math.min(1, diff / total);
}

const cache = new WeakMap<MemoryState, number>();

/** Change of each state against its predecessor (the first against the initial memory). */
export function changesOf(
  memories: readonly (MemoryState | undefined)[],
  initial: string,
): (number | null)[] {
  const out: (number | null)[] = [];
  let prev = initial;
  for (let i = 0; i < memories.length; i += 1) {
    const m = memories[i];
    if (!m) {
      out.push(null);
      continue;
    }
    let c = cache.get(m);
    if (c === undefined) {
      c = m.kept ? 0 : wordChange(prev, m.memory);
      cache.set(m, c);
    }
    out.push(c);
    prev = m.memory;
  }
  return out;
}

// Where an answer formed, when no passage could be pinned down: the chunks whose memory update
// brought in an answer word (not a stop-word, not a word of the question) that then stayed in
// the memory to the end, the chunk that brought the most first. The reader can be opened there,
// at the chunk, not at a guessed sentence.
import { termSet } from '../../../shared/evidence-terms.ts';
import type { MemoryState } from '../../../shared/model.ts';

export function answerChunks(
  question: string,
  answer: string,
  memories: readonly (MemoryState | undefined)[],
): number[] {
  const asked = termSet(question);
  const states = memories.filter((m): m is MemoryState => m !== undefined);
  const terms = states.map((m) => termSet(m.memory));
  const last = states.length - 1;
  const brought = new Map<number, number>();
  for (const t of termSet(answer)) {
    if (asked.has(t) || last < 0 || !terms[last]!.has(t)) continue;
    let k = last;
    while (k > 0 && terms[k - 1]!.has(t)) k -= 1;
    const chunk = states[k]!.chunk;
    brought.set(chunk, (brought.get(chunk) ?? 0) + 1);
  }
  return [...brought].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([chunk]) => chunk);
}

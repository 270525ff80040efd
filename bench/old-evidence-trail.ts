// The app's evidence before findEvidence (issue 11), kept only so bench/evidence.ts can show it
// beside the new finder: for each word of the answer, the chunk where it entered the memory and
// stayed until the end.
import type { ChunkInfo, MemoryState } from '../shared/model.ts';
import { wordBag } from '../shared/word-bags.ts';

const STOP = new Set(
  'a an the and or of to in on at by for with from is are was were be been it its this that these those as not no yes'.split(
    ' ',
  ),
);

export interface EvidenceEntry {
  chunk: number;
  words: string[];
  pages?: ChunkInfo['pages'];
}

function words(text: string): Set<string> {
  return new Set([...wordBag(text).keys()].filter((w) => !STOP.has(w)));
}

export function evidenceTrail(
  answer: string,
  memories: readonly (MemoryState | undefined)[],
  chunks: readonly ChunkInfo[],
): EvidenceEntry[] {
  const wanted = words(answer);
  const states = memories.filter((m): m is MemoryState => m !== undefined);
  const has = (k: number, w: string) => wordBag(states[k]!.memory).has(w);
  const entered = new Map<number, string[]>();
  for (const w of wanted) {
    // Walk back from the final memory while the word is still present.
    let k = states.length - 1;
    if (k < 0 || !has(k, w)) continue;
    while (k > 0 && has(k - 1, w)) k -= 1;
    const chunk = states[k]!.chunk;
    entered.set(chunk, [...(entered.get(chunk) ?? []), w]);
  }
  return [...entered.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([chunk, ws]) => ({ chunk, words: ws, pages: chunks[chunk]?.pages }));
}

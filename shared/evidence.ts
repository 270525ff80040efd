// Evidence: the sentences of the document an answer rests on, found from the run's own record
// (its chunks, the memory each chunk produced, the answer) and the text it read. Pure: used by
// the renderer, the exports and the CLI alike.
import type { ChunkInfo, Evidence, MemoryState, PageSpan, Section } from './schemas.ts';

export interface EvidenceInput {
  question: string;
  answer: string;
  /** The memory after each chunk, in chunk order (missing entries: not read). */
  memories: readonly (MemoryState | undefined)[];
  chunks: readonly ChunkInfo[];
  /** The text the run read, with its location map. */
  document: { text: string; pages?: readonly PageSpan[]; sections?: readonly Section[] };
}

/**
 * The passages supporting `answer`, best first; empty when none is found with confidence
 * (no highlight beats a wrong one).
 */
export function findEvidence(input: EvidenceInput): Evidence[] {
  // Placeholder of the contract commit: the evidence helper replaces it.
  void input;
  return [];
}

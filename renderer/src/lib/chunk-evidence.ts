// The answer's evidence as the reader's chunk markers cite it: grouped by the chunk it is in, and
// named as the answer view names it, so a passage reads the same wherever it is cited.
import type { Evidence } from '../../../shared/model.ts';
import { evidenceLocation } from '../../../shared/page-label.ts';

/** Chunk index → its evidence, best first (the order `evidence` comes in). */
export type ChunkEvidence = ReadonlyMap<number, readonly Evidence[]>;

export const NO_CHUNK_EVIDENCE: ChunkEvidence = new Map();

export function evidenceByChunk(evidence: readonly Evidence[]): ChunkEvidence {
  if (evidence.length === 0) return NO_CHUNK_EVIDENCE;
  const byChunk = new Map<number, Evidence[]>();
  for (const e of evidence) {
    const list = byChunk.get(e.chunk);
    if (list) list.push(e);
    else byChunk.set(e.chunk, [e]);
  }
  return byChunk;
}

/** "p. 5 (PDF page 7) · §8 Termination · chunk 3": where the reader says a cited passage is. */
export function evidenceWhere(
  e: Pick<Evidence, 'page' | 'pageLabel' | 'section'> & { chunk?: number | undefined },
): string {
  const chunk = e.chunk === undefined ? '' : `chunk ${e.chunk + 1}`;
  return [evidenceLocation(e), chunk].filter(Boolean).join(' · ');
}

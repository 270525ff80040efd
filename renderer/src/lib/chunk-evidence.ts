// The answer's evidence as the reader's chunk markers cite it: grouped by the chunk it is in, and
// named as the answer view names it, so a passage reads the same wherever it is cited.
import type { Evidence } from '../../../shared/model.ts';
import { evidenceLocation, pageName } from '../../../shared/page-label.ts';
import { clip } from '../../../shared/review-text.ts';

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

/**
 * "Passage 1, p. 149 (PDF page 177): The licensee may cure…": how a passage is announced, its
 * marker's number, its page and the start of its quote on one line (made visible, cut to 90
 * characters); "Passage, …" for a passage that is not one of the answer's.
 */
export function passageName(
  p: Pick<Evidence, 'page' | 'pageLabel' | 'quote'>,
  n: number | undefined,
): string {
  const head = [n === undefined ? 'Passage' : `Passage ${n}`];
  if (p.page !== null) head.push(pageName(p.page, p.pageLabel));
  return `${head.join(', ')}: ${clip(p.quote, 90)}`;
}

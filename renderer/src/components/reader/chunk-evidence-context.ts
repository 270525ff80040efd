// The selected run's evidence by chunk, for the reader's chunk markers wherever they are drawn
// (the text view's rows, the rendered document's markers), without threading it through each.
import { createContext, useContext } from 'react';
import { NO_CHUNK_EVIDENCE, type ChunkEvidence } from '../../lib/chunk-evidence.ts';

export const ChunkEvidenceContext = createContext<ChunkEvidence>(NO_CHUNK_EVIDENCE);

export function useChunkEvidence(): ChunkEvidence {
  return useContext(ChunkEvidenceContext);
}

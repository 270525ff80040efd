// Where a stopped run picks up again: after the last chunk of its unbroken run of saved memories,
// with the chunking it read them in. Pure: the run handlers pass what the store holds.
import { INITIAL_MEMORY, type ChunkInfo, type MemoryState } from '../../../shared/model.ts';

export interface ResumePoint {
  /** The saved chunking, or undefined when it is missing or incomplete (chunk again). */
  chunks: ChunkInfo[] | undefined;
  /** The first chunk still to read (0: from the beginning). */
  startChunk: number;
  /** The memory after chunk `startChunk - 1`; undefined when starting from the beginning. */
  startMemory: string | undefined;
}

/**
 * The resume point of a run with `stored` chunks of `chunkCount` and `memories` in chunk order.
 * A gap in the memories (never written by this service; a damaged library) ends the prefix, and
 * re-reading from there is safe.
 */
export function resumePoint(
  stored: readonly ChunkInfo[],
  chunkCount: number,
  memories: readonly MemoryState[],
): ResumePoint {
  let k = 0;
  while (k < memories.length && memories[k]?.chunk === k) k += 1;
  const chunks = stored.length > 0 && stored.length === chunkCount ? [...stored] : undefined;
  const startChunk = chunks ? Math.min(k, chunks.length) : 0;
  return {
    chunks,
    startChunk,
    startMemory: startChunk > 0 ? (memories[startChunk - 1]?.memory ?? INITIAL_MEMORY) : undefined,
  };
}

/**
 * True when two chunkings cut the text at the same places, so memories read under one hold for
 * the other (another backend whose tokenizer splits the same way, or the same chunk size).
 */
export function sameChunking(a: readonly ChunkInfo[], b: readonly ChunkInfo[]): boolean {
  return a.length === b.length && a.every((c, i) => c.start === b[i]?.start && c.end === b[i]?.end);
}

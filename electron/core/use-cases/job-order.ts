// The order a job's runs are launched in: the most reading left first. A job's runs over
// documents of very different lengths, launched in the job's (the table's) order, can leave
// the longest document's runs to start last and read alone at the end while the backend's other
// slots stand idle; starting them first fills the end with short runs (the classic "longest
// processing time first" rule for a fixed number of slots). Runs with as much left keep the
// job's order, so a job over one document reads its questions in order.
import type { Store } from '../store/store.ts';

/**
 * Characters a token, roughly (English prose under the Qwen and o200k vocabularies): only to
 * compare a run not chunked yet with others, never to plan its chunks.
 */
const CHARS_PER_TOKEN = 4;

/** Chunks run `runId` has left to read: exact once chunked, else estimated from its document. */
export function chunksLeft(store: Store, runId: string): number {
  const run = store.runs.get(runId);
  if (!run) return 0;
  if (run.chunkCount > 0) return Math.max(0, run.chunkCount - run.chunksDone);
  const chars = store.documents.get(run.documentId)?.chars ?? 0;
  return Math.max(1, Math.ceil(chars / (run.settings.chunkTokens * CHARS_PER_TOKEN)));
}

/** `runIds` with the most chunks left first; ties keep their order (a stable sort). */
export function mostLeftFirst(store: Store, runIds: readonly string[]): string[] {
  const left = new Map(runIds.map((id) => [id, chunksLeft(store, id)]));
  return [...runIds].sort((a, b) => (left.get(b) ?? 0) - (left.get(a) ?? 0));
}

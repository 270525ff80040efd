// Builders for the renderer's unit tests (not imported by the app).
import type { MemoryState } from '../../../shared/model.ts';

/** A memory state after `chunk`, with fixed usage and time. */
export const state = (chunk: number, memory: string, kept = false): MemoryState => ({
  chunk,
  memory,
  usage: { promptTokens: 100, completionTokens: 10 },
  ms: 1000,
  kept,
});

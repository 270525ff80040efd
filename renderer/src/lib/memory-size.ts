// A memory's size in tokens as the server counted them: the completion tokens of the reply that
// wrote it. A kept memory is the one an earlier reply wrote. Only when no count can stand for
// the text (no usage reported, the initial memory kept, a reply whose reasoning was stripped) is the
// size estimated from its characters, and then it says so.
import type { MemoryState } from '../../../shared/model.ts';
import { approxTokens, formatCount } from './format.ts';

export interface MemorySize {
  tokens: number;
  /** True: the server's count; false: estimated from characters. */
  counted: boolean;
}

/** The size of the memory after chunk `k`. */
export function memorySize(memories: readonly (MemoryState | undefined)[], k: number): MemorySize {
  let j = k;
  while (j >= 0 && memories[j]?.kept) j -= 1;
  const writer = j >= 0 ? memories[j] : undefined;
  const count = writer?.usage.completionTokens ?? 0;
  // More tokens than the text could hold: the reply had reasoning before the memory (stripped).
  const plausible = count > 0 && count <= 2 * writer!.memory.length + 16;
  return plausible
    ? { tokens: count, counted: true }
    : { tokens: approxTokens(memories[k]?.memory ?? ''), counted: false };
}

/** "1,009 tok", or "≈515 tok" when estimated. */
export function memorySizeLabel(size: MemorySize): string {
  return `${size.counted ? '' : '≈'}${formatCount(size.tokens)} tok`;
}

/** What the number is, for a tooltip. */
export function memorySizeNote(size: MemorySize): string {
  return size.counted
    ? 'Tokens of the reply that wrote this memory, as the server counted them'
    : 'Estimated from its length (about four characters a token): the server gave no count for this memory';
}

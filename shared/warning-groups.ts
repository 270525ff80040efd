// A run's warnings grouped by kind, for the one-line summaries of `memagent show` and the
// exports: a failed question's eight retry warnings are one group of eight.

export interface WarningGroup {
  code: string;
  count: number;
  /** The chunks (1-based, in the order warned, each once) the group's warnings name. */
  chunks: number[];
  /** The first and the last warning's message. */
  first: string;
  last: string;
}

/**
 * `warnings` without repeated run-wide notes: a warning with no chunk, the code and message of
 * an earlier one, says nothing new (a run resumed before issue 25 holds its generic-model note
 * once per start, shown as "2 ×"). A chunk's warning repeated is a chunk read again, and a retry
 * an attempt that happened: both stay.
 */
export function distinctWarnings<W extends { chunk?: number; code: string; message: string }>(
  warnings: readonly W[],
): W[] {
  const seen = new Set<string>();
  return warnings.filter((w) => {
    if (w.code === 'retry' || w.chunk !== undefined) return true;
    const key = `${w.code}\u0000${w.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Groups `warnings` by code, in the order each code first appears (repeats dropped). */
export function groupWarnings(
  warnings: readonly { chunk?: number; code: string; message: string }[],
): WarningGroup[] {
  const groups = new Map<string, WarningGroup>();
  for (const w of distinctWarnings(warnings)) {
    const group = groups.get(w.code) ?? {
      code: w.code,
      count: 0,
      chunks: [],
      first: w.message,
      last: w.message,
    };
    group.count += 1;
    group.last = w.message;
    if (w.chunk !== undefined && !group.chunks.includes(w.chunk + 1))
      group.chunks.push(w.chunk + 1);
    groups.set(w.code, group);
  }
  return [...groups.values()];
}

/** " (chunk 3)", " (chunks 3, 7, …)" (eight at most), or '' for none. */
export function chunksNote(chunks: readonly number[]): string {
  if (chunks.length === 0) return '';
  const listed = `${chunks.slice(0, 8).join(', ')}${chunks.length > 8 ? ', …' : ''}`;
  return ` (${chunks.length === 1 ? 'chunk' : 'chunks'} ${listed})`;
}

/** Whether `message` names chunk `chunk` (1-based) itself, as the cut and empty-memory warnings do. */
function namesChunk(message: string, chunk: number): boolean {
  return new RegExp(`\\bchunk ${chunk}\\b`, 'i').test(message);
}

/**
 * A group's chunks note (chunksNote), or '' for one warning whose message already names its
 * chunk: "The memory for chunk 3 was cut …", never "… (chunk 3)" after it.
 */
export function groupChunksNote(group: WarningGroup): string {
  const [only] = group.chunks;
  if (group.count === 1 && group.chunks.length === 1 && namesChunk(group.first, only!)) return '';
  return chunksNote(group.chunks);
}

/**
 * One warning as a line of a list: its message, after "Chunk 3: " only when the message does
 * not name its chunk itself (a warning stored before its wording did), never the chunk twice.
 */
export function warningLine(w: { chunk?: number; message: string }): string {
  if (w.chunk === undefined || namesChunk(w.message, w.chunk + 1)) return w.message;
  return `Chunk ${w.chunk + 1}: ${w.message}`;
}

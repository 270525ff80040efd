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

/** Groups `warnings` by code, in the order each code first appears. */
export function groupWarnings(
  warnings: readonly { chunk?: number; code: string; message: string }[],
): WarningGroup[] {
  const groups = new Map<string, WarningGroup>();
  for (const w of warnings) {
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

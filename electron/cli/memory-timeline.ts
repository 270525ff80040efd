// The memory timeline of `memagent show`: one line a chunk (pages or section, tokens, the change
// its memory update made); long timelines fold the chunks that changed little.
import { changeLabel, changesOf, type WordChange } from '../../shared/memory-change.ts';
import type { ChunkInfo, MemoryState } from '../../shared/model.ts';
import { locationLabel } from '../../shared/page-label.ts';
import { plural } from '../../shared/plural.ts';
import { cut, displayWidth } from './terminal-table.ts';

/** Timelines up to this many chunks are shown whole. */
export const FOLD_ABOVE = 40;
/** Of a folded timeline: the chunks with the largest changes shown, besides the first and last. */
const BIGGEST = 24;
const ENDS = 3;
const LOCATION_WIDTH = 34;

export interface TimelineInput {
  chunks: readonly ChunkInfo[];
  memories: readonly MemoryState[];
  /** Chunks to keep in a folded timeline, marked (the answer's evidence). */
  marked: ReadonlySet<number>;
  all: boolean;
}

/**
 * The timeline's lines, with a title line first. The walk visits only the chunks that have a
 * row or a memory (a run of chunks not read is one line however long): an imported run may
 * claim millions of chunks and bring two, and walking every index took seconds and a gigabyte.
 */
export function timelineLines(input: TimelineInput): string[] {
  const { memories } = input;
  // The chunks' rows and the memories come in chunk order (the store reads them so).
  const total = Math.max(
    (input.chunks.at(-1)?.index ?? -1) + 1,
    input.chunks.length,
    (memories.at(-1)?.chunk ?? -1) + 1,
  );
  const changes = changesOf(memories);
  const kept = keptChunks(input, changes, total);
  const keptCount = kept === 'all' ? total : kept.size;
  const lines = [
    `Memory timeline (${plural(memories.length, 'chunk')} read of ${total}${keptCount < total ? `; ${total - keptCount} folded, --all shows every one` : ''})`,
  ];
  const fold = new Fold();
  const flush = () => {
    if (fold.count > 0) lines.push(fold.line());
    fold.clear();
  };
  let m = 0;
  let c = 0;
  for (let i = 0; i < total;) {
    while (m < memories.length && (memories[m]?.chunk ?? 0) < i) m += 1;
    while (c < input.chunks.length && (input.chunks[c]?.index ?? 0) < i) c += 1;
    // Chunks not read (a run that stopped, or one imported with the read chunks only) are one
    // line however many they are.
    const end = memories[m]?.chunk ?? total;
    if (end - i >= 2) {
      flush();
      lines.push(`       ┆ chunks ${i + 1}–${end} not read`);
      i = end;
      continue;
    }
    const state = end === i ? memories[m] : undefined;
    const change = state ? (changes[m] ?? null) : null;
    if (kept !== 'all' && !kept.has(i)) fold.add(i, state, change);
    else {
      flush();
      const chunk = input.chunks[c]?.index === i ? input.chunks[c] : undefined;
      lines.push(chunkLine(i, chunk, state, change, input.marked.has(i)));
    }
    i += 1;
  }
  flush();
  return lines;
}

/** The chunks a folded timeline keeps, or 'all'. */
function keptChunks(
  input: TimelineInput,
  changes: (WordChange | null)[],
  total: number,
): Set<number> | 'all' {
  if (input.all || total <= FOLD_ABOVE) return 'all';
  const kept = new Set<number>(input.marked);
  for (let i = 0; i < Math.min(ENDS, total); i += 1) kept.add(i);
  for (let i = Math.max(0, total - ENDS); i < total; i += 1) kept.add(i);
  const size = (c: WordChange | null | undefined) => (c ? c.added + c.removed : -1);
  input.memories
    .map((state, k) => ({ chunk: state.chunk, size: size(changes[k]) }))
    .filter((e) => e.size > 0)
    .sort((a, b) => b.size - a.size || a.chunk - b.chunk)
    .slice(0, BIGGEST)
    .forEach((e) => kept.add(e.chunk));
  return kept;
}

/** Consecutive chunks folded into one line: their span and sums. */
class Fold {
  first = 0;
  last = 0;
  count = 0;
  added = 0;
  removed = 0;
  kept = 0;
  unread = 0;

  add(i: number, state: MemoryState | undefined, change: WordChange | null): void {
    if (this.count === 0) this.first = i;
    this.last = i;
    this.count += 1;
    if (state === undefined) this.unread += 1;
    else if (state.kept) this.kept += 1;
    this.added += change?.added ?? 0;
    this.removed += change?.removed ?? 0;
  }

  clear(): void {
    Object.assign(this, { count: 0, added: 0, removed: 0, kept: 0, unread: 0 });
  }

  line(): string {
    const parts = [`+${this.added} −${this.removed} words in all`];
    if (this.kept > 0) parts.push(`${this.kept} kept`);
    if (this.unread > 0) parts.push(`${this.unread} not read`);
    const first = this.first + 1;
    const last = this.last + 1;
    const span = first === last ? `chunk ${first}` : `chunks ${first}–${last}`;
    return `       ┆ ${span} folded (${plural(this.count, 'chunk')}: ${parts.join(', ')})`;
  }
}

function chunkLine(
  i: number,
  chunk: ChunkInfo | undefined,
  state: MemoryState | undefined,
  change: WordChange | null,
  marked: boolean,
): string {
  const location = cut(locationLabel(chunk ?? {}) || '—', LOCATION_WIDTH);
  const tokens = chunk ? `${chunk.tokens.toLocaleString('en-US')} tok` : '';
  let what: string;
  if (state === undefined) what = 'not read';
  else if (state.kept) what = 'kept the previous memory (reply empty or cut)';
  else if (change === null || (change.added === 0 && change.removed === 0)) what = 'unchanged';
  else what = changeLabel(change);
  return [
    `${marked ? '*' : ' '}${String(i + 1).padStart(5)}`,
    location + ' '.repeat(Math.max(0, LOCATION_WIDTH - displayWidth(location))),
    tokens.padStart(10),
    what,
  ].join('  ');
}

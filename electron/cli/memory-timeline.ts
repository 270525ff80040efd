// The memory timeline of `memagent show`: one line a chunk (pages or section, tokens, the change
// its memory update made); long timelines fold the chunks that changed little.
import { changeLabel, changesOf, type WordChange } from '../../shared/memory-change.ts';
import { INITIAL_MEMORY, type ChunkInfo, type MemoryState } from '../../shared/model.ts';
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

/** The timeline's lines, with a title line first. */
export function timelineLines(input: TimelineInput): string[] {
  const byChunk: (MemoryState | undefined)[] = [];
  for (const m of input.memories) byChunk[m.chunk] = m;
  const total = Math.max(input.chunks.length, byChunk.length);
  const changes = changesOf(
    Array.from({ length: total }, (_, i) => byChunk[i]),
    INITIAL_MEMORY,
  );
  const kept = keptChunks(input, changes, total);
  const lines = [
    `Memory timeline (${plural(input.memories.length, 'chunk')} read of ${total}${kept.size < total ? `; ${total - kept.size} folded, --all shows every one` : ''})`,
  ];
  let folded: number[] = [];
  const flush = () => {
    if (folded.length === 0) return;
    lines.push(foldLine(folded, byChunk, changes));
    folded = [];
  };
  for (let i = 0; i < total; i += 1) {
    // Chunks not read (a run that stopped) are one line however many they are.
    let end = i;
    while (end < total && byChunk[end] === undefined) end += 1;
    if (end - i >= 2) {
      flush();
      lines.push(`       ┆ chunks ${i + 1}–${end} not read`);
      i = end - 1;
      continue;
    }
    if (!kept.has(i)) {
      folded.push(i);
      continue;
    }
    flush();
    lines.push(chunkLine(i, input.chunks[i], byChunk[i], changes[i] ?? null, input.marked.has(i)));
  }
  flush();
  return lines;
}

function keptChunks(
  input: TimelineInput,
  changes: (WordChange | null)[],
  total: number,
): Set<number> {
  const all = new Set(Array.from({ length: total }, (_, i) => i));
  if (input.all || total <= FOLD_ABOVE) return all;
  const kept = new Set<number>(input.marked);
  for (let i = 0; i < Math.min(ENDS, total); i += 1) kept.add(i);
  for (let i = Math.max(0, total - ENDS); i < total; i += 1) kept.add(i);
  const size = (c: WordChange | null | undefined) => (c ? c.added + c.removed : -1);
  [...all]
    .filter((i) => size(changes[i]) > 0)
    .sort((a, b) => size(changes[b]) - size(changes[a]) || a - b)
    .slice(0, BIGGEST)
    .forEach((i) => kept.add(i));
  return kept;
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

function foldLine(
  folded: number[],
  byChunk: (MemoryState | undefined)[],
  changes: (WordChange | null)[],
): string {
  const first = (folded[0] ?? 0) + 1;
  const last = (folded.at(-1) ?? 0) + 1;
  let added = 0;
  let removed = 0;
  let kept = 0;
  let unread = 0;
  for (const i of folded) {
    const state = byChunk[i];
    if (state === undefined) unread += 1;
    else if (state.kept) kept += 1;
    added += changes[i]?.added ?? 0;
    removed += changes[i]?.removed ?? 0;
  }
  const parts = [`+${added} −${removed} words in all`];
  if (kept > 0) parts.push(`${kept} kept`);
  if (unread > 0) parts.push(`${unread} not read`);
  const span = first === last ? `chunk ${first}` : `chunks ${first}–${last}`;
  return `       ┆ ${span} folded (${plural(folded.length, 'chunk')}: ${parts.join(', ')})`;
}

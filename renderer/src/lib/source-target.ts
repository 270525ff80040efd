// What the page shown beside a view (the Ask screen's source panel, a review cell's panel) is
// asked to show: a passage highlighted, or a chunk from its first page; and how that is said.
import type { ChunkInfo, Evidence } from '../../../shared/model.ts';
import { pageName, pagesLabel } from '../../../shared/page-label.ts';
import { visibleText } from '../../../shared/visible-text.ts';
import { evidenceWhere } from './chunk-evidence.ts';

/** A passage as the views cite it (the answer's evidence, a memory state's source sentence). */
export type TargetPassage = Pick<Evidence, 'start' | 'end' | 'page' | 'pageLabel' | 'section'> & {
  chunk?: number | undefined;
};

/** A passage to highlight, or a chunk to show from its first page (no passage in it). */
export type SourceTarget =
  | {
      kind: 'passage';
      start: number;
      end: number;
      /** "p. 149 (PDF page 177) · §2 · chunk 12": where it is, for people. */
      where: string;
      /** Its page ("p. 149 (PDF page 177)"), or for a document without pages its section's last part. */
      place: string;
      /** Its marker among the answer's passages, when it is one of them. */
      n?: number;
      /** The chunk row it was chosen from, if any (that row shows as chosen). */
      chunk?: number;
    }
  | { kind: 'chunk'; chunk: number; where: string; place: string };

/** A target as asked for: `nonce` changes when the same one is asked for again. */
export type ShownSource = SourceTarget & { nonce: number };

/** A passage as a target: its marker, and where it is (its chunk when the passage has one). */
export function passageTarget(p: TargetPassage, n?: number): SourceTarget {
  return {
    kind: 'passage',
    start: p.start,
    end: p.end,
    where: evidenceWhere(p),
    place:
      p.page !== null
        ? pageName(p.page, p.pageLabel)
        : visibleText(p.section?.split(' > ').at(-1) ?? ''),
    ...(n === undefined ? {} : { n }),
  };
}

/**
 * A chunk row as a target: the best of the answer's passages inside it, highlighted, when it has
 * one; else the chunk itself, from its first page.
 */
export function chunkTarget(
  chunks: readonly ChunkInfo[],
  evidence: readonly Evidence[],
  chunk: number,
): SourceTarget {
  const i = evidence.findIndex((e) => e.chunk === chunk);
  const e = evidence[i];
  if (e) return { ...passageTarget(e, i + 1), chunk };
  const pages = pagesLabel(chunks[chunk]?.pages);
  return {
    kind: 'chunk',
    chunk,
    where: [pages, `chunk ${chunk + 1}`].filter(Boolean).join(' · '),
    place: pages,
  };
}

/** "Showing passage 2, p. 149 (PDF page 177)": what the panel says when it follows a choice. */
export function shownLine(t: SourceTarget): string {
  const what =
    t.kind === 'chunk'
      ? `chunk ${t.chunk + 1}`
      : t.n === undefined
        ? 'the passage'
        : `passage ${t.n}`;
  return `Showing ${what}${t.place ? `, ${t.place}` : ''}`;
}

export function sameTarget(a: SourceTarget | null, b: SourceTarget): boolean {
  if (!a || a.kind !== b.kind) return false;
  if (a.kind === 'chunk' || b.kind === 'chunk')
    return a.kind === 'chunk' && a.chunk === (b as { chunk: number }).chunk;
  return a.start === b.start && a.end === b.end;
}

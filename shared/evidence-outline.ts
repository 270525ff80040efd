// Table-of-contents lines ("2.1 What is the latest version of Debian? . . . 5"): an outline
// names each section in the words of its heading, so its line matches a question (and often the
// answer) as well as the body sentence that answers it, and a highlight on it points the reader
// at a list of headings. Evidence ranks such lines below body text (shared/evidence.ts).
import type { Span } from './evidence-sentences.ts';

/** A page number at the end of an outline line: arabic or roman ("iv"). */
const PAGE = String.raw`(?:\d{1,4}|[ivxlcdm]{1,7})`;
/** Dot leaders (". . . .", "....", "···", "…", "____") and then a page number. */
const LEADER_LINE = new RegExp(String.raw`(?:(?:[.·]\s?){3,}|…+\s?|_{3,})\s*${PAGE}$`, 'iu');
/**
 * No leaders, yet a page number at the end: after a wide gap ("Introduction      3"), or ending
 * a numbered heading ("2.1 Sources 5", "Chapter 4 Pointers 112"). Such a line alone is common
 * in body text (a list, a table), so it counts only among other outline lines.
 */
const GAP_LINE = new RegExp(String.raw`\S(?: {2,}|\t)\s*${PAGE}$`, 'iu');
const NUMBERED_LINE = new RegExp(
  String.raw`^(?:\d+(?:\.\d+)*\.?|[A-Z]\.|(?:chapter|part|appendix|section)\s+\w+)\s+\S.*\s${PAGE}$`,
  'iu',
);
/** Lines longer than this are prose, whatever they end with. */
const MAX_LINE = 200;
/** How many outline-like lines in a row make an outline region (blank lines do not count). */
const REGION = 3;

type Kind = 'leader' | 'weak' | 'blank' | 'other';

function kindOf(line: string): Kind {
  const trimmed = line.trim();
  if (trimmed === '') return 'blank';
  if (trimmed.length > MAX_LINE) return 'other';
  if (LEADER_LINE.test(trimmed)) return 'leader';
  if (GAP_LINE.test(line.trimStart()) || NUMBERED_LINE.test(trimmed)) return 'weak';
  return 'other';
}

/**
 * The outline lines of `text` around `[start, end)` (whole lines, offsets into `text`): a line
 * with dot leaders and a page number at its end, or a line ending in a page number inside a
 * region of at least three such lines in a row (blank lines between them allowed). A heading
 * too long for one line, its first part between two outline lines, belongs to the outline too.
 */
export function outlineSpans(text: string, start: number, end: number): Span[] {
  // Whole lines, so a region cut by the chunk's edge is still judged by its neighbours.
  const from = text.lastIndexOf('\n', Math.max(0, start - 1)) + 1;
  const lineEnd = text.indexOf('\n', end);
  const to = lineEnd < 0 ? text.length : lineEnd;
  const lines: { start: number; end: number; kind: Kind }[] = [];
  let at = from;
  for (const line of text.slice(from, to).split('\n')) {
    lines.push({ start: at, end: at + line.length, kind: kindOf(line) });
    at += line.length + 1;
  }
  const outline = lines.map((l) => l.kind === 'leader');
  // Runs of leader and weak lines (blank lines inside a run do not end it).
  let run: number[] = [];
  const close = (): void => {
    if (run.length >= REGION) for (const i of run) outline[i] = true;
    run = [];
  };
  lines.forEach((l, i) => {
    if (l.kind === 'leader' || l.kind === 'weak') run.push(i);
    else if (l.kind !== 'blank') close();
  });
  close();
  // A wrapped heading: a short line between two outline lines.
  lines.forEach((l, i) => {
    if (l.kind === 'other' && l.end - l.start <= MAX_LINE && outline[i - 1] && outline[i + 1])
      outline[i] = true;
  });
  return lines.filter((_, i) => outline[i]);
}

/** Non-space characters of `text[from, to)`. */
function solid(text: string, from: number, to: number): number {
  let n = 0;
  for (let i = from; i < to; i += 1) if (!/\s/u.test(text[i] ?? ' ')) n += 1;
  return n;
}

/**
 * Whether most of `span` (its non-space characters) lies on `outline` (outlineSpans' lines, in
 * order): a sentence of a table of contents rather than of the body.
 */
export function inOutline(text: string, span: Span, outline: readonly Span[]): boolean {
  // The first outline line ending after the span starts (lines are in order).
  let lo = 0;
  let hi = outline.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((outline[mid] as Span).end <= span.start) lo = mid + 1;
    else hi = mid;
  }
  let inside = 0;
  for (let i = lo; i < outline.length; i += 1) {
    const o = outline[i] as Span;
    if (o.start >= span.end) break;
    inside += solid(text, Math.max(o.start, span.start), Math.min(o.end, span.end));
  }
  if (inside === 0) return false;
  return inside * 2 >= solid(text, span.start, span.end);
}

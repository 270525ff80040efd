// Sentences of a span of document text, as character offsets into the whole text. PDF text is
// hard-wrapped (a line break every 80 characters or so) and Intl.Segmenter ends a sentence at any
// line break, so single breaks are read as spaces; a blank line still ends a paragraph unless
// the sentence plainly goes on (lower case on both sides).

import { tokens } from './evidence-terms.ts';

export interface Span {
  start: number;
  end: number;
}

/** Longer "sentences" (code, tables, lists without full stops) are cut at their line breaks. */
const LONGEST = 600;
/** Quotes longer than this end with an ellipsis; the span still covers the whole sentence. */
export const QUOTE_CHARS = 300;

let segmenter: Intl.Segmenter | undefined;

/** The sentences of `text[start, end)`, trimmed, in order; empty ones left out. */
export function sentenceSpans(text: string, start: number, end: number): Span[] {
  segmenter ??= new Intl.Segmenter('en', { granularity: 'sentence' });
  const raw = text.slice(start, end);
  // Same length, so offsets carry over: a lone line break (\n or \r\n) becomes spaces, and so
  // does a blank line inside a sentence (DOCX with a paragraph per printed line: "is\n\nreinstated").
  const flowing = raw
    .replace(/(?<=[\p{Ll},;])[^\S\n]*(?:\r?\n[^\S\n]*){2,}(?=\p{Ll})/gu, (m) =>
      ' '.repeat(m.length),
    )
    .replace(/(?<![\n\r])(\r?\n)(?![\r\n])/g, (m) => ' '.repeat(m.length));
  const spans: Span[] = [];
  for (const { segment, index } of segmenter.segment(flowing)) {
    if (segment.length > LONGEST) {
      let at = index;
      for (const line of raw.slice(index, index + segment.length).split('\n')) {
        pushTrimmed(raw, at, at + line.length, start, spans);
        at += line.length + 1;
      }
    } else {
      pushTrimmed(raw, index, index + segment.length, start, spans);
    }
  }
  return spans;
}

function pushTrimmed(raw: string, from: number, to: number, base: number, out: Span[]): void {
  let a = from;
  let b = to;
  while (a < b && /\s/u.test(raw[a] ?? '')) a += 1;
  while (b > a && /\s/u.test(raw[b - 1] ?? '')) b -= 1;
  if (b > a) out.push({ start: base + a, end: base + b });
}

/**
 * The sentence as a quote: whitespace runs collapsed, capped at `max` characters (QUOTE_CHARS
 * for evidence; a caption passes less). A longer sentence keeps the window that holds the most
 * of `matters` (the answer's terms, by `tokens`), so the quote shows what the answer rests on
 * ("…within 30 days after…"), with an ellipsis at each cut; with no terms, its start.
 */
export function quoteOf(
  text: string,
  span: Span,
  matters: (term: string) => boolean = () => false,
  max = QUOTE_CHARS,
): string {
  const flat = text.slice(span.start, span.end).replace(/\s+/gu, ' ').trim();
  if (flat.length <= max) return flat;
  const width = max - 2; // room for an ellipsis at each end
  // Word starts are the candidate window starts; a window's worth is the number of distinct
  // answer terms inside it (a repeated word does not outweigh the rest of the answer).
  const words = [...flat.matchAll(/\S+/gu)].map((m) => ({
    at: m.index,
    end: m.index + m[0].length,
    terms: tokens(m[0]).filter(matters),
  }));
  const inside = new Map<string, number>();
  const count = (terms: readonly string[], by: number): void => {
    for (const t of terms) {
      const n = (inside.get(t) ?? 0) + by;
      if (n === 0) inside.delete(t);
      else inside.set(t, n);
    }
  };
  let best = 0;
  let bestHits = -1;
  let last = 0;
  for (let first = 0; first < words.length; first += 1) {
    const from = words[first]?.at ?? 0;
    while (last < words.length && (words[last]?.end ?? 0) - from <= width) {
      count(words[last]?.terms ?? [], 1);
      last += 1;
    }
    if (inside.size > bestHits) {
      bestHits = inside.size;
      best = first;
    }
    count(words[first]?.terms ?? [], -1);
    if (last === words.length) break;
  }
  // Centre the window on the answer's words it holds: context on both sides of them.
  const inWindow = words.filter(
    (w) =>
      w.terms.length > 0 &&
      w.at >= (words[best]?.at ?? 0) &&
      w.end - (words[best]?.at ?? 0) <= width,
  );
  let from = words[best]?.at ?? 0;
  if (inWindow.length > 0) {
    const first = inWindow[0]?.at ?? 0;
    const last = inWindow.at(-1)?.end ?? 0;
    const ideal = first - (width - (last - first)) / 2;
    from = words.find((w) => w.at >= ideal && w.at <= first)?.at ?? first;
  }
  let to = from;
  for (const w of words) if (w.at >= from && w.end - from <= width) to = w.end;
  const head = from > 0 ? '…' : '';
  const tail = to < flat.length ? '…' : '';
  return `${head}${flat.slice(from, to)}${tail}`;
}

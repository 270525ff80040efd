// Sentences of a span of document text, as character offsets into the whole text. PDF text is
// hard-wrapped (a line break every 80 characters or so) and Intl.Segmenter ends a sentence at any
// line break, so single breaks are read as spaces; a blank line still ends a paragraph unless
// the sentence plainly goes on (lower case on both sides).

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

/** The sentence as a quote: whitespace runs collapsed, capped at QUOTE_CHARS with an ellipsis. */
export function quoteOf(text: string, span: Span): string {
  const flat = text.slice(span.start, span.end).replace(/\s+/gu, ' ').trim();
  if (flat.length <= QUOTE_CHARS) return flat;
  const cut = flat.slice(0, QUOTE_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > QUOTE_CHARS * 0.7 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

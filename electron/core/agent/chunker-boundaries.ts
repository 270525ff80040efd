/**
 * Where the chunker may cut, by preference: after a paragraph (a blank line), after a sentence,
 * between words, and only then between characters. Cuts are placed where tokenizers split
 * anyway (after the last line break of a whitespace run; before the space that precedes a
 * word), so the token counts of the pieces add up to the count of the whole, or nearly.
 */

/** Boundary strength at a segment's end: 3 paragraph, 2 sentence, 1 word, 0 character. */
export type Level = 0 | 1 | 2 | 3;

// Line breaks as tokenizers see them; U+2028, U+2029 and U+0085 are mere spaces to them.
const LINE_BREAK = /[\n\r]/;
const SPACE = /[\s\u0085]/;

/** End of the whitespace run starting at `i`. */
function runEnd(text: string, i: number, limit: number): number {
  while (i < limit && SPACE.test(text[i]!)) i++;
  return i;
}

/** Index just after the last line break in text[from, to), or -1. */
function afterLastBreak(text: string, from: number, to: number): number {
  for (let i = to - 1; i >= from; i--) if (LINE_BREAK.test(text[i]!)) return i + 1;
  return -1;
}

/**
 * Paragraph cut positions for blank lines that start in text[from, to): each just after the
 * last line break of the whitespace run (LF, CRLF or CR line ends).
 */
export function paragraphCuts(text: string, from: number, to: number): number[] {
  const cuts: number[] = [];
  // "\r\n\r\n" contains "\n\r\n", so one pattern covers LF and CRLF; the second, old CR-only files.
  const blank = /\n[^\S\n]*\n|\r[^\S\n\r]*\r/g;
  blank.lastIndex = from;
  for (let m = blank.exec(text); m !== null && m.index < to; m = blank.exec(text)) {
    const end = runEnd(text, m.index, text.length);
    const cut = afterLastBreak(text, m.index, end);
    if (cut > 0 && cut < text.length && cut !== cuts[cuts.length - 1]) cuts.push(cut);
    blank.lastIndex = Math.max(end, m.index + 1);
  }
  return cuts;
}

// A sentence ends with . ! ? … (then closing quotes or brackets) before whitespace, or with
// a CJK full stop, exclamation or question mark, which need no space after them.
const SENTENCE_END = /[.!?…]+["'”’)\]»]*(?=\s)|[。！？｡．]+[」』）〕】〉》”’"')\]]*/gu;

/** Sentence cut positions strictly inside text[start, end), then `end`. */
export function sentenceCuts(text: string, start: number, end: number): number[] {
  const cuts: number[] = [];
  const push = (c: number): void => {
    if (c > start && c < end && (cuts.length === 0 || c > cuts[cuts.length - 1]!)) cuts.push(c);
  };
  SENTENCE_END.lastIndex = start;
  for (let m = SENTENCE_END.exec(text); m !== null && m.index < end; m = SENTENCE_END.exec(text)) {
    const after = m.index + m[0].length;
    const wsEnd = runEnd(text, after, end);
    const brk = afterLastBreak(text, after, wsEnd);
    push(brk !== -1 ? brk : after);
  }
  // A line break after sentence-ending punctuation was handled above; others are word cuts.
  cuts.push(end);
  return cuts;
}

/** Word cut positions strictly inside text[start, end), then `end`. */
export function wordCuts(text: string, start: number, end: number): number[] {
  const cuts: number[] = [];
  const ws = /[\s\u0085]+/g;
  ws.lastIndex = start;
  for (let m = ws.exec(text); m !== null && m.index < end; m = ws.exec(text)) {
    const runStop = Math.min(m.index + m[0].length, end);
    const brk = afterLastBreak(text, m.index, runStop);
    const c = brk !== -1 ? brk : m.index;
    if (c > start && c < end && (cuts.length === 0 || c > cuts[cuts.length - 1]!)) cuts.push(c);
  }
  cuts.push(end);
  return cuts;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** Grapheme cluster boundaries strictly inside text[start, min(end, start + maxChars)). */
export function graphemeCuts(text: string, start: number, end: number, maxChars: number): number[] {
  const stop = Math.min(end, start + maxChars);
  // Segment a little past `stop` so the last cluster before it is complete.
  const window = text.slice(start, Math.min(end, stop + 64));
  const cuts: number[] = [];
  for (const { index } of graphemes.segment(window)) {
    const c = start + index;
    if (c > start && c < stop) cuts.push(c);
  }
  if (stop === end) cuts.push(end);
  return cuts;
}

/** Code point boundaries strictly inside text[start, end) (never inside a surrogate pair). */
export function codePointCuts(
  text: string,
  start: number,
  end: number,
  maxChars: number,
): number[] {
  const cuts: number[] = [];
  const stop = Math.min(end, start + maxChars);
  for (let i = start + 1; i < stop; i++) {
    const code = text.charCodeAt(i);
    if (code < 0xdc00 || code > 0xdfff) cuts.push(i);
  }
  if (stop === end) cuts.push(end);
  return cuts;
}

/** Horizontal whitespace at text[i...] that is followed by more text (not a line break). */
export function leadingSpaceEnd(text: string, i: number, limit: number): number {
  let j = i;
  while (j < limit && /[^\S\n\r\u2028\u2029\u0085]/.test(text[j]!)) j++;
  return j < limit && !SPACE.test(text[j]!) ? j : i;
}

/**
 * Whether token counts add up across a paragraph cut at `at` for the local tokenizers: just
 * after a line break, and not before "/" (o200k lets punctuation swallow line breaks and
 * slashes) or U+FEFF (a space to JavaScript, not to Qwen's pattern).
 */
export function additiveCut(text: string, at: number): boolean {
  const before = text[at - 1];
  const after = text[at];
  return (before === '\n' || before === '\r') && after !== '/' && after !== '\uFEFF';
}

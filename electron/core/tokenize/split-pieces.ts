/**
 * Cuts text into pieces of about `targetChars` that tokenize independently: every cut is just
 * after the last line break of a whitespace run, which is always a pre-token boundary of the
 * Qwen and o200k split patterns (no pre-token extends past it, and none starts before it and
 * ends after it), so encode(text) equals the concatenated encodings of the pieces and NFC
 * cannot compose across it. Paragraph breaks (a blank line) are preferred; a line break is
 * used when a paragraph is very long; a text with no line break at all stays one piece.
 */
export function splitAtLineBreaks(text: string, targetChars: number): string[] {
  if (text.length <= targetChars) return text.length > 0 ? [text] : [];
  const pieces: string[] = [];
  let start = 0;
  while (text.length - start > targetChars) {
    const cut = findCut(
      text,
      start + targetChars,
      start + Math.floor(targetChars / 2),
      start + targetChars * 4,
    );
    if (cut === -1) break;
    pieces.push(text.slice(start, cut));
    start = cut;
  }
  if (start < text.length) pieces.push(text.slice(start));
  return pieces;
}

/** Index just after a line break at or after `from` (bounded by `limit`), or -1. */
function findCut(text: string, from: number, min: number, limit: number): number {
  // A blank line near the target first, then any line break, searching forward then back.
  const blank = /\n[^\S\n]*\n/g;
  blank.lastIndex = from;
  const b = blank.exec(text);
  if (b && b.index < limit) {
    const cut = safeCut(text, b.index);
    if (cut !== -1) return cut;
  }
  for (let i = from; i < Math.min(limit, text.length); i++) {
    if (text[i] === '\n' || text[i] === '\r') {
      const cut = safeCut(text, i);
      if (cut !== -1) return cut;
    }
  }
  for (let i = from - 1; i >= min; i--) {
    if (text[i] === '\n' || text[i] === '\r') {
      const cut = safeCut(text, i);
      if (cut !== -1) return cut;
    }
  }
  return -1;
}

// Both JavaScript's \s (o200k's pattern) and Unicode White_Space (Qwen's).
const SPACE = /\s|\p{White_Space}/u;

/** After the last line break of the whitespace run that contains index `at`, if safe. */
function safeCut(text: string, at: number): number {
  let end = at;
  while (end < text.length && SPACE.test(text[end]!)) end++;
  let lastBreak = end - 1;
  while (lastBreak >= at && text[lastBreak] !== '\n' && text[lastBreak] !== '\r') lastBreak--;
  const cut = lastBreak + 1;
  if (cut <= 0 || cut >= text.length) return -1;
  // o200k lets a punctuation run swallow following line breaks and slashes ("./\n/"): keep a
  // leading "/" with the text before it. U+FEFF counts as space in JS but not in the patterns.
  if (text[cut] === '/' || text[cut] === '\uFEFF' || text[cut - 1] === '\uFEFF') return -1;
  return cut;
}

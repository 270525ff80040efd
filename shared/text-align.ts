// Finds a piece of rendered text (a DOM text node's data) in the extracted text, ignoring
// whitespace: the extractor adds list prefixes, " | " between table cells and line breaks that
// the rendering does not have, and collapses spaces the rendering keeps. Used by main to give
// the blocks of a rendered document their offsets, and by the renderer to place a highlight
// inside a block. Pure.

/** Whitespace as both sides treat it (html-to-text drops zero-width spaces too). */
export function isSpace(code: number): boolean {
  return (
    code <= 32 ||
    code === 0xa0 ||
    code === 0x200b ||
    code === 0xfeff ||
    code === 0x3000 ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x2000 && code <= 0x200a)
  );
}

/**
 * Where `piece` is in `text` at or after `from` (its first non-space character no further than
 * `from + window`): the offsets of its first and just after its last non-space character.
 * Null for a piece of whitespace only, or one not found.
 */
export function matchPiece(
  text: string,
  from: number,
  piece: string,
  window = 4000,
): { start: number; end: number } | null {
  let first = 0;
  while (first < piece.length && isSpace(piece.charCodeAt(first))) first += 1;
  if (first === piece.length) return null;
  const lead = piece.charAt(first);
  const limit = from + window;
  for (let at = text.indexOf(lead, from); at >= 0 && at <= limit; at = text.indexOf(lead, at + 1)) {
    const end = verify(text, at, piece, first);
    if (end >= 0) return { start: at, end };
  }
  return null;
}

/** The end of `piece` matched at `at` (whitespace skipped on both sides), or -1. */
function verify(text: string, at: number, piece: string, first: number): number {
  let j = at;
  let end = at;
  for (let i = first; i < piece.length; i += 1) {
    const code = piece.charCodeAt(i);
    if (isSpace(code)) continue;
    while (j < text.length && isSpace(text.charCodeAt(j))) j += 1;
    if (text.charCodeAt(j) !== code) return -1;
    j += 1;
    end = j;
  }
  return end;
}

/**
 * The text offset of each character of `piece` matched at `start` (as `matchPiece` found it);
 * whitespace characters get -1.
 */
export function pieceOffsets(text: string, start: number, piece: string): Int32Array {
  const offsets = new Int32Array(piece.length).fill(-1);
  let j = start;
  for (let i = 0; i < piece.length; i += 1) {
    if (isSpace(piece.charCodeAt(i))) continue;
    while (j < text.length && isSpace(text.charCodeAt(j))) j += 1;
    offsets[i] = j;
    j += 1;
  }
  return offsets;
}

/**
 * `matchPiece`, and failing that its words one by one (each near the last): a piece with text
 * the extractor left out (a footnote mark, alt text) still finds the span of what it has.
 * Null when fewer than half of its words are found.
 */
export function matchLoosely(
  text: string,
  from: number,
  piece: string,
  window = 4000,
): { start: number; end: number } | null {
  const whole = matchPiece(text, from, piece, window);
  if (whole) return whole;
  const words = piece.split(/\s+/).filter((w) => w !== '');
  if (words.length < 2) return null;
  let found = 0;
  let start = -1;
  let cursor = from;
  for (const word of words) {
    const at = matchPiece(text, cursor, word, start < 0 ? window : 200);
    if (!at) continue;
    found += 1;
    if (start < 0) start = at.start;
    cursor = at.end;
  }
  return found * 2 >= words.length && start >= 0 ? { start, end: cursor } : null;
}

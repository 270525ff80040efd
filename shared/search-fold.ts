// How the history search compares text: case, accents and the form of a character folded away,
// so "Resume", "résumé" and "RÉSUMÉ" are one word. One fold for the store (its checks of the
// trigram index's rows, the short-word scan) and for any view that marks the words it found.

/** Letters that decompose or change with a fold beyond lower case, and combining marks. */
const FOLDABLE = /[\u00c0-\u1fff]/;

/**
 * `text` lower-cased with its accents removed: decomposed, the combining diacritical marks
 * (U+0300–U+036F: acute, grave, diaeresis, cedilla …) dropped, composed again; final sigma as
 * sigma. Marks that make another letter elsewhere (the Japanese dakuten of で) are kept.
 */
export function foldText(text: string): string {
  // Most texts hold no accented, Greek or Cyrillic letter (English, CJK): lower case is the whole
  // fold there, at a fraction of the cost (NFD and NFC leave such text as it is).
  if (!FOLDABLE.test(text)) return text.toLowerCase();
  return text
    .normalize('NFD')
    .toLowerCase()
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .replace(/ς/g, 'σ');
}

/** One word of a search: as typed (lower case, composed) and folded. */
export interface SearchWord {
  /** For an index that folds by its own rules (the trigram index): it gets the word as typed. */
  typed: string;
  folded: string;
}

/** The words of a search, each once, longest first (the most selective is looked up first). */
export function searchWords(text: string): SearchWord[] {
  const words = new Map<string, SearchWord>();
  for (const word of text.normalize('NFC').toLowerCase().split(/\s+/u)) {
    const folded = foldText(word);
    if (folded !== '' && !words.has(folded)) words.set(folded, { typed: word, folded });
  }
  return [...words.values()].sort((a, b) => [...b.folded].length - [...a.folded].length);
}

/**
 * Where the first of `words` (folded) stands in `text` (not folded): its start and end in
 * `text`'s own UTF-16 offsets, or null. Folds one character at a time to map positions back.
 */
export function findFolded(text: string, words: readonly string[]): [number, number] | null {
  const { folded, start, end } = foldedWithOffsets(text);
  return firstOf(folded, words, start, end);
}

/**
 * Every place any of `words` (folded) stands in `text`, as [start, end) offsets of `text`, in
 * order and without overlaps: for a view that marks each word of a search where it is.
 */
export function findAllFolded(text: string, words: readonly string[]): [number, number][] {
  const { folded, start, end } = foldedWithOffsets(text);
  const found: [number, number][] = [];
  let at = 0;
  while (at < folded.length) {
    let best = -1;
    let length = 0;
    for (const word of words) {
      const i = word === '' ? -1 : folded.indexOf(word, at);
      if (i >= 0 && (best < 0 || i < best || (i === best && word.length > length)))
        [best, length] = [i, word.length];
    }
    if (best < 0) break;
    found.push([start(best), end(best + length - 1)]);
    at = best + length;
  }
  return found;
}

/** `text` folded, with the offset in `text` each folded unit starts and ends at. */
function foldedWithOffsets(text: string): {
  folded: string;
  start: (unit: number) => number;
  end: (unit: number) => number;
} {
  // A fold that kept every character in place: its offsets are the text's.
  if (!FOLDABLE.test(text)) {
    const lower = text.toLowerCase();
    if (lower.length === text.length) return { folded: lower, start: (i) => i, end: (i) => i + 1 };
  }
  let folded = '';
  // starts[i]: the offset in `text` of the character that folded unit i came from.
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  const pieces = new Map<string, string>();
  for (const ch of text) {
    let piece = pieces.get(ch);
    if (piece === undefined) {
      piece = foldText(ch);
      pieces.set(ch, piece);
    }
    for (let u = 0; u < piece.length; u += 1) {
      starts.push(at);
      ends.push(at + ch.length);
    }
    folded += piece;
    at += ch.length;
  }
  return { folded, start: (i) => starts[i] ?? 0, end: (i) => ends[i] ?? 0 };
}

/**
 * The earliest of `words` in `folded`, as offsets of the text it was folded from; words that
 * follow it at once (white space between) are taken in, so a phrase typed is marked whole.
 */
function firstOf(
  folded: string,
  words: readonly string[],
  start: (unit: number) => number,
  end: (unit: number) => number,
): [number, number] | null {
  let first = -1;
  let last = -1;
  for (const word of words) {
    const i = word === '' ? -1 : folded.indexOf(word);
    if (i >= 0 && (first < 0 || i < first)) [first, last] = [i, i + word.length];
  }
  if (first < 0) return null;
  for (;;) {
    let next = last;
    while (next < folded.length && /\s/.test(folded[next] ?? '')) next += 1;
    const more =
      next > last ? words.find((w) => w !== '' && folded.startsWith(w, next)) : undefined;
    if (more === undefined) break;
    last = next + more.length;
  }
  return [start(first), end(last - 1)];
}

// Where needles go: at the start of a sentence of the haystack nearest the depth asked for,
// never inside a word, with their offsets recorded in the finished context.

/**
 * How far (characters) a sentence start may be from the depth asked for: 2% of the text, at
 * least 200 and at most 20,000 characters; past that the nearest word start keeps the depth.
 */
const sentenceWindow = (length: number) =>
  Math.min(20_000, Math.max(200, Math.round(length * 0.02)));
/** How far to look for a word start before giving up (a haystack that is one long "word"). */
const SEARCH_CHARS = 20_000;

const SPACE = /\s/;
// A sentence ends with . ! ? or … and any closing quotes or brackets, then whitespace.
const LATIN_END = /[.!?…]["'”’»)\]]*$/;
// "Mr. Smith", "J. R. R. Tolkien", "No. 7": a full stop that does not end a sentence.
const ABBREVIATION = /(^|[\s("'“‘])([A-Z]|Mr|Mrs|Ms|Dr|St|Jr|Sr|No|vs|cf|e\.g|i\.e)\.$/;
// CJK full stops end a sentence with no space after them.
const CJK_END = /[。！？]$/;

/** True when a needle may start at `p`: the text's start, or a sentence's first character. */
export function isSentenceStart(text: string, p: number): boolean {
  if (p === 0) return true;
  if (p >= text.length || SPACE.test(text[p] as string)) return false;
  const before = text[p - 1] as string;
  if (CJK_END.test(before)) return true;
  if (!SPACE.test(before)) return false;
  if (before === '\n') return true;
  let q = p - 1;
  while (q > 0 && SPACE.test(text[q - 1] as string)) q--;
  const end = text.slice(Math.max(0, q - 6), q);
  return LATIN_END.test(end) && !ABBREVIATION.test(end);
}

/** True when `p` is the first character of a word (after whitespace), or the text's start. */
function isWordStart(text: string, p: number): boolean {
  if (p === 0) return true;
  if (p >= text.length) return false;
  return !SPACE.test(text[p] as string) && SPACE.test(text[p - 1] as string);
}

/**
 * The position nearest `target` where a needle can go: a sentence start within the sentence
 * window, else a word start within SEARCH_CHARS, else the end of the text.
 */
export function nearestBoundary(text: string, target: number): number {
  const t = Math.min(Math.max(0, Math.round(target)), text.length);
  const search = (test: (text: string, p: number) => boolean, within: number) => {
    for (let d = 0; d <= within; d++) {
      if (t - d >= 0 && test(text, t - d)) return t - d;
      if (t + d <= text.length && test(text, t + d)) return t + d;
    }
    return undefined;
  };
  return (
    search(isSentenceStart, sentenceWindow(text.length)) ??
    search(isWordStart, SEARCH_CHARS) ??
    text.length
  );
}

/** A needle in a finished context: its text and where it is. */
export interface PlacedNeedle {
  text: string;
  /** UTF-16 offsets of the needle's text in `context` (JavaScript string indices). */
  start: number;
  end: number;
  /** `start / context.length`: 0 at the start, 1 at the end. */
  depth: number;
}

/**
 * Inserts each needle at the boundary nearest its depth in `haystack`, followed by a space (or
 * preceded by one at the very end), and says where each one ended up, in the needles' order.
 */
export function placeNeedles(
  haystack: string,
  needles: readonly { text: string; depth: number }[],
): { context: string; placed: PlacedNeedle[] } {
  const spots = needles
    .map((n, i) => ({ i, text: n.text, at: nearestBoundary(haystack, n.depth * haystack.length) }))
    .sort((a, b) => a.at - b.at || a.i - b.i);
  const parts: string[] = [];
  const starts = new Array<number>(needles.length);
  let from = 0;
  let length = 0;
  const push = (s: string) => {
    parts.push(s);
    length += s.length;
  };
  for (const spot of spots) {
    push(haystack.slice(from, spot.at));
    from = spot.at;
    const atEnd = spot.at === haystack.length;
    // A space keeps the needle a sentence of its own; CJK text has none between sentences.
    const before = atEnd && spot.at > 0 && !SPACE.test(haystack[spot.at - 1] as string) ? ' ' : '';
    const after = atEnd || CJK_END.test(haystack[spot.at - 1] ?? '') ? '' : ' ';
    push(before);
    starts[spot.i] = length;
    push(spot.text);
    push(after);
  }
  push(haystack.slice(from));
  const context = parts.join('');
  const placed = needles.map((n, i) => {
    const start = starts[i] as number;
    return { text: n.text, start, end: start + n.text.length, depth: start / context.length };
  });
  return { context, placed };
}

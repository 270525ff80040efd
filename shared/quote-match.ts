// Verifying a quote the model says it copied from a chunk: a reply counts only where it is found
// in the chunk's own text, so a paraphrase, a sentence from elsewhere or an invented one can never
// become a highlight. Matching forgives what copying changes (line breaks of PDF text, hyphens at
// line ends, curly against straight quotes, ligatures) and nothing else: it is case-sensitive
// and word-for-word. Pure: shared by the run's quote step and its tests.
import type { Span } from './evidence-sentences.ts';

/** A piece shorter than this (in non-space characters) proves nothing: "Yes", "30 days". */
const MIN_CHARS = 12;
/** Text without spaces (Japanese, Chinese) packs more in fewer characters. */
const MIN_CHARS_CJK = 6;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const SPACE = /\s/u;

/** Typographic marks a model (or a PDF) writes either way, folded to one form. */
const FOLD: Readonly<Record<string, string>> = {
  '“': '"',
  '”': '"',
  '„': '"',
  '‟': '"',
  '«': '"',
  '»': '"',
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '\u00ad': '', // soft hyphen
};

interface Normalised {
  text: string;
  /** For each character of `text`, its offset in the source. */
  at: number[];
}

/**
 * `source[from, to)` folded for matching, with the map back to source offsets: NFKC per
 * character (ligatures, full-width forms), typographic quotes folded, a hyphen that ends a line
 * between letters dropped with the break ("termi-\nnation"), whitespace runs one space, and no
 * space at all beside CJK characters (wrapped Japanese lines).
 */
function normalise(source: string, from = 0, to = source.length): Normalised {
  const chars: string[] = [];
  const at: number[] = [];
  let i = from;
  while (i < to) {
    const cp = source.codePointAt(i) ?? 0;
    const ch = String.fromCodePoint(cp);
    const width = ch.length;
    if (SPACE.test(ch)) {
      let j = i;
      while (j < to && SPACE.test(source[j] ?? '')) j += 1;
      chars.push(' ');
      at.push(i);
      i = j;
      continue;
    }
    if (ch === '-' && /\p{L}/u.test(chars.at(-1) ?? '')) {
      const rest = /^[^\S\n]*\r?\n\s*(?=\p{Ll})/u.exec(source.slice(i + 1, Math.min(to, i + 12)));
      if (rest) {
        i += 1 + rest[0].length;
        continue;
      }
    }
    const folded = FOLD[ch] ?? ch.normalize('NFKC');
    for (const c of folded) {
      chars.push(c);
      at.push(i);
    }
    i += width;
  }
  // Spaces beside CJK characters are line wraps, not word breaks; leading/trailing ones go too.
  const text: string[] = [];
  const map: number[] = [];
  for (let k = 0; k < chars.length; k += 1) {
    const c = chars[k] as string;
    if (c === ' ') {
      const before = text.at(-1);
      const after = chars[k + 1];
      if (before === undefined || after === undefined) continue;
      if (CJK.test(before) || CJK.test(after)) continue;
    }
    text.push(c);
    map.push(at[k] as number);
  }
  return { text: text.join(''), at: map };
}

/**
 * The quoted pieces of a reply: markdown, list markers and wrapping quotes removed, cut into
 * sentences (and at ellipses, which mark an omission). Empty for NONE or an empty reply.
 */
export function quotePieces(reply: string): string[] {
  const body = reply.trim();
  if (body === '' || /^\W*none\W*$/iu.test(body)) return [];
  const pieces: string[] = [];
  for (const rawLine of body.split(/\r?\n/u)) {
    const line = rawLine
      .replace(/^\s*(?:>\s*)+/u, '')
      .replace(/^\s*(?:[-*•]|\d+[.)])\s+/u, '')
      .replace(/\*\*|__|`/gu, '')
      .trim();
    if (/^\W*none\W*$/iu.test(line)) continue;
    for (const part of line.split(/\s*(?:…|\.\.\.)\s*|(?<=[.!?。！？]["'”’»)]?)\s+/u)) {
      const piece = unwrap(part);
      if (long(piece)) pieces.push(piece);
    }
  }
  return pieces;
}

/** Strips quotes and brackets that wrap a piece as a whole, and a lone closing one. */
function unwrap(part: string): string {
  let out = part.trim();
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(/^["'“”‘’«»「『(]+/u, '').trim();
    // A closing mark goes only when it closes nothing inside ("said 'no'" keeps its quote).
    const last = out.at(-1) ?? '';
    const open = PARTNER[last];
    const unpaired =
      open === last ? count(out, last) % 2 === 1 : count(out, open ?? '') < count(out, last);
    if (open !== undefined && unpaired) out = out.slice(0, -1).trim();
  }
  return out;
}

const PARTNER: Readonly<Record<string, string>> = {
  '"': '"',
  '”': '“',
  '’': '‘',
  '»': '«',
  '」': '「',
  '』': '『',
  ')': '(',
};

const count = (text: string, mark: string) => text.split(mark).length - 1;

function long(piece: string): boolean {
  const chars = piece.replace(/\s+/gu, '').length;
  return chars >= (CJK.test(piece) ? MIN_CHARS_CJK : MIN_CHARS);
}

/**
 * The spans of `text[chunk.start, chunk.end)` that a model's reply quotes, in reply order, each
 * the first occurrence of one quoted piece (character offsets into `text`, end exclusive).
 * Pieces not found word for word (paraphrases, text of another chunk) are left out; `missed`
 * counts them.
 */
export function matchQuotes(
  text: string,
  chunk: Span,
  reply: string,
): { spans: Span[]; missed: number } {
  const haystack = normalise(text, chunk.start, chunk.end);
  const spans: Span[] = [];
  let missed = 0;
  for (const piece of quotePieces(reply)) {
    const needle = normalise(piece).text.replace(/[.。]$/u, '');
    const found = needle === '' ? -1 : haystack.text.indexOf(needle);
    if (found < 0) {
      missed += 1;
      continue;
    }
    const start = haystack.at[found] as number;
    const lastAt = haystack.at[found + needle.length - 1] as number;
    const end = lastAt + (String.fromCodePoint(text.codePointAt(lastAt) ?? 0).length || 1);
    if (!spans.some((s) => s.start === start && s.end === end)) spans.push({ start, end });
  }
  return { spans, missed };
}

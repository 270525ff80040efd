// Find in document: every occurrence of a phrase in the extracted text (offsets, so the reader
// can highlight them in whichever view is showing).

/** More hits than this are not listed (the count says "1000+"). */
export const MAX_HITS = 1000;

/**
 * Occurrences of `query` in `text`, case-insensitive, whitespace in the query matching any run
 * of whitespace (hard-wrapped lines), in text order.
 */
export function findHits(text: string, query: string): { start: number; end: number }[] {
  const re = phrasePattern(query, 'giu');
  if (re === undefined) return [];
  const hits: { start: number; end: number }[] = [];
  for (let m = re.exec(text); m !== null && hits.length < MAX_HITS; m = re.exec(text))
    hits.push({ start: m.index, end: m.index + m[0].length });
  return hits;
}

/**
 * A phrase as a regular expression: its words literally, any run of whitespace between them
 * (the text's line breaks and spaces may differ from the phrase's). Undefined without words.
 */
export function phrasePattern(phrase: string, flags: string): RegExp | undefined {
  const words = phrase.split(/\s+/).filter((w) => w !== '');
  if (words.length === 0) return undefined;
  return new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s+'), flags);
}
